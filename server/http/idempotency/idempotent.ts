import type { Context, TypedResponse } from "hono";
import { routePath } from "hono/route";
import type { Db } from "../../db/client";
import type { AppEnv } from "../context";
import { ApiError } from "../../core/errors";
import { requestFingerprint } from "./fingerprint";
import { claimKeyBatched } from "./claim-batch";
import { holdClaim } from "./lease";
import { completeKey, releaseKey, type KeyRef } from "./store";

/**
 * Version of the stored-response contract. Bump it when a response shape changes incompatibly:
 * Surface B then answers replays of older responses with 409 idempotency_not_replayable.
 */
export const CONTRACT_VERSION = 1;

export type HandlerResult = { status: number; body: unknown };
/** A response typed as any of the route's declared responses (the body is the handler's result). */
export type IdempotentResponse = Response & TypedResponse<never, never, "json">;

const A_KEY_RE = /^[\x21-\x7e]{1,255}$/;
const B_KEY_RE = /^[A-Za-z0-9._~-]{16,128}$/;
const WAIT_LIMIT_MS = 30_000;

class NotStored extends Error {
  constructor(readonly result: HandlerResult) {
    super("not stored");
  }
}

function keyOf(c: Context<AppEnv>, surface: "a" | "b", body: unknown, bodyField?: string): { key?: string; param: string } {
  if (surface === "b") {
    const key = c.req.header("x-idempotency-key");
    if (key === undefined || key === "") {
      throw new ApiError(
        "missing_required_field",
        "X-Idempotency-Key is required: one key per transaction, reused for a retry of it.",
        "X-Idempotency-Key",
      );
    }
    if (!B_KEY_RE.test(key)) {
      throw new ApiError(
        "invalid_field_value",
        "X-Idempotency-Key must be 16 to 128 url-safe characters (A-Z a-z 0-9 - _ . ~).",
        "X-Idempotency-Key",
      );
    }
    return { key, param: "X-Idempotency-Key" };
  }
  const header = c.req.header("idempotency-key");
  const fromBody = bodyField ? (body as Record<string, unknown> | null)?.[bodyField] : undefined;
  if (header !== undefined) {
    if (!A_KEY_RE.test(header))
      throw new ApiError("invalid_field_value", "Idempotency-Key must be 1 to 255 visible ASCII characters.", "Idempotency-Key");
    // Two different keys for one request: which one a retry will send is anyone's guess.
    if (fromBody !== undefined && fromBody !== null && fromBody !== header) {
      throw new ApiError(
        "invalid_field_value",
        `${bodyField} differs from the Idempotency-Key header: send the key once, or the same in both.`,
        bodyField,
      );
    }
    return { key: header, param: "Idempotency-Key" };
  }
  if (fromBody === undefined || fromBody === null) return { param: bodyField ?? "Idempotency-Key" };
  if (typeof fromBody !== "string" || !A_KEY_RE.test(fromBody)) {
    throw new ApiError("invalid_field_value", `${bodyField} must be 1 to 255 visible ASCII characters.`, bodyField);
  }
  return { key: fromBody, param: bodyField as string };
}

