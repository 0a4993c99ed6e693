// What /product/default/{id} shows for an id with no product (the answer stays a 404): the 404
// page's heading, a sentence naming the product, and the way back to the catalogue.
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";

export function ProductNotFound() {
  const t = useTranslations("Product");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="product-not-found">
      <h1 className="text-3xl font-bold">{t("notFoundTitle")}</h1>
      <p className="mt-4 text-slate-600">{t("notFoundText")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LocalLink
          to="/shop/sidebar/list"
          className="inline-block rounded bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          {t("browseAllProducts")}
        </LocalLink>
        <LocalLink
          to="/"
          className="inline-block rounded border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:border-brand hover:text-brand"
        >
          {t("backToHomepage")}
        </LocalLink>
      </div>
    </section>
  );
}
