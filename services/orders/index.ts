export { claimGuestOrder, guestOrderView } from "./guest";
export type { OrderStatus } from "./lifecycle";
export { cancelOrder, completeOrder } from "./lifecycle";
export { orderPath } from "./order-link";
export { placeOrder } from "./place";
export { quoteCheckout } from "./pricing";
export { customerPoints, getCustomerOrder, listCustomerOrders, listWebOrders } from "./queries";
export { cancelUnpaid, payNow } from "./unpaid";
