// The back office's content: the about and contact pages' texts and pictures (page_content),
// the terms / privacy / returns sections, hero slides, the store's SEO text (control database,
// stores.seo), shipping methods, warehouses and stored reviews. Every save is one transaction
// per database, versioned and audited (services/admin/content-records.ts).
// Throws ServiceError: invalid (details.fields), duplicate, not_found, edit_conflict.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  joinSlidePrice,
  type NewWarehouseInput,
  PAGE_CONTENT_GROUPS,
  type PageContentGroup,
  type PageContentInput,
  type ReviewInput,
  SEO_FIELDS,
  SEO_PAGE_KEYS,
  type SectionInput,
  type SeoField,
  type SeoInput,
  type ShippingInput,
  type SlideInput,
  splitSlidePrice,
  type WarehouseInput,
} from "../../core/admin/content";
import { type TranslationLang, translationLangs } from "../../core/admin/translations";
import type {
  AdminPageContent,
  AdminReview,
  AdminSection,
  AdminSeo,
  AdminShipping,
  AdminSlide,
  AdminWarehouse,
} from "../../core/api/admin/content";
import type { Db, Tx } from "../../db/client";
import type * as controlSchema from "../../db/control/schema";
import { type StoreSeo, type StoreSeoText, stores } from "../../db/control/schema";
import {
  contentSections,
  pageContent,
  reviews,
  shippingMethods,
  slides,
  warehouses,
} from "../../db/store/schema";
import { sanitizeContentHtml } from "../content";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { assertVersion, recordAudit, type StaffActor, versionOf } from "./audit";
import {
  assertUnique,
  countWhere,
  createRecord,
  deleteRecord,
  fieldError,
  notFound,
  type RecordKind,
  type Row,
  readRow,
  reorderRecords,
  updateRecord,
  withTranslations,
} from "./content-records";
import { type ImageRendition, storeUploadedPicture } from "./images";
import {
  assertOffered,
  noTranslations,
  readRecordTranslations,
  readTranslations,
  type TranslationTable,
  translatedHtml,
  writeTranslations,
} from "./translations";

type Out<S extends z.ZodType> = z.output<S>;
export interface PageArgs {
  page: number;
  limit: number;
}

async function paged<T>(
  store: StoreContext,
  q: PageArgs,
  kind: RecordKind,
  order: SQL[],
  view: (row: Row) => T,
  where?: SQL,
) {
  const [found, total] = await Promise.all([
    store.db
      .select()
      .from(kind.table)
      .where(where ?? sql`true`)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    countWhere(store.db, kind.table, where),
  ]);
  const rows = await withTranslations(store, store.db, kind, found as Row[]);
  return { items: (rows as Row[]).map(view), total, page: q.page, limit: q.limit };
}

// ---- page content

type PositionInfo = { group: PageContentGroup; label: string; image: boolean };
const POSITIONS = new Map<string, PositionInfo>(
  (
    Object.entries(PAGE_CONTENT_GROUPS) as [
      PageContentGroup,
      (typeof PAGE_CONTENT_GROUPS)[PageContentGroup],
    ][]
  ).flatMap(([group, g]) =>
    Object.entries(g.positions).map(
      ([position, p]) => [position, { group, label: p.label, image: p.image }] as const,
    ),
  ),
);

const PAGE_CONTENT_TRANSLATIONS: TranslationTable<"text"> = {
  table: "page_content_translations",
  key: "page_content_id",
  columns: { text: "text" },
};
type PageContentTranslations = AdminPageContent["translations"];

/**
 * The stored record of a position with its translations (what its version and audit cover), or
 * what the storefront assumes when there is none.
 */
function positionRecord(position: string, row: Row | undefined, translations: PageContentTranslations) {
  return row
    ? {
        id: row.id as number,
        position,
        text: row.text as string,
        img: (row.img as string | null) ?? null,
        translations,
      }
    : { id: null, position, text: "", img: null, translations };
}

function pageContentView(
  position: string,
  row: Row | undefined,
  translations: PageContentTranslations,
): AdminPageContent {
  const info = POSITIONS.get(position) as PositionInfo;
  const record = positionRecord(position, row, translations);
  return {
    position,
    ...info,
    text: record.text,
    img: record.img,
    translations,
    version: versionOf(record),
  };
}

