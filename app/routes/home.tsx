import { useTranslations } from "use-intl";
import { requestEnv } from "../context";
import { OrganizationJsonLd } from "../features/content/StructuredData";
import {
  CategoryTiles,
  HeroSlider,
  HotDeals,
  NewProducts,
  ReviewsBlock,
  ShopByBrand,
} from "../features/home/HomeSections";
import { loadHome } from "../features/home/home.server";
import { LazyAdCube } from "../features/home/LazyAdCube";
import { seoMeta } from "../lib/seo";
import { BelowFold } from "../ui/BelowFold";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context.get(requestEnv));
}

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, { page: "home", path: "/" });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("Home");
  return (
    <div data-testid="home">
      <h1
        className={
          loaderData.empty ? "mx-auto max-w-xl px-4 pt-16 text-center text-2xl font-semibold" : "sr-only"
        }
      >
        {loaderData.storeName}
      </h1>
      {loaderData.empty ? (
        <p className="mx-auto max-w-xl px-4 pt-3 pb-16 text-center text-slate-700">{t("emptyShelves")}</p>
      ) : null}
      <HeroSlider data={loaderData} />
      <CategoryTiles data={loaderData} />
      <BelowFold id="home-new-products" estimatedHeight={530}>
        <NewProducts data={loaderData} />
      </BelowFold>
      <BelowFold id="home-hot-deals" estimatedHeight={560}>
        <HotDeals data={loaderData} />
      </BelowFold>
      <BelowFold id="home-brands" estimatedHeight={260}>
        <ShopByBrand data={loaderData} />
      </BelowFold>
      <BelowFold id="home-reviews" estimatedHeight={1800}>
        <ReviewsBlock data={loaderData} />
      </BelowFold>
      {loaderData.ad ? <LazyAdCube ad={loaderData.ad} /> : null}
      <OrganizationJsonLd />
    </div>
  );
}
