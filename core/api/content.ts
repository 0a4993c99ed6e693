// Content for API clients: the about and contact page elements (spec: "about-page and
// contact-page elements") and the terms / privacy / returns sections (HTML sanitised). The
// storefront's own pages get the same shapes from their loaders (services/content.ts).
import { z } from "zod";
import { errorResponse } from "./common";
import { endpoint, json } from "./endpoint";
import { routes } from "./routes";

const ImageSchema = z.object({ src: z.string(), alt: z.string() }).nullable();
/** The fields of a record read in another language that fell back to English (core/translation.ts). */
const UntranslatedSchema = z
  .array(z.string())
  .optional()
  .meta({ description: "Fields shown in English for want of a translation (absent in English)" });

const AboutContentSchema = z
  .object({
    topImage: ImageSchema,
    title1: z.string(),
    title2: z.string(),
    title3: z.string(),
    vision: z.string(),
    mission: z.string(),
    whoWeAre: z.string(),
    untranslated: UntranslatedSchema,
  })
  .meta({ id: "AboutContent" });

/** The contact page's records and stores; the API adds the working hours. */
const ContactPageSchema = z.object({
  contactInfo: z.string(),
  topImage: ImageSchema,
  office: z.object({
    phone: z.string(),
    address: z.string(),
    email: z.string(),
    workingDays: z.string(),
    weekend: z.string(),
  }),
  stores: z.array(
    z.object({
      id: z.number(),
      webDescription: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      workingDays: z.string().nullable(),
      weekend: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
  map: z.object({
    /** The maps setting. */
    enabled: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    zoom: z.number(),
    /** Leaflet URL template; empty means the address block is shown instead of a map. */
    tilesUrl: z.string(),
  }),
  /** "contactInfo", "topImage", "office.address", "office.workingDays", "office.weekend". */
  untranslated: UntranslatedSchema,
});

const ContactContentSchema = ContactPageSchema.extend({
  workingHours: z.array(z.object({ day: z.number(), name: z.string(), hours: z.string().nullable() })),
}).meta({ id: "ContactContent" });

const LegalSectionSchema = z.object({
  title: z.string(),
  html: z.string(),
  untranslated: UntranslatedSchema,
});

const PageSchema = z
  .object({ page: z.string(), title: z.string(), sections: z.array(LegalSectionSchema) })
  .meta({ id: "ContentPage" });

export const about = endpoint(routes.content.about, {
  tags: ["content"],
  summary: "About-page elements (page-content records)",
  responses: { 200: json(AboutContentSchema, "About page") },
});

export const contact = endpoint(routes.content.contact, {
  tags: ["content"],
  summary: "Contact-page elements: contact info, office, stores (warehouses), map and working hours",
  responses: { 200: json(ContactContentSchema, "Contact page") },
});

export const page = endpoint(routes.content.page, {
  tags: ["content"],
  summary: "Terms, privacy or returns: title and paragraph pairs (sanitised HTML)",
  request: { params: z.object({ page: z.string().meta({ example: "terms" }) }) },
  responses: {
    200: json(PageSchema, "The page"),
    404: errorResponse("No such page"),
  },
});

export type AboutContent = z.output<typeof AboutContentSchema>;
export type ContactContent = z.output<typeof ContactPageSchema>;
export type LegalSection = z.output<typeof LegalSectionSchema>;
