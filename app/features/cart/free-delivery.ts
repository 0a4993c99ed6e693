// The free-delivery hint of the cart and its dropdown, in the checkout's words.
import { formatEuro } from "../../../core/money";

export function freeDeliveryHint(
  goodsCents: number,
  thresholdCents: number | null,
): { free: boolean; text: string | null } {
  if (thresholdCents === null || thresholdCents <= 0) return { free: false, text: null };
  if (goodsCents >= thresholdCents) return { free: true, text: "Your order ships free." };
  return {
    free: false,
    text: `Free delivery from ${formatEuro(thresholdCents)} (add ${formatEuro(thresholdCents - goodsCents)} more).`,
  };
}
