// Every failure a shopper or an API client can act on has a code from this closed list, and
// each code has exactly one HTTP status (docs/decisions/0025-service-errors.md). Services throw
// these codes without a status (services/failure.ts); the JSON API (server/api/failure.ts) and
// the page actions that answer form posts without JavaScript both read the status here. The
// table is in core/, not server/, because page actions under app/ may not import server code.

/** One problem with a request's input, named by its field path (`variants.0.priceCents`). */
export interface InputIssue {
  path: string;
  message: string;
}

export const FAILURE_STATUS = {
  // The request itself
  invalid: 400,
  invalid_json: 400,
  required: 400,
  wrong_email: 400,
  wrong_password: 400,
  // Who is asking
  not_signed_in: 401,
  invalid_credentials: 401,
  unauthorized: 401,
  signin_disabled: 403,
  signup_disabled: 403,
  password_change_required: 403,
  /** A back-office role without the permission the action needs. */
  forbidden: 403,
  /** Staff sign-in: the password was right, the two-factor code is needed (or was wrong). */
  totp_required: 401,
  // What it names
  not_found: 404,
  customer_missing: 404,
  token_expired: 410,
  unknown_product: 400,
  unknown_warehouse: 400,
  no_warehouse: 400,
  // Rules of the shop
  duplicate: 409,
  username_taken: 409,
  out_of_stock: 409,
  points_unavailable: 409,
  price_changed: 409,
  invalid_state: 409,
  /** An account made through Google or Facebook orders once its phone, address and country are in. */
  details_missing: 409,
  /** A back-office save on a record someone else changed since it was opened. */
  edit_conflict: 409,
  shipping_unavailable: 400,
  /** The basket is heavier than the chosen method (or every method) carries. */
  shipping_overweight: 400,
  payment_method_unavailable: 400,
  insufficient_stock: 400,
  invalid_quantity: 400,
  // Too much, too often
  rate_limited: 429,
  /** The store's pictures would go over its upload quota (UPLOAD_QUOTA_MB). */
  quota_exceeded: 409,
  // Somebody else's trouble
  payment_unavailable: 502,
  provider_unavailable: 503,
  unavailable: 503,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 410 | 429 | 502 | 503>;

export type FailureCode = keyof typeof FAILURE_STATUS;

export function failureStatus<K extends FailureCode>(code: K): (typeof FAILURE_STATUS)[K] {
  return FAILURE_STATUS[code];
}
