import { LEGAL_PAGES, legalSections } from "../../services/content";
import { requestEnv } from "../context";
import { LegalPage } from "../features/content/LegalPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { title: LEGAL_PAGES.privacy, sections: await legalSections(store, "privacy") };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "privacy", path: "/pages/privacy" });

export default function PrivacyRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} path="/pages/privacy" sections={loaderData.sections} />;
}