export async function listPageContent(store: StoreContext): Promise<{ items: AdminPageContent[] }> {
  const rows = await store.db
    .select()
    .from(pageContent)
    .where(sql`${pageContent.position} in ${[...POSITIONS.keys()]}`);
  const byPosition = new Map(rows.map((r) => [r.position, r as Row]));
  const translated = await readTranslations(
    store,
    store.db,
    PAGE_CONTENT_TRANSLATIONS,
    rows.map((r) => r.id),
  );
  return {
    items: [...POSITIONS.keys()].map((p) => {
      const row = byPosition.get(p);
      const translations = row
        ? (translated.get(row.id) ?? {})
        : noTranslations(store, PAGE_CONTENT_TRANSLATIONS);
      return pageContentView(p, row, translations);
    }),
  };
}

export async function updatePageContent(
  store: StoreContext,
  actor: StaffActor,
  position: string,
  input: Out<typeof PageContentInput> & { version: string },
): Promise<AdminPageContent> {
  const info = POSITIONS.get(position);
  if (!info) throw new ServiceError("not_found", "There is no such place on the about or contact page.");
  if (!info.image && input.img) throw fieldError("img", "This place shows text only: remove the picture.");
  const row = await store.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(pageContent)
      .where(eq(pageContent.position, position))
      .for("update");
    const before = positionRecord(
      position,
      current as Row | undefined,
      current
        ? await readRecordTranslations(store, tx, PAGE_CONTENT_TRANSLATIONS, current.id)
        : noTranslations(store, PAGE_CONTENT_TRANSLATIONS),
    );
    assertVersion(before, input.version);
    const values = { text: input.text, img: info.image ? input.img : before.img };
    const [saved] = current
      ? await tx.update(pageContent).set(values).where(eq(pageContent.id, current.id)).returning()
      : await tx
          .insert(pageContent)
          .values({ position, ...values })
          .onConflictDoUpdate({ target: pageContent.position, set: values })
          .returning();
    if (!saved) throw new Error("page_content write returned nothing");
    await writeTranslations(store, tx, PAGE_CONTENT_TRANSLATIONS, saved.id, input.translations);
    const translations = await readRecordTranslations(store, tx, PAGE_CONTENT_TRANSLATIONS, saved.id);
    await recordAudit(tx, actor, {
      action: "page_content.update",
      entity: "page_content",
      entityId: position,
      summary: `Changed "${info.label}" on the ${PAGE_CONTENT_GROUPS[info.group].title.toLowerCase()}`,
      before: { text: before.text, img: before.img, translations: before.translations },
      after: { text: saved.text, img: saved.img, translations },
    });
    return { row: saved as Row, translations };
  });
  return pageContentView(position, row.row, row.translations);
}

// ---- sections

export const SECTION_KIND = {
  table: contentSections,
  entity: "content_section",
  noun: "page section",
  label: (r: Row) => `"${r.title}" (${r.page})`,
  seq: contentSections.seq,
  seqKey: "seq",
  translations: {
    table: "content_section_translations",
    key: "section_id",
    columns: { title: "title", bodyHtml: "body_html" },
  },
} satisfies RecordKind;

const sectionView = (row: Row): AdminSection => ({
  id: row.id,
  page: row.page,
  seq: row.seq,
  title: row.title,
  bodyHtml: row.bodyHtml,
  translations: row.translations,
  version: versionOf(row),
});

export function listSections(store: StoreContext, q: PageArgs & { legal?: string }) {
  return paged(
    store,
    q,
    SECTION_KIND,
    [asc(contentSections.page), asc(contentSections.seq), asc(contentSections.id)],
    sectionView,
    q.legal ? eq(contentSections.page, q.legal) : undefined,
  );
}

export async function getSection(store: StoreContext, id: number) {
  return sectionView(await readRow(store, SECTION_KIND, id));
}

