import { useTranslations } from "use-intl";
import { legalSections } from "../../services/content";
import { requestEnv } from "../context";
import { LegalPage } from "../features/content/LegalPage";
import { TraderIdentityBlock } from "../features/trader/TraderIdentity";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.terms";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { sections: await legalSections(store, "terms") };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "terms", path: "/pages/terms" });

export default function TermsRoute({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("Content");
  return (
    <LegalPage
      title={t("termsTitle")}
      path="/pages/terms"
      sections={loaderData.sections}
      before={<TraderIdentityBlock className="mb-8" />}
    />
  );
}
