// /brands: the brand overview the home page's 'Show all Brands' opens. Each brand shows its logo
// (which carries its name; a brand without one shows its name) and opens the listing filtered to it.
import { useTranslations } from "use-intl";
import { requestEnv } from "../context";
import { loadBrands } from "../features/brands/brands.server";
import { PageHeader } from "../features/content/PageHeader";
import { metaTranslator } from "../lib/i18n";
import { LocalLink } from "../lib/localized";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/brands";

export async function loader({ context }: Route.LoaderArgs) {
  return loadBrands(context.get(requestEnv));
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    page: "other",
    title: metaTranslator(args.matches, "Home")("brandsTitle"),
    path: "/brands",
  });

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { brands } = loaderData;
  const t = useTranslations("Home");
  return (
    <>
      <PageHeader title={t("brandsTitle")} path="/brands" />
      <section className="mx-auto max-w-7xl px-4 py-8" data-testid="brands-overview">
        {brands.length === 0 ? (
          <p className="text-slate-600">{t("noBrands")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4 xl:grid-cols-6">
            {brands.map((b) => (
              <li key={b.id}>
                <LocalLink
                  to={b.href}
                  data-testid="brand-overview-tile"
                  className="group block h-full overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:border-brand hover:shadow-md"
                >
                  {b.image ? (
                    // The logo carries the brand's name: it names the link, no caption repeats it.
                    <img
                      src={b.image}
                      alt={b.name}
                      width={400}
                      height={200}
                      loading="lazy"
                      className="aspect-[2/1] w-full object-contain"
                    />
                  ) : (
                    <span className="flex aspect-[2/1] items-center justify-center bg-slate-50 px-3 text-center text-lg font-semibold text-slate-800 group-hover:text-brand">
                      {b.name}
                    </span>
                  )}
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