function sectionValues(input: Out<typeof SectionInput>) {
  const bodyHtml = sanitizeContentHtml(input.bodyHtml).trim();
  if (!bodyHtml.replace(/<[^>]*>/g, "").trim())
    throw fieldError("bodyHtml", "Enter the section's text (markup alone is not text).");
  const el = input.translations?.el;
  const translations = el
    ? { el: { title: el.title, bodyHtml: translatedHtml(el.bodyHtml, sanitizeContentHtml) } }
    : input.translations;
  return { page: input.page, title: input.title, bodyHtml, seq: input.seq, translations };
}

export async function createSection(store: StoreContext, actor: StaffActor, input: Out<typeof SectionInput>) {
  return sectionView(await createRecord(store, actor, SECTION_KIND, sectionValues(input)));
}

export async function updateSection(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: Out<typeof SectionInput> & { version: string },
) {
  return sectionView(await updateRecord(store, actor, SECTION_KIND, id, input.version, sectionValues(input)));
}

export async function deleteSection(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, SECTION_KIND, id, version);
}

export async function reorderSections(store: StoreContext, actor: StaffActor, page: string, ids: number[]) {
  await reorderRecords(store, actor, SECTION_KIND, ids, eq(contentSections.page, page), `of ${page}`);
}

// ---- slides

export const SLIDE_KIND = {
  table: slides,
  entity: "slide",
  noun: "slide",
  label: (r: Row) => `#${r.id}${r.introTitle1 ? ` (${r.introTitle1})` : ""}`,
  seq: slides.seq,
  seqKey: "seq",
  translations: {
    table: "slide_translations",
    key: "slide_id",
    columns: {
      introSubtitle: "intro_subtitle",
      introTitle1: "intro_title1",
      introTitle2: "intro_title2",
      introTitle3: "intro_title3",
      linkTitle: "link_title",
    },
  },
} satisfies RecordKind;

const slideView = (row: Row): AdminSlide => ({
  id: row.id,
  seq: row.seq,
  imageSrc: row.imageSrc,
  display: row.display,
  introSubtitle: row.introSubtitle,
  introTitle1: row.introTitle1,
  introTitle2: row.introTitle2,
  introTitle3: row.introTitle3,
  price: joinSlidePrice(row.price, row.priceDecimal),
  link: row.link ?? "",
  linkTitle: row.linkTitle,
  translations: row.translations,
  version: versionOf(row),
});

export function listSlides(store: StoreContext, q: PageArgs) {
  return paged(store, q, SLIDE_KIND, [asc(slides.seq), asc(slides.id)], slideView);
}

export async function getSlide(store: StoreContext, id: number) {
  return slideView(await readRow(store, SLIDE_KIND, id));
}

function slideValues(input: Out<typeof SlideInput>) {
  const [price, priceDecimal] = splitSlidePrice(input.price);
  return {
    imageSrc: input.imageSrc,
    display: input.display,
    introSubtitle: input.introSubtitle,
    introTitle1: input.introTitle1,
    introTitle2: input.introTitle2,
    introTitle3: input.introTitle3,
    price,
    priceDecimal,
    link: input.link || null,
    linkTitle: input.linkTitle,
    seq: input.seq,
    translations: input.translations,
  };
}

export async function createSlide(store: StoreContext, actor: StaffActor, input: Out<typeof SlideInput>) {
  return slideView(await createRecord(store, actor, SLIDE_KIND, slideValues(input)));
}

export async function updateSlide(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: Out<typeof SlideInput> & { version: string },
) {
  return slideView(await updateRecord(store, actor, SLIDE_KIND, id, input.version, slideValues(input)));
}

export async function deleteSlide(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, SLIDE_KIND, id, version);
}

export async function reorderSlides(store: StoreContext, actor: StaffActor, ids: number[]) {
  await reorderRecords(store, actor, SLIDE_KIND, ids);
}

// ---- SEO text (control database)

export type ControlDb = Db<typeof controlSchema>;

function seoOf(seo: StoreSeo) {
  return {
    title: seo.title ?? "",
    description: seo.description ?? "",
    keywords: seo.keywords ?? "",
    pages: seo.pages ?? {},
  };
}

type SeoTranslations = AdminSeo["translations"];

