import { parseArgs } from "node:util";
import { runAdmin } from "./run-admin";
import { fail, report } from "./cli-output";

const usage = `Usage:
  npm run --silent users -- add --account NAME --email E --role analyst|lead|admin --password P [--name N] [--json]`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      account: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const json = values.json ?? false;
  if (positionals[0] !== "add") fail(json, "the only command is add", usage);
  if (!values.account || !values.email || !values.role || !values.password) {
    fail(json, "add needs --account, --email, --role and --password", usage);
  }
  return report(
    json,
    () => runAdmin("users.add", { account: values.account, email: values.email, role: values.role, password: values.password, name: values.name }),
    (a: { id: string; email: string; role: string }) => `Added ${a.role} ${a.email} (${a.id}).`,
  );
}

await main();
