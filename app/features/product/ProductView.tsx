// A product with its choices: the product page's top half and the quick view by id use the
// related-variant drop-down; products with colour/size rows get the swatches instead.
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { Product } from "../../../core/product-rules";
import { fallbackLang } from "../../../core/translation";
import { QTY_DEFAULT_MAX } from "../../ui/QuantityInput";
import { productHref } from "../catalog/ProductCard";
import { CompareButton } from "../compare/CompareButton";
import { ComplianceBlock } from "./ComplianceBlock";
import { ProductGallery } from "./ProductGallery";
import {
  addPageToCart,
  BuyBox,
  CategoryLinks,
  ColourSizePicker,
  NotifyLink,
  PriceBlock,
  ProductHeading,
  ShareLinks,
  VariantSelect,
  variantOption,
  WishlistAction,
} from "./ProductInfo";
import { type RelatedSelection, useColourSize } from "./selection";
import { useWarehouses, type WarehouseRow, WarehouseStock } from "./Warehouses";

export interface ProductViewProps {
  product: Product;
  showStock: boolean;
  vatText: string;
  mode: "page" | "quick";
  /** The product page passes the warehouses it loaded with the product. */
  warehouses?: WarehouseRow[];
  titleId?: string;
  /** Rendered under the buying controls (the page's sticky-bar sentinel). */
  after?: ReactNode;
  /** The related-variant choice, owned by the caller (the page's sticky bar shares it). */
  selection: RelatedSelection;
  /** Shown above the variant drop-down, which then takes the focus (the card's wishlist heart). */
  choosePrompt?: string;
}

export function ProductView({
  product,
  showStock,
  vatText,
  mode,
  warehouses,
  titleId,
  after,
  selection,
  choosePrompt,
}: ProductViewProps) {
  const t = useTranslations("Product");
  const colourSize = useColourSize(product.variants);
  // Warehouses: the product's own on its page, a related variant's once it is chosen.
  const showWarehouses = (mode === "page" && product.varRel.length === 0) || selection.variant !== null;
  const rows = useWarehouses(
    showWarehouses ? selection.unitId : null,
    warehouses ? { productId: product.id, rows: warehouses } : undefined,
  );
  // Everything above the buttons follows the chosen variant (issue 44 defect 6): its pictures (the
  // page's product keeps its own set; another variant brings its one picture, or the group's),
  // its badges and its own short description.
  const variant = selection.variant;
  const pictures =
    variant && variant.id !== product.id && variant.pictures.length > 0 ? variant.pictures : product.pictures;
  const image = pictures[0]?.url ?? null;
  const shortDesc = variant ? variant.shortDesc : product.shortDesc;
  const hasColourSize = product.variants.length > 0;
  const disabled = !selection.canAdd || (hasColourSize && colourSize.chosen === null);

  return (
    <div className={`grid gap-6 ${mode === "page" ? "lg:grid-cols-2 lg:gap-12" : "md:grid-cols-2 md:gap-8"}`}>
      <ProductGallery
        // Choosing a variant (the page's own product too) starts at its first picture.
        key={variant?.id ?? "product"}
        pictures={pictures}
        name={product.name}
        nameLang={fallbackLang(product, "name")}
        eager={mode === "page"}
      />
      <div className="flex flex-col gap-5">
        <ProductHeading
          product={product}
          showStock={showStock}
          variant={variant}
          as={mode === "page" ? "h1" : "h2"}
          id={titleId}
        />
        <PriceBlock product={product} selection={selection} showStock={showStock} vatText={vatText} />
        {shortDesc ? (
          <p
            className="leading-relaxed text-slate-600"
            lang={fallbackLang(variant ?? product, "shortDesc")}
            data-testid="short-desc"
          >
            {shortDesc}
          </p>
        ) : null}
        {choosePrompt ? (
          <p className="text-sm font-semibold text-brand-dark" data-testid="choose-variant-prompt">
            {choosePrompt}
          </p>
        ) : null}
        <VariantSelect product={product} selection={selection} autoFocus={Boolean(choosePrompt)} />
        <ColourSizePicker product={product} selection={colourSize} />
        <BuyBox
          product={product}
          // Spec section 5: the default maximum (10000) on the product page; the stock in quick
          // view, where a typed quantity above it is kept and meets 'Available stock: {n}'.
          maxQty={mode === "page" ? QTY_DEFAULT_MAX : selection.maxQty}
          disabled={disabled}
          outOfStock={selection.outOfStock}
          notify={
            <NotifyLink id={selection.unitId} name={selection.variant?.name ?? product.name} image={image} />
          }
          inlineOutcome={mode === "quick"}
          onAdd={(qty) => {
            return addPageToCart(product, qty, {
              variant: selection.variant,
              option: variantOption(colourSize.chosen),
            });
          }}
          wishlist={
            <>
              <WishlistAction product={product} selection={selection} label={() => t("addToWishlist")} />
              {mode === "page" ? <CompareButton product={product} withText /> : null}
            </>
          }
        />
        {product.compliance ? <ComplianceBlock compliance={product.compliance} code={product.code} /> : null}
        {after}
        <div className="space-y-3 border-t border-slate-100 pt-4">
          <CategoryLinks product={product} />
          <ShareLinks path={productHref(product)} name={product.name} />
        </div>
        {showWarehouses ? <WarehouseStock rows={rows} /> : null}
      </div>
    </div>
  );
}