/** Runs the handler in a transaction; a non-2xx result rolls its writes back and is still answered. */
async function inTransaction(
  rootDb: Db,
  run: (db: Db) => Promise<HandlerResult>,
  onSuccess: (tx: Db, r: HandlerResult) => Promise<void>,
): Promise<HandlerResult> {
  try {
    return await rootDb.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const r = await run(tx);
      if (r.status < 200 || r.status >= 300) throw new NotStored(r);
      await onSuccess(tx, r);
      return r;
    });
  } catch (err) {
    if (err instanceof NotStored) return err.result;
    throw err;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withoutField(body: unknown, field?: string): unknown {
  if (!field || body === null || typeof body !== "object" || !(field in body)) return body;
  const { [field]: _key, ...rest } = body as Record<string, unknown>;
  return rest;
}

/**
 * Runs a creating handler under the idempotency rules of its surface.
 * - Surface A (`Idempotency-Key`, or a body field such as `idempotency_key`): the first request's
 *   2xx response is stored for 24 h in the same transaction as its writes; the same key and body
 *   replays it; another body is 409 `idempotency_conflict`; concurrent duplicates wait for the first
 *   and replay its response. Non-2xx results are not stored, so a corrected retry may reuse the key.
 * - Surface B (`X-Idempotency-Key`, required): in flight 409, other payload 422,
 *   a response stored under an older contract 409 not replayable.
 * Called after validation, so the order of checks stays 400 before 409/422.
 *
 * By default the handler runs in a transaction, with or without a key: its writes (a case, its
 * audit entries and its webhook; a decision and the transaction's new state) commit together or
 * not at all, and a non-2xx result rolls them back. With a key the same transaction stores the
 * response. With `pipelined`, the handler receives the root handle and the claimed key (if any)
 * instead, and must store its 2xx response under it in the same atomic write as its effects (the
 * scoring pipeline does: persist.ts); on failure or a non-2xx result the claim is released here.
 */
export async function idempotent(
  c: Context<AppEnv>,
  opts: { surface: "a" | "b"; bodyField?: string; pipelined?: boolean },
  run: (db: Db, claimed?: KeyRef) => Promise<HandlerResult>,
): Promise<IdempotentResponse> {
  const rootDb = c.get("db");
  const body = await c.req.json().catch(() => ({}));
  const { key } = keyOf(c, opts.surface, body, opts.bodyField);
  const respond = (r: HandlerResult, replayed = false): IdempotentResponse => {
    if (replayed) c.header("Idempotent-Replayed", "true");
    return c.json(r.body as object, r.status as 200) as unknown as IdempotentResponse;
  };
  if (!key) {
    if (opts.pipelined) return respond(await run(rootDb));
    return respond(await inTransaction(rootDb, run, async () => {}));
  }

  const principal = c.get("key");
  if (!principal) throw new Error("idempotent() needs an authenticated key");
  const ref: KeyRef = { accountId: principal.accountId, environment: principal.environment, surface: opts.surface, key };
  // The key is not part of the request it names: the same body sent once with the key in the body
  // field and once in the header is the same request.
  const fingerprint = requestFingerprint(c.req.method, routePath(c), withoutField(body, opts.bodyField));
  // Keys claimed before that change (they live 24 h) were fingerprinted with the field in.
  const former =
    opts.bodyField && body && typeof body === "object" && opts.bodyField in body
      ? requestFingerprint(c.req.method, routePath(c), body)
      : undefined;
  const started = Date.now();

  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    const claim = await claimKeyBatched(rootDb, ref, fingerprint, CONTRACT_VERSION, former);
    switch (claim.kind) {
      case "conflict":
        throw opts.surface === "a"
          ? new ApiError(
              "idempotency_conflict",
              "This Idempotency-Key was already used with a different request (another body, or another endpoint).",
            )
          : new ApiError(
              "idempotency_key_reused",
              "This X-Idempotency-Key was already used with a different payload, or on the other of analyze and analyze/sandbox. Use a new key per distinct transaction.",
            );
      case "completed":
        if (opts.surface === "b" && claim.contractVersion !== CONTRACT_VERSION) {
          throw new ApiError(
            "idempotency_not_replayable",
            "The stored response for this X-Idempotency-Key can no longer be replayed: it was saved under an earlier contract. The transaction is already scored; use a new key.",
          );
        }
        return respond({ status: claim.status, body: claim.body }, true);
      case "in_progress":
        if (opts.surface === "b") {
          throw new ApiError(
            "idempotency_in_progress",
            "A request with this X-Idempotency-Key is already in progress. Retry with backoff and the same key.",
          );
        }
        if (Date.now() - started > WAIT_LIMIT_MS) {
          throw new ApiError(
            "idempotency_in_progress",
            "A request with this Idempotency-Key is still in progress. Retry later with the same key.",
          );
        }
        await sleep(wait);
        continue;
      case "owner": {
        const release = () => releaseKey(rootDb, ref).catch((e) => c.get("log").error({ err: e }, "idempotency release failed"));
        // Renewed while the request runs: a duplicate waits for a live owner, however slow, and
        // takes over from a dead one once the lease lapses.
        const unhold = holdClaim(rootDb, ref);
        let result: HandlerResult;
        try {
          result = opts.pipelined
            ? await run(rootDb, ref)
            : await inTransaction(rootDb, run, (tx, r) => completeKey(tx, ref, r.status, r.body));
        } catch (err) {
          await release();
          throw err;
        } finally {
          unhold();
        }
        // A non-2xx result is not stored (and was rolled back): a corrected retry may reuse the key.
        if (result.status < 200 || result.status >= 300) await release();
        return respond(result);
      }
    }
  }
}
