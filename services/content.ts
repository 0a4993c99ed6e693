// The content pages' data: page-content records (about, contact), the warehouses shown as
// stores, and the terms / privacy / returns sections, whose HTML is sanitised here on the
// server so no page ever renders unchecked markup from the database.
//
// Texts are read in the store's language (store.lang) with the English fallback field by field
// (docs/decisions/0035-languages.md, step 3); a record read in another language names the fields
// that fell back in `untranslated`, so the page marks them lang="en".
import { asc, eq, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { AboutContent, ContactContent, LegalSection } from "../core/api/content";
import { queryRows } from "../db/client";
import { warehouses } from "../db/store/schema";
import type { StoreContext } from "./context";
import { readsSource, translated, translationJoin, untranslatedFields } from "./translation";

export const LEGAL_PAGES = {
  terms: "Terms and Conditions",
  privacy: "Privacy Policy",
  returns: "Returns Policy",
  /** The legal guarantee of conformity (Directive (EU) 2019/771), linked above the order button. */
  guarantee: "Legal Guarantee",
} as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

export const ABOUT_POSITIONS = [
  "top image about",
  "about title 1",
  "about title 2",
  "about title 3",
  "our vision",
  "our mission",
  "who we are",
] as const;

export const CONTACT_POSITIONS = [
  "contact info",
  "top image contact",
  "office phone",
  "office address",
  "office email",
  "working days",
  "weekend",
] as const;

interface ContentRecord {
  text: string;
  img: string | null;
  /** The text is the English source on a page in another language. */
  fallback: boolean;
}

async function records<P extends string>(
  store: StoreContext,
  positions: readonly P[],
): Promise<Record<P, ContentRecord>> {
  const { lang } = store;
  const rows = await queryRows<{
    position: string;
    text: string;
    img: string | null;
    untranslated: string[] | null;
  }>(
    store.db,
    sql`select c.position, ${translated(lang, "t", "text", sql`c.text`)} as text, c.img,
               ${untranslatedFields(lang, "t", { text: "text" })} as untranslated
          from page_content c
          ${translationJoin(lang, "page_content_translations", "t", "page_content_id", sql`c.id`)}
         where c.position in (${sql.join(
           positions.map((p) => sql`${p}`),
           sql`, `,
         )})`,
  );
  const out = {} as Record<P, ContentRecord>;
  for (const p of positions) out[p] = { text: "", img: null, fallback: false };
  for (const r of rows) {
    const text = r.text.trim();
    out[r.position as P] = {
      text,
      img: r.img?.trim() || null,
      fallback: text !== "" && (r.untranslated?.includes("text") ?? false),
    };
  }
  return out;
}

/**
 * `{ untranslated }` naming the fields whose record fell back to English, on a read in another
 * language; nothing on an English read, which stays as it was.
 */
function untranslatedOf(
  store: StoreContext,
  fields: Record<string, ContentRecord>,
): { untranslated?: string[] } {
  if (readsSource(store.lang)) return {};
  return {
    untranslated: Object.entries(fields)
      .filter(([, r]) => r.fallback)
      .map(([name]) => name),
  };
}

export async function aboutContent(store: StoreContext): Promise<AboutContent> {
  const r = await records(store, ABOUT_POSITIONS);
  const top = r["top image about"];
  return {
    topImage: top.img ? { src: top.img, alt: top.text } : null,
    title1: r["about title 1"].text,
    title2: r["about title 2"].text,
    title3: r["about title 3"].text,
    vision: r["our vision"].text,
    mission: r["our mission"].text,
    whoWeAre: r["who we are"].text,
    ...untranslatedOf(store, {
      topImage: top,
      title1: r["about title 1"],
      title2: r["about title 2"],
      title3: r["about title 3"],
      vision: r["our vision"],
      mission: r["our mission"],
      whoWeAre: r["who we are"],
    }),
  };
}

export const MAP_ZOOM = 16;

export async function contactContent(store: StoreContext): Promise<ContactContent> {
  const [r, whs] = await Promise.all([
    records(store, CONTACT_POSITIONS),
    store.db
      .select({
        id: warehouses.id,
        webDescription: warehouses.webDescription,
        phone: warehouses.phone,
        email: warehouses.email,
        workingDays: warehouses.workingDays,
        weekend: warehouses.weekend,
        address: warehouses.address,
      })
      .from(warehouses)
      .where(eq(warehouses.showOnWeb, true))
      .orderBy(asc(warehouses.id)),
  ]);
  const top = r["top image contact"];
  const s = store.settings;
  return {
    contactInfo: r["contact info"].text,
    topImage: top.img ? { src: top.img, alt: top.text } : null,
    office: {
      phone: r["office phone"].text || s.telephone,
      address: r["office address"].text,
      email: r["office email"].text || s.email,
      workingDays: r["working days"].text,
      weekend: r.weekend.text,
    },
    stores: whs,
    map: {
      enabled: s.showMaps && s.clientLatitude !== null && s.clientLongitude !== null,
      latitude: s.clientLatitude,
      longitude: s.clientLongitude,
      zoom: MAP_ZOOM,
      tilesUrl: safeTilesUrl(s.mapTilesUrl),
    },
    // Phone and e-mail are no language's words; the texts are.
    ...untranslatedOf(store, {
      contactInfo: r["contact info"],
      topImage: top,
      "office.address": r["office address"],
      "office.workingDays": r["working days"],
      "office.weekend": r.weekend,
    }),
  };
}

/** Only http(s) templates or same-origin paths reach the browser. */
function safeTilesUrl(url: string): string {
  const u = url.trim();
  if (u.startsWith("/") && !u.startsWith("//")) return u;
  return /^https?:\/\/[^\s"'<>]+$/i.test(u) ? u : "";
}

/** What a shop's own text may hold: paragraphs, emphasis, lists, links, headings and quotes. */
export const CONTENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "a",
    "h3",
    "h4",
    "blockquote",
    "span",
    "small",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, CONTENT_HTML);
}

export async function legalSections(store: StoreContext, page: LegalPage): Promise<LegalSection[]> {
  const { lang } = store;
  const rows = await queryRows<{ title: string; bodyHtml: string; untranslated: string[] | null }>(
    store.db,
    sql`select ${translated(lang, "t", "title", sql`s.title`)} as "title",
               ${translated(lang, "t", "body_html", sql`s.body_html`)} as "bodyHtml",
               ${untranslatedFields(lang, "t", { title: "title", html: "body_html" })} as untranslated
          from content_sections s
          ${translationJoin(lang, "content_section_translations", "t", "section_id", sql`s.id`)}
         where s.page = ${page}
         order by s.seq, s.id`,
  );
  return rows.map((r) => ({
    title: r.title,
    html: sanitizeContentHtml(r.bodyHtml),
    ...(r.untranslated ? { untranslated: r.untranslated } : {}),
  }));
}
