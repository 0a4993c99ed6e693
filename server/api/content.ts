// Content for API clients: the about and contact page elements (spec: "about-page and
// contact-page elements") and the terms / privacy / returns sections (HTML sanitised).
import { createRoute, z } from "@hono/zod-openapi";
import { weekdayRows } from "../../core/working-hours";
import {
  aboutContent,
  contactContent,
  LEGAL_PAGES,
  type LegalPage,
  legalSections,
} from "../../services/content";
import { fail } from "./failure";
import type { ApiRouter } from "./router";
import { errorResponse } from "./schemas";

const Image = z.object({ src: z.string(), alt: z.string() }).nullable();

const About = z
  .object({
    topImage: Image,
    title1: z.string(),
    title2: z.string(),
    title3: z.string(),
    vision: z.string(),
    mission: z.string(),
    whoWeAre: z.string(),
  })
  .openapi("AboutContent");

const Contact = z
  .object({
    contactInfo: z.string(),
    topImage: Image,
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
      enabled: z.boolean(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      zoom: z.number(),
      tilesUrl: z.string(),
    }),
    workingHours: z.array(z.object({ day: z.number(), name: z.string(), hours: z.string().nullable() })),
  })
  .openapi("ContactContent");

const Page = z
  .object({
    page: z.string(),
    title: z.string(),
    sections: z.array(z.object({ title: z.string(), html: z.string() })),
  })
  .openapi("ContentPage");

const about = createRoute({
  method: "get",
  path: "/content/about",
  tags: ["content"],
  summary: "About-page elements (page-content records)",
  responses: { 200: { content: { "application/json": { schema: About } }, description: "About page" } },
});

const contact = createRoute({
  method: "get",
  path: "/content/contact",
  tags: ["content"],
  summary: "Contact-page elements: contact info, office, stores (warehouses), map and working hours",
  responses: { 200: { content: { "application/json": { schema: Contact } }, description: "Contact page" } },
});

const page = createRoute({
  method: "get",
  path: "/content/pages/{page}",
  tags: ["content"],
  summary: "Terms, privacy or returns: title and paragraph pairs (sanitised HTML)",
  request: { params: z.object({ page: z.string().openapi({ example: "terms" }) }) },
  responses: {
    200: { content: { "application/json": { schema: Page } }, description: "The page" },
    404: errorResponse("No such page"),
  },
});

export function registerContentRoutes(api: ApiRouter) {
  api.openapi(about, async (c) => c.json(await aboutContent(c.get("store")), 200));
  api.openapi(contact, async (c) => {
    const store = c.get("store");
    const content = await contactContent(store);
    return c.json({ ...content, workingHours: weekdayRows(store.config.workingHours) }, 200);
  });
  api.openapi(page, async (c) => {
    const name = c.req.valid("param").page;
    if (!Object.hasOwn(LEGAL_PAGES, name)) return fail(c, "not_found", "No such page");
    const key = name as LegalPage;
    return c.json(
      { page: key, title: LEGAL_PAGES[key], sections: await legalSections(c.get("store"), key) },
      200,
    );
  });
}
