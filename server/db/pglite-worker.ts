import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { PgliteStatements } from "./pglite-protocol";
import { pgliteOptions } from "./pglite-settings";
import type { ThreadReply, ThreadRequest } from "./pglite-thread";

// The embedded database's own thread (see pglite-thread.ts). It owns the PGlite instance and
// answers one message per statement, handling the messages one at a time in arrival order (a
// statement that opens a transaction runs its BEGIN first, and nothing may run in between).

if (!parentPort) throw new Error("pglite-worker.ts runs as a worker thread");
const port = parentPort;
const { pgDir } = workerData as { pgDir?: string };

const reply = (msg: ThreadReply) => port.postMessage(msg);
const identity = (value: unknown) => value;

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

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create(pgliteOptions(pgDir));
  } catch (err) {
    reply({ kind: "ready", error: errorData(err) });
    return;
  }
  const statements = new PgliteStatements(db);
  const unlisten = new Map<number, () => Promise<void>>();
  const handle = async (msg: ThreadRequest): Promise<void> => {
    try {
      switch (msg.kind) {
        case "query": {
          // Drizzle passes identity parsers for the date and interval types (it parses them itself);
          // functions cannot cross threads, so the caller names the types and they are rebuilt here.
          const opts: QueryOptions = { rowMode: msg.rowMode };
          if (msg.rawTypes?.length) opts.parsers = Object.fromEntries(msg.rawTypes.map((oid) => [oid, identity]));
          const r = await statements.query(msg.sql, msg.params, opts, msg.begin);
          reply({ kind: "result", id: msg.id, value: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
          break;
        }
        case "listen": {
          const stop = await db.listen(msg.channel, (payload) => reply({ kind: "notify", listener: msg.id, payload }));
          unlisten.set(msg.id, stop);
          reply({ kind: "result", id: msg.id, value: null });
          break;
        }
        case "unlisten": {
          await unlisten.get(msg.listener)?.();
          unlisten.delete(msg.listener);
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
  reply({ kind: "ready" });
}

void main();
