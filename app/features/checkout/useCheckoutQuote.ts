// The server's quote for the current cart and choices, refreshed (debounced) whenever one of them
// changes. The quote also settles the shipping method: a stored or chosen id the store no longer
// offers gives way to the first one it does (the quote has no shipping cost without one).
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import type { CheckoutQuote } from "../../../core/api/orders";
import { routes } from "../../../core/api/routes";
import { ApiError, callApi } from "../../lib/api-client";
import { saveShipping, saveTotal } from "./storage";

export interface QuoteLine {
  id: number;
  qty: number;
  variantId: number | null;
}

function offeredShipping(quote: CheckoutQuote | null, id: number | null): number | null {
  if (!quote || (id !== null && quote.shippingMethods.some((m) => m.id === id))) return id;
  return quote.shippingMethods[0]?.id ?? null;
}

export function useCheckoutQuote({
  customerId,
  lines,
  shippingId: chosenShippingId,
  redeemCents,
  country,
  refresh,
}: {
  /** null: a guest, priced for `country`. */
  customerId: number | null;
  lines: QuoteLine[];
  shippingId: number | null;
  redeemCents: number | null;
  /** A guest's country (shipping follows it); "" for the visitor's (server/api/orders.ts). */
  country?: string;
  /** Changes when the figures must be fetched again though no input changed. */
  refresh: number;
}) {
  const t = useTranslations("Checkout");
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const shippingId = offeredShipping(quote, chosenShippingId);
  const linesKey = JSON.stringify(lines);

  // `linesKey` stands for the lines (a new array on every cart render), `customerId` for the
  // session cookie the server prices for, `country` for a guest's shipping, and `refresh`
  // forces a new quote.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (lines.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const q = await callApi(
          routes.orders.quote,
          {
            body: {
              lines,
              shippingId,
              redeemPointsCents: redeemCents ?? 0,
              ...(customerId === null && country ? { country } : {}),
            },
          },
          { signal: controller.signal },
        );
        setQuote(q);
        setQuoteError(null);
        // The choices survive a reload (spec keys).
        saveShipping(q.shipping);
        saveTotal(q.totals.totalCents);
      } catch (err) {
        if (controller.signal.aborted) return;
        setQuoteError(err instanceof ApiError ? err.message : t("quoteFailed"));
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [customerId, linesKey, shippingId, redeemCents, country, refresh]);

  return { quote, quoteError, loading, shippingId };
}
