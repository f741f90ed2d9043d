import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PgliteStatements, type Notification } from "./pglite-protocol";
import { ARRAY_TYPES_SQL, type ArrayType } from "./pglite-results";
import { pgliteOptions } from "./pglite-settings";
import type { ThreadReply, ThreadRequest } from "./pglite-thread";

// The embedded database's own thread (see pglite-thread.ts). It owns the PGlite instance and
// answers one message per statement, handling the messages one at a time in arrival order (a
// statement that opens a transaction runs its BEGIN first, and nothing may run in between).

if (!parentPort) throw new Error("pglite-worker.ts runs as a worker thread");
const port = parentPort;
const { pgDir } = workerData as { pgDir?: string };

const reply = (msg: ThreadReply, transfer?: ArrayBuffer[]) => port.postMessage(msg, transfer);

/** A database error as plain data: message plus PostgreSQL's fields (code, constraint, detail…). */
function errorData(err: unknown): Record<string, unknown> {
  if (typeof err !== "object" || err === null) return { message: String(err) };
  // Only values a MessagePort can carry (a function or symbol would fail the reply itself).
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) if (v === null || !["object", "function", "symbol"].includes(typeof v)) data[k] = v;
  const { name, message } = err as { name?: unknown; message?: unknown };
  data.name = name;
  // Emscripten's file system throws `ErrnoError { name, errno }`, not an Error and without a message.
  data.message = typeof message === "string" ? message : `${String(name ?? "error")}${"errno" in data ? ` (errno ${String(data.errno)})` : ""}`;
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
  const deliver = (notifications: Notification[]) => {
    for (const n of notifications) for (const listener of channels.get(n.channel) ?? []) reply({ kind: "notify", listener, payload: n.payload });
  };
  const handle = async (msg: ThreadRequest): Promise<void> => {
    try {
      switch (msg.kind) {
        case "query": {
          const { data, notifications } = await statements.raw(msg.sql, msg.params, msg.begin);
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
          port.close();
          break;
        }
      }
    } catch (err) {
      reply({ kind: "error", id: msg.id, error: errorData(err) });
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
