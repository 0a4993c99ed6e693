// What a database error says, read the same way from both drivers (pg and PGlite errors carry
// PostgreSQL's SQLSTATE and constraint name; Drizzle wraps them in `cause`). Server and SSR both
// classify errors with these, so a database error means the same answer on every path.

interface PgErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** The error and the errors it wraps (Drizzle's DrizzleQueryError, a rethrow), outermost first. */
function* causeChain(err: unknown): Generator<PgErrorFields> {
  let e = err as PgErrorFields | null;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    yield e;
    e = (e.cause ?? null) as PgErrorFields | null;
  }
}

/** The constraint a unique violation (23505) hit, or null when the error is something else. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  for (const e of causeChain(err)) if (e.code === "23505") return { constraint: e.constraint ?? "" };
  return null;
}

const UNAVAILABLE_CODES = [
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
];
// "not queryable": a statement (a transaction's next one, its rollback) on a client whose
// connection the server ended: the same outage, found one statement later.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|Client has encountered a connection error and is not queryable/i;

/** Errors that mean "a database is unreachable right now": answered with 503, not 500. */
export function isUnavailableError(err: unknown): boolean {
  for (const e of causeChain(err)) {
    if (e.code && UNAVAILABLE_CODES.includes(e.code)) return true;
    if (UNAVAILABLE_MESSAGES.test(String(e.message ?? ""))) return true;
  }
  return false;
}

const BAD_INPUT_CODES = ["22021", "22P02", "22P05", "22003", "22001", "2201B", "22025", "22007", "22008"];
// 22021 and 22P05 by their text too: an error rethrown without its SQLSTATE would otherwise
// read as an outage (503) although only the input is at fault.
const BAD_INPUT_MESSAGES = /invalid byte sequence for encoding|unsupported Unicode escape sequence/i;

/**
 * Database errors that only bad input can cause (a NUL byte in text, a number out of range, a
 * malformed value): the request is answered 400, as if validation had caught it.
 */
export function isBadInputDatabaseError(err: unknown): boolean {
  for (const e of causeChain(err)) {
    if (typeof e.code === "string" && BAD_INPUT_CODES.includes(e.code)) return true;
    if (BAD_INPUT_MESSAGES.test(String(e.message ?? ""))) return true;
  }
  return false;
}
