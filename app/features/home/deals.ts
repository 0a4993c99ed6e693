/** The first tab of the Hot Deals carousel (spec section 2); the others are the store's categories. */
export const ALL_DEALS = "all";
