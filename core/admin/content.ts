// The back office's content forms (page texts, legal sections, slides, SEO, shipping methods,
// warehouses, stored reviews): one zod schema per form, shared by the browser and the contract.

import { z } from "zod";
import { safeLink } from "../safe-redirect";
import { WeightBands } from "../shipping-weight";
import { ImagePath, OptionalImage, OrderField } from "./taxonomy";
import { translatedText, translationsInput } from "./translations";

const text = (max: number, what = "text") =>
  z.string().trim().max(max, `Use at most ${max} characters for the ${what}.`);
const required = (max: number, message: string) =>
  z.string().trim().min(1, message).max(max, `Use at most ${max} characters.`);
/** Empty text is stored as nothing. */
const optional = (max: number) =>
  text(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);

/** The page-content positions the about and contact pages read (services/content.ts). */
export const PAGE_CONTENT_GROUPS = {
  about: {
    title: "About page",
    path: "/pages/about",
    positions: {
      "top image about": { label: "Top picture (its text is the picture's description)", image: true },
      "about title 1": { label: "Heading, first part", image: false },
      "about title 2": { label: "Heading, second part", image: false },
      "about title 3": { label: "Heading, third part", image: false },
      "our vision": { label: "Our vision", image: false },
      "our mission": { label: "Our mission", image: false },
      "who we are": { label: "Who we are", image: false },
    },
  },
  contact: {
    title: "Contact page",
    path: "/pages/contact",
    positions: {
      "top image contact": { label: "Top picture (its text is the picture's description)", image: true },
      "contact info": { label: "Introduction", image: false },
      "office phone": { label: "Office phone (empty: the store's telephone setting)", image: false },
      "office address": { label: "Office address", image: false },
      "office email": { label: "Office email (empty: the store's email setting)", image: false },
      "working days": { label: "Working days and hours", image: false },
      weekend: { label: "Weekend hours", image: false },
    },
  },
} as const;

export type PageContentGroup = keyof typeof PAGE_CONTENT_GROUPS;
export type PageContentPosition = {
  [G in PageContentGroup]: keyof (typeof PAGE_CONTENT_GROUPS)[G]["positions"];
}[PageContentGroup];

export const PAGE_CONTENT_POSITIONS = Object.values(PAGE_CONTENT_GROUPS).flatMap(
  (g) => Object.keys(g.positions) as PageContentPosition[],
);

export const PageContentInput = z.object({
  text: text(5000),
  img: OptionalImage.default(null),
  translations: translationsInput({ text: translatedText(5000, "The text") }),
});
export type PageContentInput = z.input<typeof PageContentInput>;

export const LEGAL_PAGE_TITLES = {
  terms: "Terms and Conditions",
  privacy: "Privacy Policy",
  returns: "Returns Policy",
  guarantee: "Legal Guarantee",
} as const;
export type LegalPageKey = keyof typeof LEGAL_PAGE_TITLES;
export const LegalPageSchema = z.enum(["terms", "privacy", "returns", "guarantee"], {
  error: "Choose terms, privacy, returns or guarantee.",
});

export const SectionInput = z.object({
  page: LegalPageSchema,
  title: required(200, "Enter a title."),
  /** HTML; sanitised on the server before it is stored. */
  bodyHtml: z.string().trim().min(1, "Enter the section's text.").max(50_000, "The text is too long."),
  seq: OrderField.default(0),
  translations: translationsInput({
    title: translatedText(200, "The title"),
    bodyHtml: translatedText(50_000, "The text"),
  }),
});
export type SectionInput = z.input<typeof SectionInput>;

/** "19.99" or "19" (euros); the slide shows the whole euros and the cents apart. */
export const SlidePrice = z
  .string()
  .trim()
  .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, "Enter a price like 19.99, or leave it empty.");

/** A link inside the store ("/shop/...") or to another site (https://...). */
export const LinkField = z
  .string()
  .trim()
  .max(500, "The link is too long.")
  .refine(
    (v) => v === "" || safeLink(v) !== null,
    "Enter a link starting with / (a page of this store) or https://.",
  );

export const SlideInput = z.object({
  imageSrc: ImagePath.refine((v) => v.length > 0, "Upload the slide's picture."),
  display: z.boolean().default(true),
  introSubtitle: optional(120),
  introTitle1: optional(120),
  introTitle2: optional(120),
  introTitle3: optional(120),
  price: SlidePrice.default(""),
  link: LinkField.default(""),
  linkTitle: optional(60),
  seq: OrderField.default(0),
  translations: translationsInput({
    introSubtitle: translatedText(120, "The line"),
    introTitle1: translatedText(120, "The line"),
    introTitle2: translatedText(120, "The line"),
    introTitle3: translatedText(120, "The line"),
    linkTitle: translatedText(60, "The button text"),
  }),
});
export type SlideInput = z.input<typeof SlideInput>;

