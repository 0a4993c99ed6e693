// Placing the order: a last stock check against the quote, then /api/v1/orders, which recomputes
// every figure. Card and wallet orders leave for the payment page; the others are confirmed here.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import type { CheckoutQuote, PlacedOrder } from "../../../core/api/orders";
import { routes } from "../../../core/api/routes";
import { CHECKOUT_TEXT, type PaymentMethod } from "../../../core/checkout";
import type { GuestContactInput } from "../../../core/validation/account-schemas";
import { ApiError, callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { showPopup } from "../../ui/popup";
import { type FieldMessage, fieldsOf } from "../account/field-errors";
import { clearAfterOrder, savePaymentCode } from "./storage";
import type { QuoteLine } from "./useCheckoutQuote";

function showOrderError(
  err: ApiError,
  onNotSignedIn: () => void,
  onFields: ((fields: FieldMessage[]) => void) | undefined,
  text: (text: string) => string,
) {
  const body = (err.body ?? {}) as {
    title?: string;
    message?: string;
    details?: { description?: string };
  };
  const fields = fieldsOf(body.details);
  if (fields.length > 0 && onFields) {
    // A guest's details the server refused: marked on the form, with the spec's popup text.
    onFields(fields);
    showPopup({ icon: "info", title: text(body.title ?? err.message) });
  } else if (err.code === "out_of_stock") {
    const what = body.details?.description ? `${body.details.description}: ` : "";
    showPopup({
      icon: "warning",
      title: text(body.title ?? CHECKOUT_TEXT.outOfStockTitle),
      text: `${what}${text(err.message)}`,
    });
  } else if (err.code === "payment_unavailable") {
    showPopup({ icon: "error", title: text(CHECKOUT_TEXT.paymentCodeError) });
  } else if (err.code === "not_signed_in") {
    onNotSignedIn();
  } else {
    showPopup({ icon: "error", title: text(CHECKOUT_TEXT.wentWrong), text: text(err.message) });
  }
}

export function usePlaceOrder({
  quote,
  method,
  lines,
  notes,
  onPlaced,
  onRefused,
  guest,
  onFields,
}: {
  quote: CheckoutQuote | null;
  method: PaymentMethod | null;
  lines: QuoteLine[];
  notes: string;
  onPlaced: (placed: PlacedOrder) => void;
  /** The server refused the order: the figures are quoted again. */
  onRefused: () => void;
  /** A guest's checkout: the checked details, or null when the form shows what to fix. */
  guest?: () => GuestContactInput | null;
  /** Fields the server refused, to mark on the guest's form. */
  onFields?: (fields: FieldMessage[]) => void;
}) {
  const t = useTranslations("Checkout");
  const text = useCoreText();
  const revalidator = useRevalidator();
  const [placing, setPlacing] = useState(false);

  const place = async () => {
    if (!quote || !method || !quote.shipping) return;
    const details = guest ? guest() : undefined;
    if (details === null) return;
    if (quote.shortages.length > 0) {
      const s = quote.shortages[0];
      showPopup({
        icon: "warning",
        title: text(CHECKOUT_TEXT.outOfStockTitle),
        text: `${s.description}: ${t("availableStock", { count: s.available })}`,
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
          ...(details ? { guest: details } : {}),
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
        showOrderError(err, () => revalidator.revalidate(), onFields, text);
        // Whatever went wrong, show the current figures.
        onRefused();
        return;
      }
      showPopup({
        icon: "error",
        title: text(CHECKOUT_TEXT.wentWrong),
        text: t("checkConnection"),
      });
    }
  };

  return { placing, place };
}
