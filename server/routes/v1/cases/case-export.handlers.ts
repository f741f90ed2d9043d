import { createRouter } from "../../../http/router";
import { keyScope } from "../../../http/key-scope";
import { exportCase } from "../../../domain/cases/export";
import { exportCaseRoute } from "./case-export.routes";

export const caseExportRouter = createRouter().openapi(exportCaseRoute, async (c) => {
  return c.json(await exportCase(c.get("db"), keyScope(c), c.req.valid("param").id), 200);
});
