// The one way a service reports an expected failure: it throws a ServiceError whose code comes
// from core/failures.ts. The error carries what a caller shows (message, title, details) and
// what it needs to answer well (retryAfterSeconds, a cause for the log), never an HTTP status:
// the caller chooses that from the code (docs/decisions/0025-service-errors.md). A throw also
// rolls back the transaction it happens in, which the order use cases rely on.
import type { FailureCode } from "../core/failures";

export type { FailureCode } from "../core/failures";

export interface FailureExtra {
  /** The heading the shopper sees above the message, where the spec gives one. */
  title?: string;
  /** Data the client may act on (e.g. which lines are short of stock). */
  details?: unknown;
  /** A rate limit: when to try again (the Retry-After header). */
  retryAfterSeconds?: number;
  /** What went wrong underneath, for the log only: never sent to the client. */
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly title?: string;
  readonly details?: unknown;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: FailureCode,
    message: string,
    extra: FailureExtra = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = "ServiceError";
    if (extra.title !== undefined) this.title = extra.title;
    if (extra.details !== undefined) this.details = extra.details;
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof ServiceError;
}

/** A form check's problem (title, optional text) as a failure: the text is the message, or the title. */
export function problemError(code: FailureCode, problem: { title: string; text?: string }): ServiceError {
  return new ServiceError(code, problem.text ?? problem.title, { title: problem.title });
}
