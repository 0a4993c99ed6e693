export type { OrderStatus } from "./lifecycle";
export { cancelOrder, completeOrder } from "./lifecycle";
export { placeOrder } from "./place";
export { quoteCheckout } from "./pricing";
export { customerPoints, getCustomerOrder, listCustomerOrders, listWebOrders } from "./queries";
export { cancelUnpaid, payNow } from "./unpaid";
