// Quick view (spec section 2, modal 1), by id or by slug: loading, then the product.
import { useEffect, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import type { Product } from "../../../core/product-rules";
import { WISHLIST_TEXT } from "../../../core/wishlist";
import { callApi } from "../../lib/api-client";
import { LocalLink, useCoreText } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { Modal, ModalClose } from "../../ui/Modal";
import { productHref } from "../catalog/ProductCard";
import { closeQuickView, type QuickViewTarget } from "../catalog/quick-view";
import { ProductView } from "./ProductView";
import { QuickViewBySlug } from "./QuickViewBySlug";
import { useRelatedSelection } from "./selection";

type State =
  | { status: "loading" }
  | { status: "loaded"; product: Product; vatText: string }
  | { status: "error" };

function ById({
  product,
  vatText,
  showStock,
  titleId,
  forWishlist,
}: {
  product: Product;
  vatText: string;
  showStock: boolean;
  titleId: string;
  forWishlist: boolean;
}) {
  const selection = useRelatedSelection(product);
  const text = useCoreText();
  return (
    <ProductView
      product={product}
      showStock={showStock}
      vatText={vatText}
      mode="quick"
      titleId={titleId}
      selection={selection}
      choosePrompt={forWishlist && product.varRel.length > 0 ? text(WISHLIST_TEXT.chooseVariant) : undefined}
    />
  );
}

export default function QuickViewModal({ target }: { target: QuickViewTarget }) {
  const t = useTranslations("Product");
  const [state, setState] = useState<State>({ status: "loading" });
  const titleId = useId();
  const root = useRootData();
  const showStock = root?.layout?.showStock ?? false;
  const key = target.kind === "id" ? `id:${target.id}` : `slug:${target.slug}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the target
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    const init = { signal: controller.signal };
    (target.kind === "id"
      ? callApi(routes.products.one, { params: { id: target.id } }, init)
      : callApi(routes.products.bySlug, { params: { slug: target.slug } }, init)
    )
      .then((body) => setState({ status: "loaded", product: body.product, vatText: body.vatText }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [key]);

  return (
    <Modal
      open
      onClose={closeQuickView}
      labelledBy={titleId}
      size="xl"
      testId={target.kind === "id" ? "quick-view" : "quick-view-slug"}
    >
      <ModalClose onClick={closeQuickView} />
      <div className="p-5 sm:p-8" data-state={state.status}>
        {state.status === "loading" ? (
          <div className="grid animate-pulse gap-8 md:grid-cols-2" aria-busy="true">
            <h2 id={titleId} className="sr-only">
              {t("loadingProduct")}
            </h2>
            <div className="aspect-square rounded-xl bg-slate-100" />
            <div className="space-y-4">
              <div className="h-8 w-3/4 rounded bg-slate-100" />
              <div className="h-4 w-1/3 rounded bg-slate-100" />
              <div className="h-6 w-1/4 rounded bg-slate-100" />
              <div className="h-20 rounded bg-slate-100" />
            </div>
          </div>
        ) : state.status === "error" ? (
          <p id={titleId} className="py-10 text-center text-slate-600">
            {t("quickViewUnavailable")}
          </p>
        ) : (
          <>
            {target.kind === "id" ? (
              <ById
                product={state.product}
                vatText={state.vatText}
                showStock={showStock}
                titleId={titleId}
                forWishlist={Boolean(target.forWishlist)}
              />
            ) : (
              <QuickViewBySlug
                product={state.product}
                vatText={state.vatText}
                showStock={showStock}
                titleId={titleId}
              />
            )}
            <p className="mt-6 text-center">
              <LocalLink
                to={productHref(state.product)}
                className="text-sm font-medium text-brand hover:underline"
              >
                {t("viewFullDetails")}
              </LocalLink>
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
