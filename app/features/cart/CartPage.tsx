// /shop/cart: the stored cart with editable quantities, remove, 'Update Cart' ('Cart Updated.'),
// subtotal and VAT text. On open the server checks prices and stock and the page says what
// changed. The checkout form is added below it by the route (checkout issue).
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { type CartChange, type CartItem, cartTotal } from "../../../core/cart";
import { formatEuro } from "../../../core/money";
import { vatText as vatTextFor } from "../../../core/settings";
import { useCustomer } from "../../root-data";
import { QTY_DEFAULT_MAX, QuantityInput } from "../../ui/QuantityInput";
import { removeFromCart, updateCart } from "../shop-state/actions";
import { EmptyList, ListLoading, ListNotices } from "../shop-state/ListPageParts";
import { useCart, useHydrated } from "../shop-state/store";
import { CloseIcon } from "./icons";
import { useCartCheck } from "./useCartCheck";

const lineKey = (i: { id: number; name: string }) => `${i.id}:${i.name}`;

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

function Price({ item }: { item: CartItem }) {
  const reduced = item.regular_price > item.price;
  return (
    <span className="whitespace-nowrap">
      {reduced ? <s className="mr-1.5 text-xs text-slate-400">{formatEuro(item.regular_price)}</s> : null}
      <span className={reduced ? "text-red-600" : undefined}>{formatEuro(item.price)}</span>
    </span>
  );
}

export function CartPage() {
  const hydrated = useHydrated();
  const items = useCart();
  const customer = useCustomer();
  const check = useCartCheck(hydrated, customer ? `c${customer.id}` : "guest");
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const vatText = check.vatText ?? vatTextFor(Boolean(customer?.excludeVat));

  const pending = useMemo(
    () => items.filter((i) => lineKey(i) in edits && edits[lineKey(i)] !== i.qty),
    [items, edits],
  );

  const update = () => {
    const outcome = updateCart(pending.map((i) => ({ id: i.id, name: i.name, qty: edits[lineKey(i)] })));
    if (outcome.ok) setEdits({});
  };

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
                {items.map((item) => {
                  const key = lineKey(item);
                  const value = key in edits ? edits[key] : item.qty;
                  const max =
                    item.stock !== null && item.stock >= 1
                      ? Math.min(item.stock, QTY_DEFAULT_MAX)
                      : QTY_DEFAULT_MAX;
                  return (
                    <tr
                      key={key}
                      className="relative grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-2 border-b border-slate-100 py-4 md:table-row"
                      data-testid="cart-line"
                    >
                      <td className="row-span-3 md:py-4 md:pr-4">
                        <Link
                          to={`/product/default/${item.id}`}
                          className="flex items-center gap-4 hover:text-brand"
                        >
                          {item.image ? (
                            <img
                              src={item.image}
                              alt=""
                              width={72}
                              height={72}
                              className="h-[72px] w-[72px] flex-none rounded border border-slate-100 object-cover"
                            />
                          ) : (
                            <span className="h-[72px] w-[72px] flex-none rounded bg-slate-100" />
                          )}
                          <span className="hidden font-medium md:inline">{item.name}</span>
                        </Link>
                      </td>
                      <td className="pr-8 md:hidden">
                        <Link to={`/product/default/${item.id}`} className="font-medium hover:text-brand">
                          {item.name}
                        </Link>
                      </td>
                      <td className="md:py-4">
                        <Price item={item} />
                      </td>
                      <td className="md:py-4">
                        <QuantityInput
                          size="sm"
                          value={value}
                          max={max}
                          label={`Quantity of ${item.name}`}
                          onChange={(qty) => setEdits((e) => ({ ...e, [key]: qty }))}
                        />
                      </td>
                      <td className="col-start-2 font-semibold md:py-4" data-testid="cart-line-total">
                        <span className="mr-1 font-normal text-slate-500 md:hidden">Total:</span>
                        {formatEuro(item.sum)}
                      </td>
                      <td className="absolute right-0 top-3 md:static md:py-4 md:text-right">
                        <button
                          type="button"
                          className="rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600"
                          aria-label={`Remove ${item.name}`}
                          title="Remove Product"
                          onClick={() => removeFromCart(item)}
                        >
                          <CloseIcon />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
              <Link to="/shop/sidebar/list" className="text-sm font-medium text-brand hover:underline">
                ← Continue Shopping
              </Link>
              <button
                type="button"
                className="rounded border border-brand px-5 py-2.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
                disabled={pending.length === 0}
                onClick={update}
              >
                Update Cart
              </button>
            </div>
          </div>
          <aside
            className="h-fit rounded border border-slate-200 bg-slate-50 p-5"
            aria-labelledby="cart-total-title"
          >
            <h2 id="cart-total-title" className="text-lg font-semibold">
              Cart Total
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between border-b border-slate-200 pb-3">
                <dt>Subtotal:</dt>
                <dd className="font-semibold" data-testid="cart-subtotal">
                  {formatEuro(cartTotal(items))}
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-500" data-testid="cart-vat-text">
              {vatText}
            </p>
          </aside>
        </div>
      )}
    </div>
  );
}
