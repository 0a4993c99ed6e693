// /shop/cart: the stored cart with editable quantities, remove, 'Update Cart' ('Cart Updated.'),
// the totals and VAT text. A quantity change updates the totals at once; on open, and shortly
// after each change, the server checks prices and stock and the page says what changed. The checkout form is added below it by the route (checkout issue).
import { Link } from "react-router";
import type { CartChange } from "../../../core/cart";
import { formatEuro } from "../../../core/money";
import { vatText as vatTextFor } from "../../../core/settings";
import { useCustomer } from "../../root-data";
import { EmptyList, ListLoading, ListNotices } from "../shop-state/ListPageParts";
import { useCart, useHydrated } from "../shop-state/store";
import { CartLine } from "./CartLine";
import { CartTotal } from "./CartTotal";
import { useCartCheck } from "./useCartCheck";
import { lineKey, useCartEdits } from "./useCartEdits";

function changeText(c: CartChange): string {
  switch (c.kind) {
    case "removed":
      return `${c.name} is no longer available and was removed from your cart.`;
    case "out-of-stock":
      return `${c.name} is out of stock and was removed from your cart.`;
    case "qty-reduced":
      return `${c.name}: quantity reduced from ${c.from} to ${c.to}, the available stock.`;
    case "price-changed":
      return `${c.name}: price changed from ${formatEuro(c.from)} to ${formatEuro(c.to)}.`;
  }
}

export function CartPage() {
  const hydrated = useHydrated();
  const items = useCart();
  const customer = useCustomer();
  const quantities = items.map((i) => `${lineKey(i)}=${i.qty}`).join("|");
  const check = useCartCheck(hydrated, customer ? `c${customer.id}` : "guest", quantities);
  const edits = useCartEdits(items);
  const vatText = check.vatText ?? vatTextFor(Boolean(customer?.excludeVat));

  if (!hydrated) {
    return <ListLoading>Loading your cart…</ListLoading>;
  }

  return (
    <div data-testid="cart-page">
      {check.state === "checking" ? (
        <p role="status" className="mb-4 text-sm text-slate-500">
          Checking prices and stock…
        </p>
      ) : null}
      <ListNotices
        title="Your cart has been updated:"
        testId="cart-changes"
        items={check.changes.map((c) => ({ key: `${c.kind}:${c.name}`, text: changeText(c) }))}
      />
      {items.length === 0 ? (
        <EmptyList message="No products in the cart." linkText="Continue Shopping" />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div>
            <table className="w-full text-sm">
              <thead className="hidden border-b border-slate-200 text-left text-slate-500 md:table-header-group">
                <tr>
                  <th className="py-3 font-medium">Product</th>
                  <th className="py-3 font-medium">Price</th>
                  <th className="py-3 font-medium">Quantity</th>
                  <th className="py-3 font-medium">Total</th>
                  <th className="py-3">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <CartLine
                    key={lineKey(item)}
                    item={item}
                    value={edits.valueOf(item)}
                    onQty={(qty) => edits.edit(item, qty)}
                  />
                ))}
              </tbody>
            </table>
            <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
              <Link to="/shop/sidebar/list" className="text-sm font-medium text-brand hover:underline">
                ← Continue Shopping
              </Link>
              <button
                type="button"
                className="rounded border border-brand px-5 py-2.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
                disabled={edits.pending.length === 0}
                onClick={edits.apply}
              >
                Update Cart
              </button>
            </div>
          </div>
          <CartTotal items={items} vatText={vatText} />
        </div>
      )}
    </div>
  );
}
