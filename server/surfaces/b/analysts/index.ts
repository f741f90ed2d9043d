import { createRouter } from "../../../http/router";
import { ApiError } from "../../../http/errors";
import {
  AnalystExistsError,
  authenticateAnalyst,
  createAnalyst,
  listAnalysts,
  serializeAnalyst,
} from "../../../domain/analysts/analysts";
import { authenticateRoute, createAnalystRoute, listAnalystsRoute } from "./routes";

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
  });