/** A language's SEO text as the form's flat fields (null: not translated, the English shows). */
function flatSeo(text: Partial<StoreSeoText> | undefined): Record<SeoField, string | null> {
  const field = (f: SeoField): string | null => {
    const [page, part] = f.split("-") as [string, "title" | "description" | undefined];
    const value = part ? text?.pages?.[page]?.[part] : text?.[f as "title" | "description" | "keywords"];
    return value ? value : null;
  };
  return Object.fromEntries(SEO_FIELDS.map((f) => [f, field(f)])) as Record<SeoField, string | null>;
}

/** The form's flat fields back into a language's SEO text; undefined when nothing is translated. */
function nestedSeo(fields: Record<SeoField, string | null>): Partial<StoreSeoText> | undefined {
  const out: Partial<StoreSeoText> = {};
  const pages: Record<string, { title: string; description: string }> = {};
  for (const f of SEO_FIELDS) {
    const value = fields[f];
    if (!value) continue;
    const [page, part] = f.split("-") as [string, "title" | "description" | undefined];
    if (part) pages[page] = { ...(pages[page] ?? { title: "", description: "" }), [part]: value };
    else out[f as "title" | "description" | "keywords"] = value;
  }
  if (Object.keys(pages).length > 0) out.pages = pages;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The Greek (and any other offered language's) SEO text, for each language the store offers beyond English. */
function seoTranslations(store: StoreContext, seo: StoreSeo): SeoTranslations {
  return Object.fromEntries(
    translationLangs(store.config.languages).map((l) => [l, flatSeo(seo.translations?.[l])]),
  ) as SeoTranslations;
}

function seoView(store: StoreContext, seo: StoreSeo): AdminSeo {
  const translations = seoTranslations(store, seo);
  return { ...seoOf(seo), translations, version: versionOf({ ...seoOf(seo), translations }) };
}

/** The registry's translations after a save: the languages sent replaced, the others kept. */
function nextSeoTranslations(
  store: StoreContext,
  current: StoreSeo["translations"],
  input: Out<typeof SeoInput>["translations"],
): StoreSeo["translations"] {
  if (!input) return current;
  const next = { ...current };
  for (const [lang, fields] of Object.entries(input) as [
    TranslationLang,
    Record<SeoField, string | null>,
  ][]) {
    if (!fields) continue;
    assertOffered(store, lang);
    const text = nestedSeo(fields);
    if (text) next[lang] = text;
    else delete next[lang];
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

async function seoRow(db: ControlDb | Tx<typeof controlSchema>, storeId: string, lock: boolean) {
  const q = db.select({ seo: stores.seo }).from(stores).where(eq(stores.id, storeId));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new ServiceError("not_found", "This shop is not in the registry any more.");
  return row.seo;
}

export async function getSeo(store: StoreContext, control: ControlDb): Promise<AdminSeo> {
  return seoView(store, await seoRow(control, store.config.id, false));
}

/**
 * Saves the SEO text in the registry (control database) and its audit entry in the store's.
 * A page whose title and description are both empty is removed (it falls back to the defaults);
 * pages this form does not know are kept as they are.
 */
export async function updateSeo(
  store: StoreContext,
  actor: StaffActor,
  control: ControlDb,
  input: Out<typeof SeoInput> & { version: string },
): Promise<AdminSeo> {
  return store.db.transaction(async (tx) => {
    const { before, after } = await control.transaction(async (ctl) => {
      const current = await seoRow(ctl, store.config.id, true);
      assertVersion({ ...seoOf(current), translations: seoTranslations(store, current) }, input.version);
      const pages: Record<string, { title: string; description: string }> = { ...(current.pages ?? {}) };
      for (const key of SEO_PAGE_KEYS) {
        const entry = input.pages[key];
        if (!entry) continue;
        if (entry.title || entry.description)
          pages[key] = { title: entry.title, description: entry.description };
        else delete pages[key];
      }
      const next: StoreSeo = {
        title: input.title,
        description: input.description,
        ...(input.keywords ? { keywords: input.keywords } : {}),
        pages,
      };
      const translations = nextSeoTranslations(store, current.translations, input.translations);
      if (translations) next.translations = translations;
      await ctl.update(stores).set({ seo: next }).where(eq(stores.id, store.config.id));
      return { before: current, after: next };
    });
    const changed = [
      ...(["title", "description", "keywords"] as const).filter(
        (k) => (before[k] ?? "") !== (after[k] ?? ""),
      ),
      ...[...new Set([...Object.keys(before.pages ?? {}), ...Object.keys(after.pages ?? {})])]
        .filter((k) => JSON.stringify(before.pages?.[k] ?? null) !== JSON.stringify(after.pages?.[k] ?? null))
        .map((k) => `pages.${k}`),
      ...(JSON.stringify(before.translations ?? null) !== JSON.stringify(after.translations ?? null)
        ? ["translations"]
        : []),
    ];
    await recordAudit(tx, actor, {
      action: "seo.update",
      entity: "seo",
      entityId: store.config.id,
      summary: changed.length
        ? `Changed the SEO text: ${changed.join(", ")}`
        : "Saved the SEO text unchanged",
      before,
      after,
    });
    return seoView(store, after);
  });
}

// ---- shipping methods

export const SHIPPING_KIND = {
  table: shippingMethods,
  entity: "shipping_method",
  noun: "shipping method",
  label: (r: Row) => `"${r.description}"`,
  seq: shippingMethods.seq,
  seqKey: "seq",
  translations: {
    table: "shipping_method_translations",
    key: "shipping_method_id",
    columns: { description: "description" },
  },
} satisfies RecordKind;

const shippingView = (row: Row): AdminShipping => ({
  id: row.id,
  description: row.description,
  costCents: row.costCents,
  weightBands: row.weightBands ?? [],
  countries: row.countries ?? null,
  seq: row.seq,
  active: row.active,
  translations: row.translations,
  version: versionOf(row),
});

export async function listShipping(store: StoreContext, q: PageArgs) {
  const page = await paged(
    store,
    q,
    SHIPPING_KIND,
    [asc(shippingMethods.seq), asc(shippingMethods.id)],
    shippingView,
  );
  return {
    ...page,
    storeCountries: store.config.countries.map((c) => ({ code: c.code.toUpperCase(), name: c.name })),
  };
}

export async function getShipping(store: StoreContext, id: number) {
  return shippingView(await readRow(store, SHIPPING_KIND, id));
}

function shippingValues(store: StoreContext, input: Out<typeof ShippingInput>) {
  let countries: string[] | null = null;
  if (input.countries !== null) {
    const known = new Set(store.config.countries.map((c) => c.code.toUpperCase()));
    const unknown = input.countries.filter((c) => !known.has(c));
    if (unknown.length)
      throw fieldError(
        "countries",
        `The shop does not ship to ${unknown.join(", ")}: choose from its country list.`,
      );
    if (input.countries.length === 0)
      throw fieldError("countries", "Choose at least one country, or let it ship to every country.");
    countries = [...new Set(input.countries)];
  }
  return {
    description: input.description,
    costCents: input.costCents,
    weightBands: input.weightBands,
    countries,
    seq: input.seq,
    active: input.active,
    translations: input.translations,
  };
}

export async function createShipping(
  store: StoreContext,
  actor: StaffActor,
  input: Out<typeof ShippingInput>,
) {
  return shippingView(await createRecord(store, actor, SHIPPING_KIND, shippingValues(store, input)));
}

export async function updateShipping(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: Out<typeof ShippingInput> & { version: string },
) {
  return shippingView(
    await updateRecord(store, actor, SHIPPING_KIND, id, input.version, shippingValues(store, input)),
  );
}

/** Orders keep the method's description and cost, so a method can go; a pending checkout then asks again. */
export async function deleteShipping(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, SHIPPING_KIND, id, version);
}

export async function reorderShipping(store: StoreContext, actor: StaffActor, ids: number[]) {
  await reorderRecords(store, actor, SHIPPING_KIND, ids);
}

// ---- warehouses

export const WAREHOUSE_KIND = {
  table: warehouses,
  entity: "warehouse",
  noun: "warehouse",
  label: (r: Row) => `${r.code} (${r.webDescription})`,
} satisfies RecordKind;

const warehouseView = (row: Row): AdminWarehouse => ({
  id: row.id,
  code: row.code,
  webDescription: row.webDescription,
  phone: row.phone,
  email: row.email,
  workingDays: row.workingDays,
  weekend: row.weekend,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  showOnWeb: row.showOnWeb,
  version: versionOf(row),
});

export function listWarehouses(store: StoreContext, q: PageArgs) {
  return paged(store, q, WAREHOUSE_KIND, [asc(warehouses.id)], warehouseView);
}

export async function getWarehouse(store: StoreContext, id: number) {
  return warehouseView(await readRow(store, WAREHOUSE_KIND, id));
}

function coordinates(input: { latitude: number | null; longitude: number | null }) {
  if ((input.latitude === null) !== (input.longitude === null))
    throw fieldError(
      input.latitude === null ? "latitude" : "longitude",
      "Enter both the latitude and the longitude, or neither.",
    );
}

export async function createWarehouse(
  store: StoreContext,
  actor: StaffActor,
  input: Out<typeof NewWarehouseInput>,
) {
  coordinates(input);
  const row = await createRecord(store, actor, WAREHOUSE_KIND, input, {
    check: (tx) =>
      assertUnique(
        tx,
        WAREHOUSE_KIND,
        warehouses.code,
        input.code,
        null,
        "code",
        "Another warehouse has this code.",
      ),
  });
  return warehouseView(row);
}

export async function updateWarehouse(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: Out<typeof WarehouseInput> & { version: string },
) {
  coordinates(input);
  const { version, ...values } = input;
  return warehouseView(await updateRecord(store, actor, WAREHOUSE_KIND, id, version, values));
}

// ---- stored reviews

export const REVIEW_KIND = {
  table: reviews,
  entity: "review",
  noun: "review",
  label: (r: Row) => `by ${r.authorName} (${r.rating}/5)`,
} satisfies RecordKind;

const isoDay = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : "");

const reviewView = (row: Row): AdminReview => ({
  id: row.id,
  authorName: row.authorName,
  rating: row.rating,
  text: row.text,
  date: isoDay(row.time ?? row.fetchedAt),
  version: versionOf(row),
});

const STORED = eq(reviews.source, "stored");

export function listReviews(store: StoreContext, q: PageArgs) {
  return paged(
    store,
    q,
    REVIEW_KIND,
    [desc(sql`coalesce(${reviews.time}, ${reviews.fetchedAt})`), desc(reviews.id)],
    reviewView,
    STORED,
  );
}

async function storedReview(store: StoreContext | Tx, id: number) {
  const db = "db" in store ? store.db : store;
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), STORED));
  if (!row) throw notFound("review");
  return row as Row;
}

