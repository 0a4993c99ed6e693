import { LEGAL_PAGES, legalSections } from "../../services/content";
import { requestEnv } from "../context";
import { LegalPage } from "../features/content/LegalPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.returns";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { title: LEGAL_PAGES.returns, sections: await legalSections(store, "returns") };
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "returns", path: "/pages/returns" });

export default function ReturnsRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} path="/pages/returns" sections={loaderData.sections} />;
}
