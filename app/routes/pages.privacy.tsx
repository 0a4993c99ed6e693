import { useTranslations } from "use-intl";
import { legalSections } from "../../services/content";
import { requestEnv } from "../context";
import { LegalPage } from "../features/content/LegalPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { sections: await legalSections(store, "privacy") };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "privacy", path: "/pages/privacy" });

export default function PrivacyRoute({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("Content");
  return <LegalPage title={t("privacyTitle")} path="/pages/privacy" sections={loaderData.sections} />;
}
