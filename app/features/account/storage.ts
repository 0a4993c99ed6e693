// The browser-side account data of spec section 3 (local storage) and what sign-in, logout,
// inactivity and cookie expiry do to it. The session itself is an HttpOnly cookie: loginData
// only mirrors what the page may show, never a password.
import type { PublicCustomer } from "../../../core/account";
import { clearCart, clearCartAndWishlist } from "../shop-state/actions";

/** Cleared at logout (spec section 4: login, payment code, shipping choice, cart items, total, redeem points, notes). */
export const LOGOUT_KEYS = [
  "loginData",
  "onlinepaymentcode",
  "shipping_id",
  "shipping_description",
  "shipping_cost",
  "cartItems",
  "totalPrice",
  "redeemPoints",
  "notes",
] as const;

export const COOKIES_DATE_KEY = "cookiesExpirationDate";
export const LAST_ACTIVITY_KEY = "lastActivity";

function ls(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function readItem(key: string): string | null {
  try {
    return ls()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    ls()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the session still works from the cookie
  }
}

export function removeItem(key: string): void {
  try {
    ls()?.removeItem(key);
  } catch {}
}

/** The login record as the spec keeps it: a one-element list (no password). */
export function saveLoginData(c: PublicCustomer): void {
  writeItem(
    "loginData",
    JSON.stringify([
      {
        CUSTID: c.id,
        CUST_USERNAME: c.username,
        CUSTNAME: c.name,
        CUSTSURNAME: c.surname,
        CUSTEMAIL: c.email,
        CUSTCOUNTRY: c.country,
        CUST_PriceLIst_Header_Id: c.priceListId,
        CUST_Exclude_Vat: c.excludeVat,
        points: c.points,
      },
    ]),
  );
}

/** Logout: the stored keys and the cart section of the shop state. */
export function clearLogoutData(): void {
  for (const key of LOGOUT_KEYS) removeItem(key);
  clearCart();
}

/** A price-list customer must not keep retail prices in the cart or wishlist. */
export function clearForPriceList(): void {
  clearCartAndWishlist();
}

export function markCookiesDate(now = Date.now()): void {
  writeItem(COOKIES_DATE_KEY, new Date(now).toISOString());
}

/** Minutes since cookiesExpirationDate, or null when there is none (a first visit). */
export function minutesSinceCookiesDate(now = Date.now()): number | null {
  const raw = readItem(COOKIES_DATE_KEY);
  if (!raw) return null;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) return null;
  return (now - t) / 60000;
}
