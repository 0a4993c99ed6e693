// The ERP/POS integration API (ARCHITECTURE section 6), behind the store's API key in
// `x-api-key`: one module per area, as in server/api/integration.
export * from "./changes";
export * from "./customers";
export * from "./orders";
export * from "./products";
export * from "./taxonomy";
