export type { OrderStatus } from "./lifecycle";
export { cancelOrder, completeOrder, confirmPayment, releaseUnpaidOrder } from "./lifecycle";
export { placeOrder } from "./place";
export type { Quote, QuoteLine, ShippingChoice } from "./pricing";
export { quoteCheckout } from "./pricing";
export { customerPoints, getCustomerOrder, listCustomerOrders, listWebOrders } from "./queries";
export type { UnpaidOptions } from "./unpaid";
export { cancelUnpaid, payNow } from "./unpaid";
