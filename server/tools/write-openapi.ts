// `npm run openapi:write`: writes the API's two served OpenAPI documents to openapi/*.json, the
// input of `npm run openapi:generate` (the console's wire types and response validators).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { servedDocuments } from "./lib/openapi-documents";

const root = fileURLToPath(new URL("../..", import.meta.url));

for (const { file, text } of await servedDocuments()) {
  const target = path.join(root, file);
  const unchanged = fs.existsSync(target) && fs.readFileSync(target, "utf8") === text;
  if (!unchanged) fs.writeFileSync(target, text);
  console.log(`${file}: ${unchanged ? "unchanged" : "written"} (${text.length.toLocaleString("en")} bytes)`);
}
