// Categories (master, popular, menu), brands and slides, kept per store and language in this
// process: every storefront page reads some of them (the menus on all, the home page's tiles,
// deal tabs, brands and slides, the listing's brand filter), and they change only when the store
// does. Any change of the store forgets them at once (storeChanged, services/cache.ts; other
// instances through services/change-bus.ts), and the minute's TTL bounds a missed message.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Brand, MasterCategory, MenuCategory, PopularCategory, Slide } from "../../core/api/catalog";
import { safeLink } from "../../core/safe-redirect";
import type { Untranslated } from "../../core/translation";
import { queryRows } from "../../db/client";
import {
  brands,
  categories,
  categoryTranslations,
  masterCategories,
  masterCategoryTranslations,
  slides,
} from "../../db/store/schema";
import { storeKey, TtlCache } from "../cache";
import type { StoreContext } from "../context";
import { readsSource, translated, translationJoin, untranslatedFields } from "../translation";

/** `untranslated` of a category read in another language: ["name"] where it fell back, else absent. */
function fellBack<T extends { untranslated?: unknown }>(row: T): Omit<T, "untranslated"> & Untranslated {
  const { untranslated, ...rest } = row;
  const list = Array.isArray(untranslated) ? (untranslated as string[]) : [];
  return list.length > 0 ? { ...rest, untranslated: list } : rest;
}

// The translation tables as `t`, the alias nameColumns reads.
const masterTranslations = alias(masterCategoryTranslations, "t");
const subTranslations = alias(categoryTranslations, "t");

/** A category table's description in the reading language, and whether it fell back. */
function nameColumns(lang: StoreContext["lang"], base: SQL) {
  return {
    name: sql<string>`${translated(lang, "t", "description", base)}`,
    untranslated: sql<string[] | null>`${untranslatedFields(lang, "t", { name: "description" })}`,
  };
}

async function readMasterCategories(store: StoreContext): Promise<MasterCategory[]> {
  const lang = store.lang;
  if (readsSource(lang)) {
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
  const rows = await store.db
    .select({
      id: masterCategories.id,
      code: masterCategories.code,
      ...nameColumns(lang, sql`${masterCategories.description}`),
      slug: masterCategories.slug,
      seq: masterCategories.seq,
      image: masterCategories.image,
    })
    .from(masterCategories)
    .leftJoin(
      masterTranslations,
      and(eq(masterTranslations.masterId, masterCategories.id), eq(masterTranslations.lang, lang)),
    )
    .orderBy(asc(masterCategories.seq), asc(masterCategories.id));
  return rows.map(fellBack);
}

/** Sub-categories (those `where` picks) with their names in the reading language. */
async function readCategories(store: StoreContext, where: SQL | undefined, order: SQL[]) {
  const lang = store.lang;
  const columns = {
    id: categories.id,
    code: categories.code,
    slug: categories.slug,
    image: categories.image,
    masterId: categories.masterId,
    popularOrder: categories.popularOrder,
  };
  if (readsSource(lang)) {
    return store.db
      .select({ ...columns, name: categories.description })
      .from(categories)
      .where(where)
      .orderBy(...order);
  }
  const rows = await store.db
    .select({ ...columns, ...nameColumns(lang, sql`${categories.description}`) })
    .from(categories)
    .leftJoin(
      subTranslations,
      and(eq(subTranslations.categoryId, categories.id), eq(subTranslations.lang, lang)),
    )
    .where(where)
    .orderBy(...order);
  return rows.map(fellBack);
}

async function readPopularCategories(store: StoreContext): Promise<PopularCategory[]> {
  const rows = await readCategories(store, eq(categories.popular, true), [
    asc(categories.popularOrder),
    asc(categories.id),
  ]);
  return rows.map(({ id, code, name, slug, image, masterId, popularOrder, ...rest }) => ({
    id,
    code,
    name,
    slug,
    image,
    masterId,
    popularOrder,
    ...rest,
  }));
}

/** Master categories with their sub-categories: the category dropdown and the mobile menu. */
async function readCategoryMenu(store: StoreContext): Promise<MenuCategory[]> {
  const [masters, subs] = await Promise.all([
    readMasterCategories(store),
    readCategories(store, undefined, [asc(categories.seq), asc(categories.id)]),
  ]);
  return masters.map((m) => ({
    ...m,
    subcategories: subs
      .filter((s) => s.masterId === m.id)
      .map(({ masterId: _m, popularOrder: _p, ...s }) => s),
  }));
}

async function readBrands(store: StoreContext, opts: { homeOnly?: boolean } = {}): Promise<Brand[]> {
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
async function readSlides(store: StoreContext): Promise<Slide[]> {
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

/**
 * A store's taxonomy as read, per store, language and list, reused for a minute. The values are
 * shared between requests: callers map them, never change them.
 */
const taxonomyCache = new TtlCache<unknown>(60_000);

function kept<T>(store: StoreContext, list: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  return taxonomyCache.get(
    storeKey(store.config.id, `${list}:${store.lang}`),
    store.db,
    load,
    now,
  ) as Promise<T>;
}

export function listMasterCategories(store: StoreContext): Promise<MasterCategory[]> {
  return kept(store, "masters", () => readMasterCategories(store));
}

export function listPopularCategories(store: StoreContext): Promise<PopularCategory[]> {
  return kept(store, "popular", () => readPopularCategories(store));
}

/** Master categories with their sub-categories: the category dropdown and the mobile menu. */
export function listCategoryMenu(store: StoreContext): Promise<MenuCategory[]> {
  return kept(store, "menu", () => readCategoryMenu(store));
}

export function listBrands(store: StoreContext, opts: { homeOnly?: boolean } = {}): Promise<Brand[]> {
  return kept(store, opts.homeOnly ? "brands:home" : "brands", () => readBrands(store, opts));
}

export function listSlides(store: StoreContext): Promise<Slide[]> {
  // A link stored before the one local-link rule (core/safe-redirect.ts) is not shown.
  return kept(store, "slides", () =>
    readSlides(store).then((list) => list.map((slide) => ({ ...slide, link: safeLink(slide.link) }))),
  );
}

/** The layout's menus, read at most once a minute per store and language. */
export function layoutData(store: StoreContext, now = Date.now()): Promise<LayoutData> {
  // The kept menu itself: the category dropdown and the layout do not each read it.
  return kept(store, "layout", () => listCategoryMenu(store).then((menu) => ({ menu })), now);
}
