/**
 * A write named the version it was based on (If-Match) and the object has moved on since
 * (server/README.md, "Versions"). The domain throws it; each surface answers it in its shape.
 */
export class VersionConflictError extends Error {
  constructor(
    readonly what: string,
    readonly current: number,
    readonly expected: number,
  ) {
    super(
      `The ${what} changed since version ${expected}: its current version is ${current}. Read it again, then redo the change with If-Match: "${current}".`,
    );
  }
}

/** Throws when an expected version was given and is not the current one. */
export function assertVersion(what: string, current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) throw new VersionConflictError(what, current, expected);
}