/** The pages whose title and description the store's SEO text sets (app/lib/seo.ts PAGE_KEYS). */
export const SEO_PAGES = {
  home: "Home page (description)",
  about: "About us",
  contact: "Contact us",
  listing: "Product listing",
  products: "Products (listing and product pages when they have no text of their own)",
  product: "Product pages (description when a product has none)",
  partner: "Become a partner",
  terms: "Terms and conditions",
  privacy: "Privacy policy",
  returns: "Returns policy",
} as const;
export type SeoPageKey = keyof typeof SEO_PAGES;
export const SEO_PAGE_KEYS = Object.keys(SEO_PAGES) as SeoPageKey[];

const SeoPageText = z.object({
  title: text(120, "title").default(""),
  description: text(300, "description").default(""),
});

/**
 * The SEO form's texts as one flat list, for its translations: the shop's title, description and
 * keywords, and each page's `<page>-title` and `<page>-description` (the form's field names).
 */
export type SeoField = "title" | "description" | "keywords" | `${SeoPageKey}-${"title" | "description"}`;
export const SEO_FIELDS: readonly SeoField[] = [
  "title",
  "description",
  "keywords",
  ...SEO_PAGE_KEYS.flatMap((k) => [`${k}-title`, `${k}-description`] as const),
];
const seoFieldMax = (f: SeoField) => (f === "title" || f.endsWith("-title") ? 120 : 300);

export const SeoInput = z.object({
  title: required(120, "Enter the store's title."),
  description: required(300, "Enter the store's description."),
  keywords: text(300, "keywords").default(""),
  pages: z.partialRecord(z.enum(SEO_PAGE_KEYS as [SeoPageKey, ...SeoPageKey[]]), SeoPageText).default({}),
  translations: translationsInput(
    Object.fromEntries(SEO_FIELDS.map((f) => [f, translatedText(seoFieldMax(f), "The text")])) as Record<
      SeoField,
      ReturnType<typeof translatedText>
    >,
  ),
});
export type SeoInput = z.input<typeof SeoInput>;

export const ShippingInput = z.object({
  description: required(120, "Enter a description."),
  translations: translationsInput({ description: translatedText(120, "The description") }),
  costCents: z
    .number({ error: "Enter the cost." })
    .int("Enter the cost in whole cents.")
    .min(0, "The cost cannot be negative.")
    .max(100_000_00, "The cost is too high."),
  /** Prices by the basket's weight, lightest first; empty: the cost above whatever the weight. */
  weightBands: WeightBands.default([]),
  /** ISO codes of the store's countries; null: every country the store ships to. */
  countries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, "Choose countries from the list."),
    )
    .max(300)
    .nullable()
    .default(null),
  seq: OrderField.default(0),
  active: z.boolean().default(true),
});
export type ShippingInput = z.input<typeof ShippingInput>;

const Coordinate = (limit: number, what: string) =>
  z
    .number({ error: `Enter the ${what} as a number.` })
    .min(-limit, `The ${what} is between -${limit} and ${limit}.`)
    .max(limit, `The ${what} is between -${limit} and ${limit}.`)
    .nullable()
    .default(null);

export const WarehouseInput = z.object({
  webDescription: required(120, "Enter the name shoppers see."),
  phone: optional(40).refine((v) => v === null || /^[+0-9 ()./-]{3,40}$/.test(v), "Enter a phone number."),
  email: optional(200).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    "Enter an email address, or leave it empty.",
  ),
  workingDays: optional(200),
  weekend: optional(200),
  address: optional(300),
  latitude: Coordinate(90, "latitude"),
  longitude: Coordinate(180, "longitude"),
  showOnWeb: z.boolean().default(true),
});
export type WarehouseInput = z.input<typeof WarehouseInput>;

export const NewWarehouseInput = WarehouseInput.extend({
  code: z
    .string()
    .trim()
    .min(1, "Enter a code.")
    .max(40, "Use at most 40 characters.")
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Use letters, digits, dots, dashes or underscores."),
});

export const ReviewInput = z.object({
  authorName: required(120, "Enter the reviewer's name."),
  rating: z
    .number({ error: "Choose a rating from 1 to 5." })
    .int("Choose a rating from 1 to 5.")
    .min(1, "Choose a rating from 1 to 5.")
    .max(5, "Choose a rating from 1 to 5."),
  text: required(2000, "Enter the review's text."),
  /** The day of the review, YYYY-MM-DD. */
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date.")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), "Enter a date.")
    .refine(
      (v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 86_400_000,
      "The date cannot be in the future.",
    ),
});
export type ReviewInput = z.input<typeof ReviewInput>;

/** "19.99" → ["19", "99"]; "" → [null, null]. */
export function splitSlidePrice(price: string): [string | null, string | null] {
  const v = price.trim().replace(",", ".");
  if (!v) return [null, null];
  const [whole = "0", cents = ""] = v.split(".");
  return [String(Number(whole)), cents ? cents.padEnd(2, "0") : "00"];
}

export function joinSlidePrice(price: string | null, decimal: string | null): string {
  if (!price) return "";
  return decimal ? `${price}.${decimal}` : price;
}
