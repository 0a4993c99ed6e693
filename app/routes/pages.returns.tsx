import { useTranslations } from "use-intl";
import { legalSections } from "../../services/content";
import { requestEnv } from "../context";
import { LegalPage } from "../features/content/LegalPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.returns";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { sections: await legalSections(store, "returns") };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "returns", path: "/pages/returns" });

export default function ReturnsRoute({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("Content");
  return <LegalPage title={t("returnsTitle")} path="/pages/returns" sections={loaderData.sections} />;
}
