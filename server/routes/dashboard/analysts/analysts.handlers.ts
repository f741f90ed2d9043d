import { createRouter } from "../../../http/router";
import { ApiError } from "../../../core/errors";
import {
  AnalystChangeRefused,
  AnalystExistsError,
  createAnalyst,
  listAnalysts,
  serializeAnalyst,
  updateAnalyst,
} from "../../../domain/analysts/analysts";
import { signInWithPassword, signInWithSso } from "../../../domain/analysts/sign-in";
import { endSession } from "../../../domain/analysts/sessions";
import { serializeSession } from "../../../domain/analysts/serialize";
import {
  authenticateRoute,
  createAnalystRoute,
  currentSessionRoute,
  endSessionRoute,
  listAnalystsRoute,
  resolveRoute,
  updateAnalystRoute,
} from "./analysts.routes";

export const analystsRouter = createRouter()
  .openapi(listAnalystsRoute, async (c) => {
    const rows = await listAnalysts(c.get("db"), c.get("analyst")!.accountId);
    return c.json({ object: "list" as const, data: rows.map(serializeAnalyst), has_more: false, next_cursor: null }, 200);
  })
  .openapi(createAnalystRoute, async (c) => {
    const body = c.req.valid("json");
    try {
      const row = await createAnalyst(c.get("db"), { ...body, accountId: c.get("analyst")!.accountId });
      return c.json(serializeAnalyst(row), 201);
    } catch (err) {
      if (err instanceof AnalystExistsError) throw new ApiError("unprocessable", err.message, "email");
      throw err;
    }
  })
  .openapi(updateAnalystRoute, async (c) => {
    try {
      const row = await updateAnalyst(c.get("db"), c.get("analyst")!.accountId, c.req.valid("param").id, c.req.valid("json"));
      if (!row) throw new ApiError("resource_not_found", "No analyst with this id in the account.", "id");
      return c.json(serializeAnalyst(row), 200);
    } catch (err) {
      if (err instanceof AnalystChangeRefused) throw new ApiError("unprocessable", err.message, err.param);
      throw err;
    }
  })
  .openapi(authenticateRoute, async (c) => {
    const { email, password } = c.req.valid("json");
    const outcome = await signInWithPassword(c.get("db"), c.get("analyst")!.accountId, email, password);
    if (!outcome.ok) {
      throw new ApiError(
        "UNAUTHORIZED",
        outcome.reason === "locked" ? "Too many failed sign-in attempts. Try again in 15 minutes." : "Invalid e-mail or password.",
      );
    }
    return c.json(serializeSession(outcome.session, outcome.analyst), 200);
  })
  .openapi(resolveRoute, async (c) => {
    const signedIn = await signInWithSso(c.get("db"), c.get("analyst")!.accountId, c.req.valid("json").email);
    if (!signedIn) throw new ApiError("resource_not_found", "No enabled analyst of this account has this e-mail address.", "email");
    return c.json(serializeSession(signedIn.session, signedIn.analyst), 200);
  })
  .openapi(currentSessionRoute, (c) => {
    // consoleAuth has just checked the session: it is live.
    const { row, analyst } = c.get("analyst")!.session!;
    return c.json(serializeSession(row, analyst), 200);
  })
  .openapi(endSessionRoute, async (c) => {
    const { row, analyst } = c.get("analyst")!.session!;
    const ended = await endSession(c.get("db"), row.id, "signed_out");
    if (!ended) throw new ApiError("UNAUTHORIZED", "The console session has ended.");
    return c.json(serializeSession(ended, analyst), 200);
  });
