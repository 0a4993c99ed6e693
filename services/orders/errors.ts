// Failures a shopper or a client can act on. Routes turn them into 4xx `{ error, message }`
// (plus `title` and `details` where the checkout shows a titled message).
export type OrderErrorCode =
  | "out_of_stock"
  | "unknown_product"
  | "shipping_unavailable"
  | "payment_method_unavailable"
  | "points_unavailable"
  | "price_changed"
  | "payment_unavailable"
  | "not_found"
  | "invalid_state"
  | "customer_missing";

const STATUS: Record<OrderErrorCode, 400 | 404 | 409 | 502> = {
  out_of_stock: 409,
  unknown_product: 400,
  shipping_unavailable: 400,
  payment_method_unavailable: 400,
  points_unavailable: 409,
  price_changed: 409,
  payment_unavailable: 502,
  not_found: 404,
  invalid_state: 409,
  customer_missing: 404,
};

export class OrderError extends Error {
  readonly status: 400 | 404 | 409 | 502;
  constructor(
    readonly code: OrderErrorCode,
    message: string,
    readonly extra: { title?: string; details?: unknown } = {},
  ) {
    super(message);
    this.name = "OrderError";
    this.status = STATUS[code];
  }

  toJSON() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export function isOrderError(err: unknown): err is OrderError {
  return err instanceof OrderError;
}
