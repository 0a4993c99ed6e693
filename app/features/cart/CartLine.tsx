// One row of the cart table: picture and name (linked), price (struck-through regular price
// when reduced), an editable quantity up to the stock, the line total, and remove.
import { useTranslations } from "use-intl";
import type { CartItem } from "../../../core/cart";
import { LocalLink, useMoney } from "../../lib/localized";
import { SalePrice } from "../../ui/Price";
import { QTY_DEFAULT_MAX, QuantityInput } from "../../ui/QuantityInput";
import { removeFromCart } from "../shop-state/actions";
import { CloseIcon } from "./icons";

function Price({ item }: { item: CartItem }) {
  // The prior price's line wraps within the column instead of widening it over the line total.
  return (
    <span className="block md:max-w-48">
      <SalePrice nowCents={item.price} wasCents={item.regular_price} priorCents={item.prior_price} />
    </span>
  );
}

export function CartLine({
  item,
  value,
  onQty,
}: {
  item: CartItem;
  /** The quantity shown: the shopper's edit, not yet applied, or the stored one. */
  value: number | null;
  onQty: (qty: number | null) => void;
}) {
  const t = useTranslations("Cart");
  const euro = useMoney();
  const max =
    item.stock !== null && item.stock >= 1 ? Math.min(item.stock, QTY_DEFAULT_MAX) : QTY_DEFAULT_MAX;
  return (
    <tr
      className="relative grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-2 border-b border-slate-100 py-4 md:table-row"
      data-testid="cart-line"
    >
      <td className="row-span-3 md:py-4 md:pr-4">
        <LocalLink
          to={`/product/default/${item.id}`}
          aria-label={item.name}
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
        </LocalLink>
      </td>
      <td className="pr-8 md:hidden">
        <LocalLink to={`/product/default/${item.id}`} className="font-medium hover:text-brand">
          {item.name}
        </LocalLink>
      </td>
      <td className="md:py-4">
        <Price item={item} />
      </td>
      <td className="md:py-4">
        <QuantityInput
          size="sm"
          value={value}
          max={max}
          label={t("quantityOf", { name: item.name })}
          onChange={onQty}
        />
      </td>
      <td className="col-start-2 font-semibold md:py-4" data-testid="cart-line-total">
        <span className="mr-1 font-normal text-slate-500 md:hidden">{t("totalColon")}</span>
        {euro(item.sum)}
      </td>
      <td className="absolute right-0 top-3 md:static md:py-4 md:text-right">
        <button
          type="button"
          className="rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600"
          aria-label={t("removeItem", { name: item.name })}
          title={t("removeProduct")}
          onClick={() => removeFromCart(item)}
        >
          <CloseIcon />
        </button>
      </td>
    </tr>
  );
}
