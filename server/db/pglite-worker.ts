import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
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

/**
 * EXECUTEs of prepared statements (the scoring batches' two statements, their arguments quoted as
 * literals: scoring/sql-literals.ts) and BEGIN / COMMIT / ROLLBACK go by PostgreSQL's simple query
 * protocol (PGlite's `exec`): one Query message and a Sync, where `query` sends Parse, Describe,
 * Bind, Describe, Execute and Sync, each a call into the WebAssembly module with its reply parsed
 * in JavaScript. Measured on PGlite here: `select 1` 178–202 µs against 296–384 µs, the EXECUTE of
 * a 20-row insert 459–477 against 537–561 µs; at 300 scores/s (a slow day) this thread was busy
 * 86–87 % of the time instead of 87–88 %. Only these shapes, and only without parameters: the
 * simple protocol runs every statement a text holds, where the extended one refuses a second.
 */
const SIMPLE = /^\s*(execute\s+\w+\s*\(|(begin|commit|rollback)\s*$)/i;

async function run(db: PGlite, sql: string, params: unknown[] | undefined, opts: QueryOptions): Promise<Results> {
  if (params?.length || !SIMPLE.test(sql)) return db.query(sql, params, opts);
  const [result, ...more] = await db.exec(sql, opts);
  if (!result || more.length > 0) throw new Error(`expected one statement's result, got ${more.length + (result ? 1 : 0)}`);
  return result;
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create(pgliteOptions(pgDir));
  } catch (err) {
    reply({ kind: "ready", error: errorData(err) });
    return;
  }
  const unlisten = new Map<number, () => Promise<void>>();
  const handle = async (msg: ThreadRequest): Promise<void> => {
    try {
      switch (msg.kind) {
        case "query": {
          // Drizzle passes identity parsers for the date and interval types (it parses them itself);
          // functions cannot cross threads, so the caller names the types and they are rebuilt here.
          const opts: QueryOptions = { rowMode: msg.rowMode };
          if (msg.rawTypes?.length) opts.parsers = Object.fromEntries(msg.rawTypes.map((oid) => [oid, identity]));
          if (msg.begin) await db.exec("begin");
          const r = await run(db, msg.sql, msg.params, opts);
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
