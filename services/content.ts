// The content pages' data: page-content records (about, contact), the warehouses shown as
// stores, and the terms / privacy / returns sections, whose HTML is sanitised here on the
// server so no page ever renders unchecked markup from the database.
import { asc, eq, inArray } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { AboutContent, ContactContent, LegalSection } from "../core/api/content";
import { contentSections, pageContent, warehouses } from "../db/store/schema";
import type { StoreContext } from "./context";

export const LEGAL_PAGES = {
  terms: "Terms and Conditions",
  privacy: "Privacy Policy",
  returns: "Returns Policy",
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

export interface ContentRecord {
  text: string;
  img: string | null;
}

async function records<P extends string>(
  store: StoreContext,
  positions: readonly P[],
): Promise<Record<P, ContentRecord>> {
  const rows = await store.db
    .select({ position: pageContent.position, text: pageContent.text, img: pageContent.img })
    .from(pageContent)
    .where(inArray(pageContent.position, [...positions]));
  const out = {} as Record<P, ContentRecord>;
  for (const p of positions) out[p] = { text: "", img: null };
  for (const r of rows) out[r.position as P] = { text: r.text.trim(), img: r.img?.trim() || null };
  return out;
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
  const rows = await store.db
    .select({ title: contentSections.title, bodyHtml: contentSections.bodyHtml })
    .from(contentSections)
    .where(eq(contentSections.page, page))
    .orderBy(asc(contentSections.seq), asc(contentSections.id));
  return rows.map((r) => ({ title: r.title, html: sanitizeContentHtml(r.bodyHtml) }));
}
