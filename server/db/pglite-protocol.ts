import { messages as pgMessages, parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { lastResult, messagesOf } from "./pglite-results";

// How the embedded database's thread (pglite-worker.ts) hands a statement to PGlite: one call into
// the WebAssembly module per statement instead of PGlite's own six.
//
// PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six separate calls,
// each with its reply parsed before the next, and parses and plans the text again every time. Here
// a parameterized statement is Parsed once under a name (with a Describe for its parameter types)
// and from then on sent as Bind, Describe, Execute, Sync in one call; one without parameters goes
// as Parse, Bind, Describe, Execute, Sync of the unnamed statement in one call, or, for the shapes
// the simple protocol can carry, as one Query message. A small named statement costs about a
// third of what it costs through `query` (server/bench/README.md).
//
// Plans are not changed by naming: PGlite has one session, and the scoring pipeline sets
// `plan_cache_mode = force_generic_plan` in it (scoring/prepared.ts), which already applied to
// PGlite's unnamed statements. Values are serialized by the parameter types PostgreSQL inferred,
// with PGlite's own serializers, exactly as `query` does.
//
// The answer is not parsed here: a call returns PostgreSQL's raw reply (`raw`), which the API's
// thread turns into rows with PGlite's parsers (pglite-results.ts). This thread only walks the
// message headers, for an error (then it parses the reply to throw PGlite's DatabaseError, as
// PGlite's own calls do), for NOTIFYs to hand on, and to count results.

const { serialize } = protocol;

/** Statements kept prepared at most; the least recently used is closed beyond it. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * EXECUTEs of prepared statements (the scoring batches' two statements, their arguments quoted as
 * literals: scoring/sql-literals.ts) and BEGIN / COMMIT / ROLLBACK go by PostgreSQL's simple query
 * protocol: one Query message, which PostgreSQL answers with less work than the unnamed statement's
 * Parse, Bind, Describe, Execute. Only these shapes, and only without parameters: the simple
 * protocol runs every statement a text holds, where the extended one refuses a second.
 */
const SIMPLE = /^\s*(execute\s+\w+\s*\(|(begin|commit|rollback)\s*$)/i;

type Prepared = { name: string; paramTypes: number[] };

/** A NOTIFY the call's statements caused (delivered when their transaction committed). */
export type Notification = { channel: string; payload: string };

/** PostgreSQL's reply to one call, unparsed, and what this thread needed from it. */
export type RawReply = { data: Uint8Array; notifications: Notification[] };

const ERROR = 0x45; // 'E' ErrorResponse
const NOTIFICATION = 0x41; // 'A' NotificationResponse
const COMMAND_COMPLETE = 0x43; // 'C'

/**
 * Walks the reply's message headers (a type byte and a length each). Throws PostgreSQL's first
 * error as PGlite's DatabaseError; returns the NOTIFYs and how many statements completed.
 */
function inspect(data: Uint8Array): { notifications: Notification[]; completed: number } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let completed = 0;
  let notified = false;
  for (let at = 0; at + 5 <= data.length;) {
    const type = data[at];
    const length = view.getInt32(at + 1);
    if (length < 4) throw new Error("embedded database: malformed reply");
    if (type === ERROR) {
      const error = messagesOf(data).find((m) => m instanceof pgMessages.DatabaseError);
      throw error ?? new Error("embedded database: unreadable error response");
    }
    if (type === NOTIFICATION) notified = true;
    else if (type === COMMAND_COMPLETE) completed++;
    at += 1 + length;
  }
  if (!notified) return { notifications: [], completed };
  const notifications = messagesOf(data)
    .filter((m): m is InstanceType<typeof pgMessages.NotificationResponseMessage> => m instanceof pgMessages.NotificationResponseMessage)
    .map((m) => ({ channel: m.channel, payload: m.payload }));
  return { notifications, completed };
}

// Names unique in this thread: one instance serves the session, and another one (a test) may share it.
let lastName = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** PGlite's DatabaseError carries the statement's text, as its own `query` does. */
function withQuery(err: unknown, sql: string): unknown {
  if (err instanceof Error && "code" in err) Object.assign(err, { query: sql });
  return err;
}

// A statement that opens a transaction carries its BEGIN through the extended protocol, in the
// same call: after an error PostgreSQL skips every message up to the Sync, so the statement runs
// only if the transaction opened.
const BEGIN = concat([serialize.parse({ text: "begin" }), serialize.bind({}), serialize.execute({})]);

export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  /** Close messages for evicted statements, sent ahead of the next statement. */
  private closing: Uint8Array[] = [];

  constructor(
    private readonly db: PGlite,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  /** How many statements are prepared now (for tests). */
  get size(): number {
    return this.prepared.size;
  }

  /**
   * Runs one statement (after a BEGIN when `begin`) and returns PostgreSQL's reply unparsed, with
   * the NOTIFYs it caused. The reply's last result is the statement's (see `lastResult`).
   */
  async raw(sql: string, params: unknown[] | undefined, begin = false): Promise<RawReply> {
    try {
      if (!params?.length && SIMPLE.test(sql)) return await this.simple(sql, begin);
      return await this.extended(sql, params ?? [], begin);
    } catch (err) {
      throw withQuery(err, sql);
    }
  }

  /** `raw`, parsed here with PGlite's parsers: as PGlite's `query` answers. */
  async query(sql: string, params: unknown[] | undefined, opts: QueryOptions = {}, begin = false): Promise<Results> {
    return lastResult((await this.raw(sql, params, begin)).data, this.db.parsers, opts);
  }

  /**
   * One call into PGlite, evicted statements' Close messages first. The reply is collected as
   * PostgreSQL writes it, without PGlite parsing it on the way (its `execProtocolStream` does).
   */
  private async send(parts: Uint8Array[]): Promise<{ data: Uint8Array; notifications: Notification[]; completed: number }> {
    const message = concat([...this.closing, ...parts]);
    this.closing = [];
    const chunks: Uint8Array[] = [];
    // `chunk` is a view of the module's memory: copied before the next write reuses it.
    await this.db.execProtocolRawStream(message, { onRawData: (chunk) => void chunks.push(chunk.slice()) });
    // Its own buffer, exactly the reply: the worker transfers it to the API's thread.
    const reply = chunks.length === 1 ? chunks[0]! : concat(chunks);
    // Throws PostgreSQL's first error, the whole call having run (its Sync included).
    return { data: reply, ...inspect(reply) };
  }

  private async simple(sql: string, begin: boolean): Promise<RawReply> {
    // One Query message; "begin; …" is one implicit block, so an error in BEGIN skips the rest.
    const { data, notifications, completed } = await this.send([serialize.query(begin ? `begin; ${sql}` : sql)]);
    const expected = begin ? 2 : 1;
    if (Math.max(completed, 1) !== expected)
      throw new Error(`expected one statement's result, got ${Math.max(completed, 1) - expected + 1}`);
    return { data, notifications };
  }

  private async extended(sql: string, params: unknown[], begin: boolean, retry = true): Promise<RawReply> {
    let head: Uint8Array[] = begin ? [BEGIN] : [];
    if (params.length === 0) {
      // Without parameters (migrations' DDL, ANALYZE, VACUUM, `select 1`): the unnamed statement,
      // in one call, not kept.
      const { data, notifications } = await this.send([
        ...head,
        serialize.parse({ text: sql }),
        serialize.bind({}),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      return { data, notifications };
    }
    let statement = this.prepared.get(sql);
    if (statement) {
      // Most recently used last: Map keeps insertion order.
      this.prepared.delete(sql);
      this.prepared.set(sql, statement);
    } else {
      statement = await this.prepare(sql, head);
      head = []; // the BEGIN went with the Parse
    }
    const values = params.map((value, i) => this.serialize(value, statement.paramTypes[i]));
    try {
      const { data, notifications } = await this.send([
        ...head,
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      return { data, notifications };
    } catch (err) {
      // The statement is gone (DEALLOCATE ALL, DISCARD ALL) or no longer fits the table it reads
      // (its columns changed): prepared again next time, or now when no transaction was aborted.
      const code = (err as { code?: string }).code;
      if (code !== "26000" && code !== "0A000") throw err;
      this.forget(sql);
      if (!retry || this.db.isInTransaction()) throw err;
      return this.extended(sql, params, false, false);
    }
  }

  private async prepare(sql: string, head: Uint8Array[]): Promise<Prepared> {
    const name = `argus_s${++lastName}`;
    const { data } = await this.send([
      ...head,
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messagesOf(data)) };
    this.prepared.set(sql, statement);
    if (this.prepared.size > this.capacity) {
      const [oldest] = this.prepared.keys();
      this.forget(oldest!);
    }
    return statement;
  }

  private forget(sql: string): void {
    const statement = this.prepared.get(sql);
    if (!statement) return;
    this.prepared.delete(sql);
    this.closing.push(serialize.close({ type: "S", name: statement.name }));
  }

  /** As PGlite's `query` serializes: by the parameter's type, else the value's text. */
  private serialize(value: unknown, oid: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = oid === undefined ? undefined : this.db.serializers[oid];
    return serializer ? serializer(value) : String(value);
  }
}
