// Quick view by slug: colour swatches, a size drop-down ('Select a size') with clear and size
// guide links, the price of the chosen combination, quantity and add to cart (enabled once
// the product can be added and both colour and size are chosen), the wishlist button
// ('Add to Wishlist' / 'Go to Wishlist'), categories and share icons.
import { useTranslations } from "use-intl";
import type { Product } from "../../../core/product-rules";
import { isUnitOutOfStock, quantityMax } from "../../../core/product-rules";
import { fallbackLang } from "../../../core/translation";
import { ProductPrice, VatText } from "../../ui/Price";
import { productHref } from "../catalog/ProductCard";
import { ComplianceBlock } from "./ComplianceBlock";
import { ProductGallery } from "./ProductGallery";
import {
  addPageToCart,
  BuyBox,
  CategoryLinks,
  ColourSizePicker,
  NotifyLink,
  ProductHeading,
  ShareLinks,
  variantOption,
  WishlistAction,
} from "./ProductInfo";
import { useColourSize } from "./selection";

export function QuickViewBySlug({
  product,
  vatText,
  showStock,
  titleId,
}: {
  product: Product;
  vatText: string;
  showStock: boolean;
  titleId: string;
}) {
  const t = useTranslations("Product");
  const selection = useColourSize(product.variants);
  const hasVariants = product.variants.length > 0;
  const outOfStock = showStock && isUnitOutOfStock(product.stock);
  const disabled = hasVariants && selection.chosen === null;
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8">
      <ProductGallery
        pictures={product.pictures}
        name={product.name}
        nameLang={fallbackLang(product, "name")}
      />
      <div className="flex flex-col gap-5">
        <ProductHeading product={product} showStock={showStock} as="h2" id={titleId} />
        {product.shortDesc ? (
          <p className="leading-relaxed text-slate-600" lang={fallbackLang(product, "shortDesc")}>
            {product.shortDesc}
          </p>
        ) : null}
        {hasVariants ? null : <ProductPrice product={product} showStock={showStock} className="text-2xl" />}
        <ColourSizePicker product={product} selection={selection} />
        <VatText text={vatText} />
        <BuyBox
          product={product}
          maxQty={quantityMax(product.stock)}
          disabled={disabled}
          outOfStock={outOfStock}
          notify={<NotifyLink id={product.id} name={product.name} image={product.pictures[0]?.url ?? null} />}
          inlineOutcome
          onAdd={(qty) => {
            return addPageToCart(product, qty, {
              option: variantOption(selection.chosen),
            });
          }}
          wishlist={
            <WishlistAction
              product={product}
              label={(inList) => (inList ? t("goToWishlist") : t("addToWishlist"))}
            />
          }
        />
        {product.compliance ? <ComplianceBlock compliance={product.compliance} code={product.code} /> : null}
        <div className="space-y-3 border-t border-slate-100 pt-4">
          <CategoryLinks product={product} />
          <ShareLinks path={productHref(product)} name={product.name} />
        </div>
      </div>
    </div>
  );
}
