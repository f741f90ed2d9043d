import { Worker } from "node:worker_threads";
import { lastResult, pgliteParsers, type ArrayType } from "./pglite-results";

// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every
// statement runs synchronously on the thread that owns the instance. On the API's own thread, SQL
// and HTTP took turns on one core (the profile of a scoring run: ~55 % of the busy time inside
// PGlite, the rest parsing, validating, scoring and answering), and a 30 ms statement held every
// request behind it. Here the worker thread runs the SQL while the API's thread goes on with the
// requests, on the machine's second core.
//
// `PgliteThread` offers the part of PGlite's interface drizzle and client.ts use — `query`,
// `transaction`, `listen`, `close` — over a MessagePort. Statements outside a transaction are sent
// at once (the worker runs them in arrival order); a transaction holds the session: statements of
// others wait until it commits or rolls back, exactly as PGlite's own transaction does.

export type ThreadRequest =
  /** `begin`: open a transaction first (the first statement of one), and run `sql` only if it opened. */
  | { kind: "query"; id: number; sql: string; params?: unknown[]; begin?: boolean }
  | { kind: "listen"; id: number; channel: string }
  | { kind: "unlisten"; id: number; listener: number }
  | { kind: "close"; id: number };

export type ThreadReply =
  /** `arrayTypes`: what the replies' array values are parsed with (pglite-results.ts). */
  | { kind: "ready"; error?: Record<string, unknown>; arrayTypes?: ArrayType[] }
  /** A query's `value` is PostgreSQL's raw reply (a Uint8Array), parsed on this side. */
  | { kind: "result"; id: number; value: unknown }
  | { kind: "error"; id: number; error: Record<string, unknown> }
  | { kind: "notify"; listener: number; payload: string };

export type ThreadResults = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string, typeId?: number) => unknown> };
type Session = { query: (sql: string, params?: unknown[], opts?: QueryOptions) => Promise<ThreadResults> };

/** An error from the database thread: the message and PostgreSQL's fields (code, constraint…). */
function rebuildError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message ?? "embedded database error"));
  for (const [k, v] of Object.entries(data)) if (k !== "message" && k !== "stack") (err as unknown as Record<string, unknown>)[k] = v;
  return err;
}

export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  /** Set while a transaction holds the session; opened when it ends. */
  private gate: Promise<void> | null = null;
  private stopped: Error | null = null;
  private closing = false;
  private resolveFailure: (err: Error) => void = () => {};
  /**
   * Settles if the thread stops without close() (a WebAssembly abort, an uncaught error), with the
   * error every later statement gets. The process cannot go on without its database.
   */
  readonly failure = new Promise<Error>((resolve) => (this.resolveFailure = resolve));

  private constructor(private readonly worker: Worker) {
    worker.on("message", (msg: ThreadReply) => this.onMessage(msg));
    worker.on("error", (err) => this.stop(err));
    worker.on("exit", (code) => this.stop(new Error(`embedded database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and PGlite in it: on `pgDir`, or in memory when undefined. */
  static async start(pgDir?: string): Promise<PgliteThread> {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { pgDir } });
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      thread.ready = (error, arrayTypes) => {
        if (error) return reject(rebuildError(error));
        thread.parsers = pgliteParsers(arrayTypes ?? []);
        resolve();
      };
      worker.once("exit", (code) => reject(new Error(`embedded database thread stopped while starting (exit code ${code})`)));
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    return thread;
  }

  private ready: (error?: Record<string, unknown>, arrayTypes?: ArrayType[]) => void = () => {};
  private parsers: ReturnType<typeof pgliteParsers> = {};

  get closed(): boolean {
    return this.closing || this.stopped !== null;
  }

  private onMessage(msg: ThreadReply): void {
    if (msg.kind === "ready") return this.ready(msg.error, msg.arrayTypes);
    if (msg.kind === "notify") return this.listeners.get(msg.listener)?.(msg.payload);
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.kind === "result") p.resolve(msg.value);
    else p.reject(rebuildError(msg.error));
  }

  private stop(err: Error): void {
    if (this.stopped) return;
    this.stopped = err;
    if (!this.closing) this.resolveFailure(err);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private call<T>(req: DistributiveOmit<ThreadRequest, "id">, id = this.nextId++): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...req, id });
    });
  }

  private async send(sql: string, params?: unknown[], opts?: QueryOptions, begin?: boolean): Promise<ThreadResults> {
    const data = await this.call<Uint8Array>({ kind: "query", sql, params, ...(begin ? { begin } : {}) });
    const { rows, fields, affectedRows } = lastResult(data, this.parsers, opts);
    return { rows, fields, affectedRows };
  }

  /** One statement; waits while a transaction holds the session. */
  async query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<ThreadResults> {
    while (this.gate) await this.gate;
    return this.send(sql, params, opts);
  }

  /**
   * Runs `fn` in a transaction that holds the session: committed if it returns, rolled back if it
   * throws. The BEGIN travels with the first statement (the worker runs that statement only if the
   * transaction opened): each crossing waits for the other thread's turn, and while a transaction
   * holds the session every scoring batch waits for its crossings too. A transaction that sent no
   * statement sends nothing. Statements `fn` sends without awaiting the previous one cross
   * together and run in the order sent.
   */
  async transaction<T>(fn: (tx: Session) => Promise<T>): Promise<T> {
    while (this.gate) await this.gate;
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    let begun = false;
    const query = (sql: string, params?: unknown[], opts?: QueryOptions) => {
      const first = !begun;
      begun = true;
      return this.send(sql, params, opts, first);
    };
    try {
      let result: T;
      try {
        result = await fn({ query });
      } catch (err) {
        if (begun) await this.send("rollback").catch(() => {});
        throw err;
      }
      if (begun) await this.send("commit");
      return result;
    } finally {
      this.gate = null;
      open();
    }
  }

  /** Calls `onNotify` for each NOTIFY on `channel`, before the result of the statement that caused it. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.nextId++;
    this.listeners.set(id, onNotify);
    await this.call({ kind: "listen", channel }, id);
    return async () => {
      this.listeners.delete(id);
      if (!this.closed) await this.call({ kind: "unlisten", listener: id });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Before the worker can exit: an exit after close() is not a failure.
    this.closing = true;
    while (this.gate) await this.gate;
    await this.call({ kind: "close" });
    await this.worker.terminate();
  }
}

