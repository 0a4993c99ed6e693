// What a database error says, read the same way from both drivers (pg and PGlite errors carry
// PostgreSQL's SQLSTATE and constraint name, Drizzle wraps them in `cause`).

interface PgErrorFields {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The constraint a unique violation (23505) hit, or null when the error is something else. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  let e = err as PgErrorFields | null;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (e.code === "23505") return { constraint: e.constraint ?? "" };
    e = (e.cause ?? null) as PgErrorFields | null;
  }
  return null;
}
