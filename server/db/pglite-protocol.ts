import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

// How the embedded database's thread (pglite-worker.ts) hands a statement to PGlite: one call into
// the WebAssembly module per statement instead of PGlite's own six.
//
// PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six separate calls,
// each with its reply parsed before the next, and parses and plans the text again every time. Here
// a parameterized statement is Parsed once under a name (with a Describe for its parameter types)
// and from then on sent as Bind, Describe, Execute, Sync in one call; one without parameters goes
// as Parse, Bind, Describe, Execute, Sync of the unnamed statement in one call, or, for the shapes
// the simple protocol can carry, as one Query message. Measured in process on a
// two-parameter primary-key select: 200–290 µs per statement through `query`, 60–80 µs named.
//
// Plans are not changed by naming: PGlite has one session, and the scoring pipeline sets
// `plan_cache_mode = force_generic_plan` in it (scoring/prepared.ts), which already applied to
// PGlite's unnamed statements. Values are serialized by the parameter types PostgreSQL inferred,
// with PGlite's own serializers, exactly as `query` does; rows are parsed by PGlite's parsers.

const { serialize } = protocol;

/** Statements kept prepared at most; the least recently used is closed beyond it. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * EXECUTEs of prepared statements (the scoring batches' two statements, their arguments quoted as
 * literals: scoring/sql-literals.ts) and BEGIN / COMMIT / ROLLBACK go by PostgreSQL's simple query
 * protocol: one Query message, which PostgreSQL answers with less work than the unnamed statement's
 * Parse, Bind, Describe, Execute (EXECUTE of a 2-row insert 44–48 µs against 67–70 µs, of a
 * 16-row one 80–84 against 100–116 µs, in process). Only these shapes, and only without
 * parameters: the simple protocol runs every statement a text holds, where the extended one
 * refuses a second.
 */
const SIMPLE = /^\s*(execute\s+\w+\s*\(|(begin|commit|rollback)\s*$)/i;

type Prepared = { name: string; paramTypes: number[] };

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

  async query(sql: string, params: unknown[] | undefined, opts: QueryOptions, begin = false): Promise<Results> {
    try {
      if (!params?.length && SIMPLE.test(sql)) return await this.simple(sql, opts, begin);
      return await this.extended(sql, params ?? [], opts, begin);
    } catch (err) {
      throw withQuery(err, sql);
    }
  }

  /** One call into PGlite, evicted statements' Close messages first. */
  private send(parts: Uint8Array[]) {
    const message = concat([...this.closing, ...parts]);
    this.closing = [];
    // Throws PostgreSQL's first error once the whole call has run (its Sync included).
    return this.db.execProtocolStream(message);
  }

  private async call(parts: Uint8Array[], opts: QueryOptions): Promise<Results[]> {
    return parse.parseResults(await this.send(parts), this.db.parsers, opts);
  }

  private async simple(sql: string, opts: QueryOptions, begin: boolean): Promise<Results> {
    // One Query message; "begin; …" is one implicit block, so an error in BEGIN skips the rest.
    const results = await this.call([serialize.query(begin ? `begin; ${sql}` : sql)], opts);
    const expected = begin ? 2 : 1;
    if (results.length !== expected) throw new Error(`expected one statement's result, got ${results.length - expected + 1}`);
    return results[results.length - 1]!;
  }

  private async extended(sql: string, params: unknown[], opts: QueryOptions, begin: boolean, retry = true): Promise<Results> {
    let head: Uint8Array[] = begin ? [BEGIN] : [];
    if (params.length === 0) {
      // Without parameters (migrations' DDL, ANALYZE, VACUUM, `select 1`): the unnamed statement,
      // in one call, not kept.
      const results = await this.call([...head, serialize.parse({ text: sql }), serialize.bind({}), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()], opts);
      return results[results.length - 1]!;
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
    const values = params.map((value, i) => this.serialize(value, statement.paramTypes[i], opts));
    try {
      const results = await this.call(
        [...head, serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()],
        opts,
      );
      return results[results.length - 1]!;
    } catch (err) {
      // The statement is gone (DEALLOCATE ALL, DISCARD ALL) or no longer fits the table it reads
      // (its columns changed): prepared again next time, or now when no transaction was aborted.
      const code = (err as { code?: string }).code;
      if (code !== "26000" && code !== "0A000") throw err;
      this.forget(sql);
      if (!retry || this.db.isInTransaction()) throw err;
      return this.extended(sql, params, opts, false, false);
    }
  }

  private async prepare(sql: string, head: Uint8Array[]): Promise<Prepared> {
    const name = `argus_s${++lastName}`;
    const messages = await this.send([...head, serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
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
  private serialize(value: unknown, oid: number | undefined, opts: QueryOptions): string | null {
    if (value === null || value === undefined) return null;
    const serializer = oid === undefined ? undefined : (opts.serializers?.[oid] ?? this.db.serializers[oid]);
    return serializer ? serializer(value) : String(value);
  }
}
