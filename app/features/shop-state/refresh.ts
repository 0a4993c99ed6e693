// Wishlist and compare keep what a product looked like when it was added. When their page
// opens, the server's cart check (quantity 1 each) refreshes prices for this customer and
// stock, and drops products that no longer exist.
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import type { CheckedLine, ProductSnapshot } from "../../../core/cart";
import { callApi } from "../../lib/api-client";
import { shopStore } from "./store";

type ListName = "wishlist" | "compare";

type RefreshLine = CheckedLine & { name?: string | null; slug?: string | null };

export function refreshSnapshots(
  current: readonly ProductSnapshot[],
  sent: readonly number[],
  lines: readonly RefreshLine[],
): { data: ProductSnapshot[]; gone: string[] } {
  const gone: string[] = [];
  const data: ProductSnapshot[] = [];
  for (const item of current) {
    const at = sent.indexOf(item.id);
    const line = at === -1 ? undefined : lines[at];
    if (!line) {
      data.push(item);
    } else if (line.status === "removed" || line.price === null) {
      gone.push(item.name);
    } else {
      // Wishlist and compare items are identified by id alone: name and picture follow the server.
      data.push({
        ...item,
        name: line.name || item.name,
        slug: line.slug || item.slug,
        price: line.price,
        sale_price: line.sale_price,
        prior_price: line.prior_price,
        stock: line.stock ?? 0,
        image: line.image ?? item.image ?? null,
      });
    }
  }
  return { data, gone };
}

/** What the page says about each product the check dropped, in the page's language. */
export function useListRefresh(list: ListName, enabled: boolean): string[] {
  const t = useTranslations("Shell");
  const [gone, setGone] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const store = shopStore();
    const items = store.getState()[list].data;
    const sent = items.map((p) => p.id);
    if (sent.length === 0) return;
    const ctrl = new AbortController();
    callApi(
      routes.cart.check,
      { body: { items: items.map((p) => ({ id: p.id, qty: 1, variantId: p.variantId ?? null })) } },
      { signal: ctrl.signal },
    )
      .then((answer) => {
        if (ctrl.signal.aborted) return;
        const { data, gone } = refreshSnapshots(store.getState()[list].data, sent, answer.lines);
        store.setState({ [list]: { data } } as Partial<ReturnType<typeof store.getState>>);
        setGone(gone);
      })
      .catch(() => {});
    return () => ctrl.abort();
  }, [list, enabled]);
  return gone.map((name) => t("noLongerAvailable", { name }));
}
