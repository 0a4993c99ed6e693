import { requestEnv } from "../context";
import { Listing } from "../features/catalog/Listing";
import { loadListing } from "../features/catalog/listing.server";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/shop.sidebar.list";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(requestEnv), request, "list");
}

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    page: "listing",
    path: "/shop/sidebar/list",
    title: args.data?.params.title || undefined,
  });
}

export default function ShopList({ loaderData }: Route.ComponentProps) {
  return <Listing data={loaderData} />;
}
