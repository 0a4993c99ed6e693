// The checkout form's state: the shopper's choices (restored from browser storage when the form
// first shows, saved as they change), the quote they lead to, and placing the order.
import { useMemo, useState } from "react";
import type { PlacedOrder } from "../../../core/api/orders";
import { type PaymentMethod, parseEuroInput } from "../../../core/checkout";
import { useCart } from "../shop-state/store";
import { readChoices, readPaymentMethod, saveNotes, savePaymentMethod, saveRedeemPoints } from "./storage";
import { useCheckoutQuote } from "./useCheckoutQuote";
import { usePlaceOrder } from "./usePlaceOrder";

export function useCheckoutForm(customerId: number, onPlaced: (placed: PlacedOrder) => void) {
  const items = useCart();
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
    refresh,
  });
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
  });

  return {
    quote,
    quoteError,
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
