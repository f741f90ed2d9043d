import { createRouter } from "../../../http/router";
import { ApiError } from "../../../http/errors";
import {
  AnalystExistsError,
  authenticateAnalyst,
  createAnalyst,
  findEnabledAnalystByEmail,
  listAnalysts,
  serializeAnalyst,
} from "../../../domain/analysts/analysts";
import { authenticateRoute, createAnalystRoute, listAnalystsRoute, resolveRoute } from "./routes";

export const analystsRouter = createRouter()
  .openapi(listAnalystsRoute, async (c) => {
    const rows = await listAnalysts(c.get("db"), c.get("analyst")!.accountId!);
    return c.json({ object: "list" as const, data: rows.map(serializeAnalyst), has_more: false, next_cursor: null }, 200);
  })
  .openapi(createAnalystRoute, async (c) => {
    const body = c.req.valid("json");
    try {
      const row = await createAnalyst(c.get("db"), { ...body, accountId: c.get("analyst")!.accountId! });
      return c.json(serializeAnalyst(row), 201);
    } catch (err) {
      if (err instanceof AnalystExistsError) throw new ApiError("unprocessable", err.message, "email");
      throw err;
    }
  })
  .openapi(authenticateRoute, async (c) => {
    const { email, password } = c.req.valid("json");
    const outcome = await authenticateAnalyst(c.get("db"), email, password);
    if (!outcome.ok) {
      throw new ApiError(
        "UNAUTHORIZED",
        outcome.reason === "locked"
          ? "Too many failed sign-in attempts. Try again in 15 minutes."
          : "Invalid e-mail or password.",
      );
    }
    return c.json(serializeAnalyst(outcome.analyst), 200);
  })
  .openapi(resolveRoute, async (c) => {
    const row = await findEnabledAnalystByEmail(c.get("db"), c.req.valid("json").email);
    if (!row) throw new ApiError("resource_not_found", "No enabled analyst has this e-mail address.", "email");
    return c.json(serializeAnalyst(row), 200);
  });
