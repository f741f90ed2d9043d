import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { installShiftedClock } from "../core/shifted-clock";
import { PgliteStatements, type Notification } from "./pglite-protocol";
import { ARRAY_TYPES_SQL, type ArrayType } from "./pglite-results";
import { pgliteOptions } from "./pglite-settings";
import type { ThreadData, ThreadReply, ThreadRequest } from "./pglite-thread";

// The embedded database's own thread (see pglite-thread.ts). It owns the PGlite instance and
// answers one message per statement, handling the messages one at a time in arrival order (a
// statement that opens a transaction runs its BEGIN first, and nothing may run in between).

if (!parentPort) throw new Error("pglite-worker.ts runs as a worker thread");
const port = parentPort;
const { pgDir, syncPort, syncSignal, clockShift } = workerData as ThreadData;
// PGlite reads the time through `Date.now()`: SQL now() and defaults follow the process's clock offset.
installShiftedClock(clockShift);
const replies = new Int32Array(syncSignal);

const reply = (msg: ThreadReply, transfer?: ArrayBuffer[]) => port.postMessage(msg, transfer);
/** A reply the API's thread may be blocked waiting for: posted, then the counter it waits on bumped. */
const replySync = (msg: ThreadReply, transfer?: ArrayBuffer[]) => {
  syncPort.postMessage(msg, transfer);
  Atomics.add(replies, 0, 1);
  Atomics.notify(replies, 0);
};

/** A database error as plain data: message plus PostgreSQL's fields (code, constraint, detail…). */
function errorData(err: unknown): Record<string, unknown> {
  if (typeof err !== "object" || err === null) return { message: String(err) };
  // Only values a MessagePort can carry (a function or symbol would fail the reply itself).
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) if (v === null || !["object", "function", "symbol"].includes(typeof v)) data[k] = v;
  const { name, message } = err as { name?: unknown; message?: unknown };
  data.name = name;
  // Emscripten's file system throws `ErrnoError { name, errno }`, not an Error and without a message.
  data.message =
    typeof message === "string" ? message : `${String(name ?? "error")}${"errno" in data ? ` (errno ${String(data.errno)})` : ""}`;
  return data;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function main(): Promise<void> {
  let db: PGlite;
  let arrayTypes: ArrayType[];
  try {
    db = await PGlite.create(pgliteOptions(pgDir));
    // The API's thread parses the replies with the same parsers PGlite built (pglite-results.ts).
    arrayTypes = (await db.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL)).rows.map((r) => [r.oid, r.typarray]);
  } catch (err) {
    reply({ kind: "ready", error: errorData(err) });
    return;
  }
  const statements = new PgliteStatements(db);
  // Listener ids by channel. The channel is taken literally (LISTEN of the quoted name).
  const channels = new Map<string, Set<number>>();
  const addressed = (notifications: Notification[]) =>
    notifications.flatMap((n) => [...(channels.get(n.channel) ?? [])].map((listener) => ({ listener, payload: n.payload })));
  const deliver = (notifications: Notification[]) => {
    for (const n of addressed(notifications)) reply({ kind: "notify", ...n });
  };
  const handle = async (msg: ThreadRequest): Promise<void> => {
    try {
      switch (msg.kind) {
        case "query": {
          const { data, notifications } = await statements.raw(msg.sql, msg.params, msg.begin);
          if (msg.sync) {
            replySync({ kind: "result", id: msg.id, value: data, notify: addressed(notifications) }, [data.buffer as ArrayBuffer]);
            break;
          }
          // Before the result, as PGlite calls its listeners before its query resolves.
          deliver(notifications);
          reply({ kind: "result", id: msg.id, value: data }, [data.buffer as ArrayBuffer]);
          break;
        }
        case "listen": {
          const listeners = channels.get(msg.channel) ?? new Set<number>();
          if (listeners.size === 0) deliver((await statements.raw(`listen ${quoteIdent(msg.channel)}`, [])).notifications);
          listeners.add(msg.id);
          channels.set(msg.channel, listeners);
          reply({ kind: "result", id: msg.id, value: null });
          break;
        }
        case "unlisten": {
          for (const [channel, listeners] of channels) {
            if (!listeners.delete(msg.listener) || listeners.size > 0) continue;
            channels.delete(channel);
            await statements.raw(`unlisten ${quoteIdent(channel)}`, []);
          }
          reply({ kind: "result", id: msg.id, value: null });
          break;
        }
        case "close": {
          await db.close();
          reply({ kind: "result", id: msg.id, value: null });
          syncPort.close();
          port.close();
          break;
        }
      }
    } catch (err) {
      (msg.kind === "query" && msg.sync ? replySync : reply)({ kind: "error", id: msg.id, error: errorData(err) });
    }
  };
  // One message at a time: `handle` never rejects, so the chain never breaks.
  let turn: Promise<void> = Promise.resolve();
  port.on("message", (msg: ThreadRequest) => {
    turn = turn.then(() => handle(msg));
  });
  reply({ kind: "ready", arrayTypes });
}

void main();
