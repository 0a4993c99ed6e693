import { useTranslations } from "use-intl";
import { ComparePage } from "../features/compare/ComparePage";
import { PageHeader } from "../features/content/PageHeader";
import { metaTranslator } from "../lib/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop.compare";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, metaTranslator(matches, "Compare")("metaTitle"));

export default function ShopCompare() {
  const t = useTranslations("Compare");
  return (
    <>
      <PageHeader title={t("pageTitle")} path="/shop/compare" />
      <section className="mx-auto max-w-7xl px-4 py-8">
        <ComparePage />
      </section>
    </>
  );
}
