// The checkout form's state: the shopper's choices (restored from browser storage when the form
// first shows, saved as they change), the quote they lead to, and placing the order.
import { useMemo, useState } from "react";
import type { PlacedOrder } from "../../../core/api/orders";
import { type PaymentMethod, parseEuroInput } from "../../../core/checkout";
import { useCart } from "../shop-state/store";
import { useVisitorCountry } from "../visitor/useVisitorCountry";
import { readChoices, readPaymentMethod, saveNotes, savePaymentMethod, saveRedeemPoints } from "./storage";
import { useCheckoutQuote } from "./useCheckoutQuote";
import type { GuestDetailsState } from "./useGuestDetails";
import { usePlaceOrder } from "./usePlaceOrder";

/** `customerId` null with `guest`: a signed-out shopper ordering as a guest. */
export function useCheckoutForm(
  customerId: number | null,
  onPlaced: (placed: PlacedOrder) => void,
  guest: GuestDetailsState | null = null,
) {
  const items = useCart();
  // Until the guest picks one: the visitor's country (core/visitor-country.ts), one of the store's.
  const visitorCountry = useVisitorCountry();
  const chosenCountry = guest ? guest.country || visitorCountry : "";
  // Read once: the form only mounts in the browser, after the stored lists are loaded.
  const [stored] = useState(readChoices);
  const [shippingId, setShippingId] = useState(stored.shippingId);
  const [notes, setNotes] = useState(stored.notes);
  const [redeem, setRedeem] = useState(stored.redeemPoints);
  const [chosenMethod, setMethod] = useState(() => readPaymentMethod() as PaymentMethod | null);
  const [refresh, setRefresh] = useState(0);

  const redeemCents = parseEuroInput(redeem);
  const redeemInvalid = redeem.trim() !== "" && redeemCents === null;
  const lines = useMemo(
    () => items.map((i) => ({ id: i.id, qty: i.qty, variantId: i.variantId ?? null })),
    [items],
  );
  const {
    quote,
    quoteError,
    loading,
    shippingId: offeredShippingId,
  } = useCheckoutQuote({
    customerId,
    lines,
    shippingId,
    redeemCents,
    country: chosenCountry,
    refresh,
  });
  // The country a guest's form shows: the chosen one, else the visitor's, else the store's first.
  const guestCountry = guest ? chosenCountry || quote?.countries[0]?.code || "" : "";
  // Until the shopper picks one, the first payment method the store offers.
  const method =
    quote && (chosenMethod === null || !quote.paymentMethods.includes(chosenMethod))
      ? (quote.paymentMethods[0] ?? null)
      : chosenMethod;
  const { placing, place } = usePlaceOrder({
    quote,
    method,
    lines,
    notes,
    onPlaced,
    onRefused: () => setRefresh((n) => n + 1),
    guest:
      guest && quote
        ? () =>
            guest.check(
              quote.countries.map((c) => c.code),
              guestCountry,
            )
        : undefined,
    onFields: guest?.showFields,
  });

  return {
    quote,
    quoteError,
    guestCountry,
    shippingId: offeredShippingId,
    setShippingId,
    notes,
    setNotes: (value: string) => {
      setNotes(value);
      saveNotes(value);
    },
    redeem,
    redeemCents,
    redeemInvalid,
    setRedeem: (value: string) => {
      setRedeem(value);
      saveRedeemPoints(value);
    },
    method,
    setMethod: (value: PaymentMethod) => {
      setMethod(value);
      savePaymentMethod(value);
    },
    placing,
    place,
    canPlace: Boolean(quote?.shipping && method && !loading && !placing && !redeemInvalid),
  };
}
