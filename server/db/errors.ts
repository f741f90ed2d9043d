// PostgreSQL's error fields, whether the driver's error arrives bare (pg, PGlite) or wrapped by
// drizzle (DrizzleQueryError keeps the driver's error as `cause`).

type PgErrorFields = { code?: string; constraint?: string };

function fields(err: unknown): PgErrorFields {
  const e = err as PgErrorFields & { cause?: PgErrorFields };
  return e?.cause?.code ? e.cause : (e ?? {});
}

/** The SQLSTATE of a database error (e.g. 23505 unique_violation), if it is one. */
export const pgCode = (err: unknown): string | undefined => fields(err).code;

/** Whether `err` is a unique violation of the named constraint or unique index. */
export const violatesUnique = (err: unknown, constraint: string): boolean => {
  const f = fields(err);
  return f.code === "23505" && f.constraint === constraint;
};

// What a database that cannot be reached, or a connection that broke, looks like to node-postgres:
// the socket's error code, the server's SQLSTATE (class 08: connection exception; 57P01–57P03: the
// server is shutting down or starting; 53300: no connection slot left), or, for a connection that
// ended under a query or a pool that cannot connect in time, only a message.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/,
  /is not queryable$/, // a client whose connection already failed
  /^Cannot use a pool after calling end/,
];

type ErrorLike = { code?: unknown; message?: unknown };

/** `err` and the errors it wraps (drizzle keeps the driver's error as `cause`). */
function chainOf(err: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = err; e && typeof e === "object" && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e as ErrorLike);
  return chain;
}

const connectionCode = (code: unknown): code is string =>
  typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"));
const connectionMessage = (message: unknown): message is string => typeof message === "string" && MESSAGES.some((m) => m.test(message));

/** Whether `err` (or an error it wraps) says the database is unreachable or the connection was lost. */
export function isConnectionError(err: unknown): boolean {
  return chainOf(err).some((e) => connectionCode(e.code) || connectionMessage(e.message));
}

/** A short reason for a log line: the code, else the connection message, found in the chain. */
export function connectionErrorReason(err: unknown): string {
  const chain = chainOf(err);
  const code = chain.map((e) => e.code).find(connectionCode);
  const message = chain.map((e) => e.message).find(connectionMessage);
  return code ?? message ?? (err instanceof Error ? err.message : String(err));
}
