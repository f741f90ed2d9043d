import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { clockShiftBuffer } from "../core/shifted-clock";
import { lastResult, pgliteParsers, type ArrayType } from "./pglite-results";

// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every
// statement runs synchronously on the thread that owns the instance. On the API's own thread, SQL
// and HTTP took turns on one core, and a long statement held every request behind it. Here the
// worker thread runs the SQL while the API's thread goes on with the requests, on the machine's
// second core.
//
// `PgliteThread` offers the part of PGlite's interface drizzle and client.ts use — `query`,
// `transaction`, `listen`, `close` — over a MessagePort. Statements outside a transaction are sent
// at once (the worker runs them in arrival order); a transaction holds the session: statements of
// others wait until it commits or rolls back, exactly as PGlite's own transaction does.
//
// A transaction's statements are answered on a second port, and this thread blocks until the
// answer is there (Atomics.wait on a counter the worker bumps after each such reply) instead of
// waiting for its event loop's turn: every scoring batch is held while a transaction holds the
// session, and most of that time was its replies waiting behind the requests this thread was
// handling. Blocking costs this thread little it could have used: the requests it would handle
// meanwhile wait for the session anyway. It blocks only when nothing else is ahead of the statement
// on the database thread (else it would wait for others' work), and a reply that takes longer than
// SYNC_WAIT_MS is awaited as usual. What it measured: server/bench/README.md.

export type ThreadRequest =
  /**
   * `begin`: open a transaction first (the first statement of one), and run `sql` only if it opened.
   * `sync`: answer on the sync port (see above).
   */
  | { kind: "query"; id: number; sql: string; params?: unknown[]; begin?: boolean; sync?: boolean }
  | { kind: "listen"; id: number; channel: string }
  | { kind: "unlisten"; id: number; listener: number }
  | { kind: "close"; id: number };

export type ThreadReply =
  /** `arrayTypes`: what the replies' array values are parsed with (pglite-results.ts). */
  | { kind: "ready"; error?: Record<string, unknown>; arrayTypes?: ArrayType[] }
  /**
   * A query's `value` is PostgreSQL's raw reply (a Uint8Array), parsed on this side. `notify`: on
   * the sync port, the notifications the statement caused (elsewhere they come as messages first).
   */
  | { kind: "result"; id: number; value: unknown; notify?: { listener: number; payload: string }[] }
  | { kind: "error"; id: number; error: Record<string, unknown> }
  | { kind: "notify"; listener: number; payload: string };

export type ThreadResults = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string, typeId?: number) => unknown> };
type Session = { query: (sql: string, params?: unknown[], opts?: QueryOptions) => Promise<ThreadResults> };

/** How long a transaction's statement may block this thread before its reply is awaited instead. */
const SYNC_WAIT_MS = 50;

