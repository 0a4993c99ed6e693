/** The client version shown in the footer (spec section 9). */
export const CLIENT_VERSION = "2.1.7";
