// The catalogue listing, in the spec's two layouts (/shop/sidebar/list and /shop/sidebar/3cols):
// one module, so the two cannot drift apart.
import { data } from "react-router";
import { requestEnv } from "../context";
import { Listing } from "../features/catalog/Listing";
import { type ListingLayout, loadListing } from "../features/catalog/listing.server";
import { listingFilterName } from "../features/catalog/listing-heading";
import { metaTranslator } from "../lib/i18n";
import { seoMeta } from "../lib/seo";
import type { RootData } from "../root-data";
import type { Route } from "./+types/shop.sidebar.$layout";

const LAYOUTS: readonly ListingLayout[] = ["list", "3cols"];

function isLayout(value: string): value is ListingLayout {
  return (LAYOUTS as readonly string[]).includes(value);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!isLayout(params.layout)) throw data(null, { status: 404 });
  return loadListing(context.get(requestEnv), request, params.layout);
}

// The title names the filter as the heading does (category, brand, search term); unfiltered, the
// store's own listing title applies.
export function meta(args: Route.MetaArgs) {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const t = metaTranslator(args.matches, "Catalog");
  const name = args.data
    ? listingFilterName(
        args.data.params,
        args.data.brandLabel,
        root?.layout.menu ?? [],
        (term) => t("resultsFor", { term }),
        root?.lang ?? "en",
      )
    : null;
  return seoMeta(args, {
    page: "listing",
    path: `/shop/sidebar/${args.params.layout}`,
    title: name?.text,
  });
}

export default function ShopListing({ loaderData }: Route.ComponentProps) {
  return <Listing data={loaderData} />;
}