/** What the worker is started with: the folder, and the port and counter of the sync replies. */
/** `clockShift`: the process's clock offset (server/core/shifted-clock.ts), which the thread's `Date` follows. */
export type ThreadData = { pgDir?: string; syncPort: MessagePort; syncSignal: SharedArrayBuffer; clockShift: SharedArrayBuffer };

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

  private constructor(
    private readonly worker: Worker,
    private readonly syncPort: MessagePort,
    private readonly syncSignal: Int32Array,
  ) {
    worker.on("message", (msg: ThreadReply) => this.onMessage(msg));
    // A sync reply that was not waited for (it took longer than SYNC_WAIT_MS) comes this way.
    syncPort.on("message", (msg: ThreadReply) => this.onMessage(msg));
    syncPort.unref();
    worker.on("error", (err) => this.stop(err));
    worker.on("exit", (code) => this.stop(new Error(`embedded database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and PGlite in it: on `pgDir`, or in memory when undefined. */
  static async start(pgDir?: string): Promise<PgliteThread> {
    const { port1, port2 } = new MessageChannel();
    const syncSignal = new SharedArrayBuffer(4);
    const workerData: ThreadData = { pgDir, syncPort: port2, syncSignal, clockShift: clockShiftBuffer() };
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData, transferList: [port2] });
    const thread = new PgliteThread(worker, port1, new Int32Array(syncSignal));
    await new Promise<void>((resolve, reject) => {
      thread.ready = (error, arrayTypes) => {
        if (error) return reject(rebuildError(error));
        thread.parsers = pgliteParsers(arrayTypes ?? []);
        resolve();
      };
      worker.once("exit", (code) => reject(new Error(`embedded database thread stopped while starting (exit code ${code})`)));
    }).catch(async (err) => {
      port1.close();
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
    for (const n of msg.kind === "result" ? (msg.notify ?? []) : []) this.listeners.get(n.listener)?.(n.payload);
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
    return this.parse(await this.call<Uint8Array>({ kind: "query", sql, params, ...(begin ? { begin } : {}) }), opts);
  }

  private parse(data: Uint8Array, opts?: QueryOptions): ThreadResults {
    const { rows, fields, affectedRows } = lastResult(data, this.parsers, opts);
    return { rows, fields, affectedRows };
  }

  /**
   * One statement of a transaction, its reply waited for by blocking this thread (up to
   * SYNC_WAIT_MS, then as usual). The returned promise is settled when the wait succeeded, so the
   * transaction goes on in this turn's microtasks, before any request's callback.
   */
  private sendBlocking(sql: string, params?: unknown[], opts?: QueryOptions, begin?: boolean): Promise<ThreadResults> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    const reply = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    let seen = Atomics.load(this.syncSignal, 0);
    this.worker.postMessage({ kind: "query", id, sql, params, sync: true, ...(begin ? { begin } : {}) } satisfies ThreadRequest);
    const deadline = performance.now() + SYNC_WAIT_MS;
    while (this.pending.has(id)) {
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.syncSignal, 0, seen, left) === "timed-out") break;
      seen = Atomics.load(this.syncSignal, 0);
      // Ours, or a late reply to an earlier statement whose wait ran out.
      for (let m = receiveMessageOnPort(this.syncPort); m; m = receiveMessageOnPort(this.syncPort))
        this.onMessage(m.message as ThreadReply);
    }
    return reply.then((data) => this.parse(data as Uint8Array, opts));
  }

  /** One statement; waits while a transaction holds the session. */
  async query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<ThreadResults> {
    while (this.gate) await this.gate;
    return this.send(sql, params, opts);
  }

  /**
   * Runs `fn` in a transaction that holds the session: committed if it returns, rolled back if it
   * throws. The BEGIN travels with the first statement (the worker runs that statement only if the
   * transaction opened). While a transaction holds the session every scoring batch waits, so its
   * statements' replies are waited for by blocking (sendBlocking), unless other statements are still
   * ahead of one on the database thread (typically of the first: this thread goes on meanwhile).
   * Statements `fn` sends without awaiting the previous one run in the order sent. A transaction
   * that sent no statement sends nothing.
   */
  async transaction<T>(fn: (tx: Session) => Promise<T>): Promise<T> {
    while (this.gate) await this.gate;
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    let begun = false;
    // Blocking only when nothing is ahead of the statement: else this thread would wait for others' work.
    const send = (sql: string, params?: unknown[], opts?: QueryOptions, begin?: boolean) =>
      this.pending.size > 0 ? this.send(sql, params, opts, begin) : this.sendBlocking(sql, params, opts, begin);
    const query = (sql: string, params?: unknown[], opts?: QueryOptions) => {
      const first = !begun;
      begun = true;
      return send(sql, params, opts, first);
    };
    try {
      let result: T;
      try {
        result = await fn({ query });
      } catch (err) {
        if (begun) await send("rollback").catch(() => {});
        throw err;
      }
      if (begun) await send("commit");
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
    this.syncPort.close();
    await this.worker.terminate();
  }
}
