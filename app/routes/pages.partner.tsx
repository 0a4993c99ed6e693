import { requestEnv } from "../context";
import { inquiryAction } from "../features/content/inquiry-action.server";
import { inquiryClientAction } from "../features/content/inquiry-client-action";
import { PartnerPage } from "../features/content/PartnerPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.partner";

export function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  // Without the store's own text the page writes the standard one in its language (PartnerPage).
  const intro = store.config.seo.pages?.partner?.description || null;
  return { storeName: store.config.name, intro };
}

export function action(args: Route.ActionArgs) {
  return inquiryAction(args, "partner");
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return inquiryClientAction(serverAction);
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "partner", path: "/pages/partner" });

export default function PartnerRoute({ loaderData }: Route.ComponentProps) {
  return <PartnerPage storeName={loaderData.storeName} intro={loaderData.intro} />;
}
