// The checkout's browser storage (spec section 3): the shipping choice, notes, points to redeem
// and the total survive a reload under the spec's own keys; all of them go, with the cart, once
// an order is placed or paid. The payment method is remembered for the tab only.
import { CHECKOUT_STORAGE_KEYS } from "../../../core/checkout";
import { clearCart } from "../shop-state/actions";

export const PAYMENT_CODE_KEY = "onlinepaymentcode";
const PAYMENT_METHOD_KEY = "payment_method";

export interface StoredChoices {
  shippingId: number | null;
  notes: string;
  /** Euros as the shopper typed them. */
  redeemPoints: string;
}

function local(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function get(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function put(key: string, value: string | null): void {
  try {
    if (value === null) local()?.removeItem(key);
    else local()?.setItem(key, value);
  } catch {
    // storage full or disabled: the checkout still works for this page view
  }
}

const euros = (cents: number) => (cents / 100).toFixed(2);

export function readChoices(): StoredChoices {
  const id = Number(get("shipping_id"));
  return {
    shippingId: Number.isInteger(id) && id > 0 ? id : null,
    notes: (get("notes") ?? "").slice(0, 1000),
    redeemPoints: get("redeemPoints") ?? "",
  };
}

export function saveShipping(choice: { id: number; description: string; costCents: number } | null): void {
  put("shipping_id", choice ? String(choice.id) : null);
  put("shipping_description", choice ? choice.description : null);
  put("shipping_cost", choice ? euros(choice.costCents) : null);
}

export function saveNotes(notes: string): void {
  put("notes", notes === "" ? null : notes);
}

export function saveRedeemPoints(value: string): void {
  put("redeemPoints", value.trim() === "" ? null : value.trim());
}

export function saveTotal(totalCents: number | null): void {
  put("totalPrice", totalCents === null ? null : euros(totalCents));
}

export function savePaymentCode(code: string | null): void {
  put(PAYMENT_CODE_KEY, code);
}

export function readPaymentMethod(): string | null {
  try {
    return window.sessionStorage.getItem(PAYMENT_METHOD_KEY);
  } catch {
    return null;
  }
}

export function savePaymentMethod(method: string): void {
  try {
    window.sessionStorage.setItem(PAYMENT_METHOD_KEY, method);
  } catch {}
}

/** After an order is placed or paid: the cart and every checkout key go. */
export function clearAfterOrder(): void {
  for (const key of CHECKOUT_STORAGE_KEYS) put(key, null);
  put(PAYMENT_CODE_KEY, null);
  put("cartItems", null);
  try {
    window.sessionStorage.removeItem(PAYMENT_METHOD_KEY);
  } catch {}
  clearCart();
}

/**
 * What a guest types at checkout, kept for the tab (sessionStorage: personal data does not
 * outlive it): a reload or a sign-in detour loses nothing, and making an account from the order
 * splits "name surname" and "street postcode" exactly as typed.
 */
export type GuestDetailsDraft = Record<(typeof GUEST_FIELDS)[number], string>;

export const GUEST_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "phone",
  "street",
  "postcode",
  "city",
  "country",
] as const;

const GUEST_DETAILS_KEY = "guestDetails";

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveGuestDetails(details: GuestDetailsDraft): void {
  try {
    session()?.setItem(GUEST_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // without storage the form simply starts empty next time
  }
}

export function readGuestDetails(): GuestDetailsDraft {
  let stored: Record<string, unknown> = {};
  try {
    const v = JSON.parse(session()?.getItem(GUEST_DETAILS_KEY) ?? "null");
    if (v && typeof v === "object") stored = v as Record<string, unknown>;
  } catch {}
  const out = {} as GuestDetailsDraft;
  for (const f of GUEST_FIELDS) {
    const value = stored[f];
    out[f] = typeof value === "string" ? value.slice(0, 200) : "";
  }
  return out;
}
