// Categories (master, popular, menu), brands and slides, and the per-store cache of what the
// layout shows on every page, so a page view does not re-query the menus.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Brand, MasterCategory, MenuCategory, PopularCategory, Slide } from "../../core/api/catalog";
import { queryRows } from "../../db/client";
import { brands, categories, masterCategories, slides } from "../../db/store/schema";
import { storeKey, TtlCache } from "../cache";
import type { StoreContext } from "../context";
import { readsSource, translated, translationJoin, untranslatedFields } from "../translation";

export async function listMasterCategories(store: StoreContext): Promise<MasterCategory[]> {
  return store.db
    .select({
      id: masterCategories.id,
      code: masterCategories.code,
      name: masterCategories.description,
      slug: masterCategories.slug,
      seq: masterCategories.seq,
      image: masterCategories.image,
    })
    .from(masterCategories)
    .orderBy(asc(masterCategories.seq), asc(masterCategories.id));
}

export async function listPopularCategories(store: StoreContext): Promise<PopularCategory[]> {
  return store.db
    .select({
      id: categories.id,
      code: categories.code,
      name: categories.description,
      slug: categories.slug,
      image: categories.image,
      masterId: categories.masterId,
      popularOrder: categories.popularOrder,
    })
    .from(categories)
    .where(eq(categories.popular, true))
    .orderBy(asc(categories.popularOrder), asc(categories.id));
}

/** Master categories with their sub-categories: the category dropdown and the mobile menu. */
export async function listCategoryMenu(store: StoreContext): Promise<MenuCategory[]> {
  const [masters, subs] = await Promise.all([
    listMasterCategories(store),
    store.db
      .select({
        id: categories.id,
        code: categories.code,
        name: categories.description,
        slug: categories.slug,
        image: categories.image,
        masterId: categories.masterId,
      })
      .from(categories)
      .orderBy(asc(categories.seq), asc(categories.id)),
  ]);
  return masters.map((m) => ({
    ...m,
    subcategories: subs.filter((s) => s.masterId === m.id).map(({ masterId: _m, ...s }) => s),
  }));
}

export async function listBrands(store: StoreContext, opts: { homeOnly?: boolean } = {}): Promise<Brand[]> {
  return store.db
    .select({
      id: brands.id,
      name: brands.name,
      code: brands.code,
      seq: brands.seq,
      showHome: brands.showHome,
      image: brands.image,
    })
    .from(brands)
    .where(opts.homeOnly ? eq(brands.showHome, true) : sql`true`)
    .orderBy(asc(brands.seq), asc(brands.name));
}

/**
 * The slides the hero shows (display flag set), in order, their words in the store's language
 * (slide_translations, field by field, else English; `untranslated` names the English ones).
 */
export async function listSlides(store: StoreContext): Promise<Slide[]> {
  const { lang } = store;
  if (readsSource(lang))
    return store.db
      .select({
        id: slides.id,
        imageSrc: slides.imageSrc,
        display: slides.display,
        introSubtitle: slides.introSubtitle,
        introTitle1: slides.introTitle1,
        introTitle2: slides.introTitle2,
        introTitle3: slides.introTitle3,
        price: slides.price,
        priceDecimal: slides.priceDecimal,
        link: slides.link,
        linkTitle: slides.linkTitle,
      })
      .from(slides)
      .where(and(eq(slides.display, true)))
      .orderBy(asc(slides.seq), asc(slides.id));
  const words = {
    introSubtitle: "intro_subtitle",
    introTitle1: "intro_title1",
    introTitle2: "intro_title2",
    introTitle3: "intro_title3",
    linkTitle: "link_title",
  } as const;
  const rows = await queryRows<Slide & { untranslated: string[] }>(
    store.db,
    sql`select s.id, s.image_src as "imageSrc", s.display,
               ${sql.join(
                 Object.entries(words).map(
                   ([name, column]) =>
                     sql`${translated(lang, "t", column, sql`s.${sql.identifier(column)}`)} as ${sql.identifier(name)}`,
                 ),
                 sql`, `,
               )},
               s.price, s.price_decimal as "priceDecimal", s.link,
               ${untranslatedFields(lang, "t", words)} as untranslated
          from slides s
          ${translationJoin(lang, "slide_translations", "t", "slide_id", sql`s.id`)}
         where s.display = true
         order by s.seq, s.id`,
  );
  // A field the slide leaves empty is not English text on the page.
  return rows.map((r) => ({
    ...r,
    untranslated: r.untranslated.filter((f) => Boolean(r[f as keyof typeof words])),
  }));
}

export interface LayoutData {
  menu: MenuCategory[];
}

/** A store's menus, reused for a minute. */
const layoutCache = new TtlCache<LayoutData>(60_000);

/** The layout's menus, read at most once a minute per store. */
export function layoutData(store: StoreContext, now = Date.now()): Promise<LayoutData> {
  return layoutCache.get(
    storeKey(store.config.id, "menu"),
    store.db,
    () => listCategoryMenu(store).then((menu) => ({ menu })),
    now,
  );
}
