export { isOrderError, OrderError } from "./errors";
export type { OrderStatus } from "./lifecycle";
export { cancelOrder, completeOrder, confirmPayment, releaseUnpaidOrder } from "./lifecycle";
export type { PlacedOrder } from "./place";
export { placeOrder } from "./place";
export type { Quote, QuoteLine, ShippingChoice } from "./pricing";
export { quoteCheckout } from "./pricing";
export type { OrderDetail, OrderSummary } from "./queries";
export { getCustomerOrder, listCustomerOrders, listWebOrders } from "./queries";
