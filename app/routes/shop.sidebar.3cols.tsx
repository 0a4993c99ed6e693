import { requestEnv } from "../context";
import { Listing } from "../features/catalog/Listing";
import { loadListing } from "../features/catalog/listing.server";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/shop.sidebar.3cols";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadListing(context.get(requestEnv), request, "3cols");
}

export function meta(args: Route.MetaArgs) {
  const p = args.data?.params;
  return seoMeta(args, {
    page: "listing",
    path: "/shop/sidebar/3cols",
    title: p?.title || args.data?.brandLabel || (p?.searchTerm ? `Search: ${p.searchTerm}` : undefined),
  });
}

export default function ShopGrid({ loaderData }: Route.ComponentProps) {
  return <Listing data={loaderData} />;
}
