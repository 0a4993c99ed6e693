// The free-delivery hint of the cart and its dropdown, in the checkout's words.
import type { useTranslations } from "use-intl";

/** The words of the hint: the Cart catalogue's translator and the page's euro formatter. */
export interface HintWords {
  t: ReturnType<typeof useTranslations<"Cart">>;
  euro: (cents: number) => string;
}

export function freeDeliveryHint(
  goodsCents: number,
  thresholdCents: number | null,
  { t, euro }: HintWords,
): { free: boolean; text: string | null } {
  if (thresholdCents === null || thresholdCents <= 0) return { free: false, text: null };
  if (goodsCents >= thresholdCents) return { free: true, text: t("shipsFree") };
  return {
    free: false,
    text: t("freeDeliveryFrom", {
      threshold: euro(thresholdCents),
      missing: euro(thresholdCents - goodsCents),
    }),
  };
}