export async function getReview(store: StoreContext, id: number) {
  return reviewView(await storedReview(store, id));
}

const reviewValues = (input: Out<typeof ReviewInput>) => ({
  source: "stored",
  authorName: input.authorName,
  rating: input.rating,
  text: input.text,
  time: new Date(`${input.date}T12:00:00Z`),
});

export async function createReview(store: StoreContext, actor: StaffActor, input: Out<typeof ReviewInput>) {
  return reviewView(await createRecord(store, actor, REVIEW_KIND, reviewValues(input)));
}

export async function updateReview(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  input: Out<typeof ReviewInput> & { version: string },
) {
  await storedReview(store, id);
  return reviewView(await updateRecord(store, actor, REVIEW_KIND, id, input.version, reviewValues(input)));
}

export async function deleteReview(store: StoreContext, actor: StaffActor, id: number, version?: string) {
  await deleteRecord(store, actor, REVIEW_KIND, id, version, async (_tx, row) => {
    if (row.source !== "stored") throw notFound("review");
  });
}

// ---- pictures

const CONTENT_RENDITIONS: Record<"slide" | "page", { folder: string; rendition: ImageRendition }> = {
  slide: { folder: "slides", rendition: { suffix: "", width: 1920, height: 500, fit: "cover" } },
  page: { folder: "pages", rendition: { suffix: "", width: 1600, height: 800 } },
};

/** Stores an uploaded slide or page picture; the slide's or position's save then names its URL. */
export function storeContentImage(
  store: StoreContext,
  actor: StaffActor,
  kind: "slide" | "page",
  file: unknown,
  name: string,
) {
  return storeUploadedPicture(store, actor, file, {
    entity: kind,
    name: name || kind,
    ...CONTENT_RENDITIONS[kind],
  });
}
