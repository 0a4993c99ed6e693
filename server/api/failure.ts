// Where /api/v1 turns a failure into a response: the status comes from the one table in
// core/failures.ts, the body is { error, title?, message, details? } and a rate limit adds
// Retry-After (docs/decisions/0025-service-errors.md). Route handlers call nothing else to
// answer a failure, whether a service threw it or the handler found it.
import type { Context } from "hono";
import { type FailureCode, failureStatus } from "../../core/failures";
import { type FailureExtra, isServiceError } from "../../services/failure";

/** The storefront API's request context or the back office's: both have a logger. */
// biome-ignore lint/suspicious/noExplicitAny: either app's environment
type C = Context<any>;

/**
 * Answers a failure the handler found itself. Typed `never` because each route lists its own
 * statuses and the table's status for a code is one of them.
 */
export function fail(
  c: C,
  code: FailureCode,
  message: string,
  extra: Omit<FailureExtra, "cause"> = {},
): never {
  if (extra.retryAfterSeconds !== undefined) c.header("Retry-After", String(extra.retryAfterSeconds));
  const body = {
    error: code,
    ...(extra.title !== undefined ? { title: extra.title } : {}),
    message,
    ...(extra.details !== undefined ? { details: extra.details } : {}),
  };
  return c.json(body, failureStatus(code)) as never;
}

/** Answers a ServiceError a service threw; anything else is no failure of the request and goes on up. */
export function failureResponse(c: C, err: unknown): never {
  if (!isServiceError(err)) throw err;
  // The cause (a provider's answer, a database error) is for the operator, never the client.
  if (err.cause !== undefined) c.var.log.error({ err: err.cause, code: err.code }, err.message);
  return fail(c, err.code, err.message, err);
}
