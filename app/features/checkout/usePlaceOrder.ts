// Placing the order: a last stock check against the quote, then /api/v1/orders, which recomputes
// every figure. Card and wallet orders leave for the payment page; the others are confirmed here.
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { CheckoutQuote, PlacedOrder } from "../../../core/api/orders";
import { routes } from "../../../core/api/routes";
import { CHECKOUT_TEXT, type PaymentMethod } from "../../../core/checkout";
import { ApiError, callApi } from "../../lib/api-client";
import { showPopup } from "../../ui/popup";
import { clearAfterOrder, savePaymentCode } from "./storage";
import type { QuoteLine } from "./useCheckoutQuote";

function showOrderError(err: ApiError, onNotSignedIn: () => void) {
  const body = (err.body ?? {}) as {
    title?: string;
    message?: string;
    details?: { description?: string };
  };
  if (err.code === "out_of_stock") {
    const what = body.details?.description ? `${body.details.description}: ` : "";
    showPopup({
      icon: "warning",
      title: body.title ?? CHECKOUT_TEXT.outOfStockTitle,
      text: `${what}${err.message}`,
    });
  } else if (err.code === "payment_unavailable") {
    showPopup({ icon: "error", title: CHECKOUT_TEXT.paymentCodeError });
  } else if (err.code === "not_signed_in") {
    onNotSignedIn();
  } else {
    showPopup({ icon: "error", title: CHECKOUT_TEXT.wentWrong, text: err.message });
  }
}

export function usePlaceOrder({
  quote,
  method,
  lines,
  notes,
  onPlaced,
  onRefused,
}: {
  quote: CheckoutQuote | null;
  method: PaymentMethod | null;
  lines: QuoteLine[];
  notes: string;
  onPlaced: (placed: PlacedOrder) => void;
  /** The server refused the order: the figures are quoted again. */
  onRefused: () => void;
}) {
  const revalidator = useRevalidator();
  const [placing, setPlacing] = useState(false);

  const place = async () => {
    if (!quote || !method || !quote.shipping) return;
    if (quote.shortages.length > 0) {
      const s = quote.shortages[0];
      showPopup({
        icon: "warning",
        title: CHECKOUT_TEXT.outOfStockTitle,
        text: `${s.description}: ${CHECKOUT_TEXT.availableStock(s.available)}`,
      });
      return;
    }
    setPlacing(true);
    try {
      const result = await callApi(routes.orders.place, {
        body: {
          lines,
          shippingId: quote.shipping.id,
          notes,
          redeemPointsCents: quote.totals.pointsRedeemedCents,
          paymentMethod: method,
          expectedTotalCents: quote.totals.totalCents,
        },
      });
      if (result.redirectUrl) {
        // Card and wallet: the order waits, stock reserved, while the shopper pays.
        savePaymentCode(result.paymentCode);
        window.location.assign(result.redirectUrl);
        return;
      }
      clearAfterOrder();
      onPlaced(result);
      revalidator.revalidate();
    } catch (err) {
      setPlacing(false);
      if (err instanceof ApiError) {
        showOrderError(err, () => revalidator.revalidate());
        // Whatever went wrong, show the current figures.
        onRefused();
        return;
      }
      showPopup({
        icon: "error",
        title: CHECKOUT_TEXT.wentWrong,
        text: "Please check your connection and try again.",
      });
    }
  };

  return { placing, place };
}
