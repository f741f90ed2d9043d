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
