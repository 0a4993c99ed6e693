import { requestEnv } from "../context";
import { inquiryAction } from "../features/content/inquiry-action.server";
import { inquiryClientAction } from "../features/content/inquiry-client-action";
import { PartnerPage } from "../features/content/PartnerPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.partner";

export function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  const intro =
    store.config.seo.pages?.partner?.description ||
    `Run a shop, a kiosk or an online store? Stock the products of ${store.config.name} and grow with us.`;
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
