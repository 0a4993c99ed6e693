// The shared schemas moved to the API contract (core/api/common.ts); this file goes when the
// last route module imports them from there.
export { errorResponse, OrderCustomerSchema, OrderLineSchema } from "../../core/api/common";
