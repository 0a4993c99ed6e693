// The legal guarantee of conformity (Directive (EU) 2019/771), one of the three pages linked above
// the order button (docs/decisions/0049): the shop's own sections, edited with terms and returns.
import { useTranslations } from "use-intl";
import { legalSections } from "../../services/content";
import { requestEnv } from "../context";
import { LegalPage } from "../features/content/LegalPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.guarantee";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { sections: await legalSections(store, "guarantee") };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { page: "guarantee", path: "/pages/guarantee" });

export default function GuaranteeRoute({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("Trader");
  return <LegalPage title={t("guaranteeTitle")} path="/pages/guarantee" sections={loaderData.sections} />;
}
