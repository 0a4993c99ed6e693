// Content for API clients: the about and contact page elements (spec: "about-page and
// contact-page elements") and the terms / privacy / returns sections (HTML sanitised).
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../core/api/content";
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

const about = createRoute(contract.about);
const contact = createRoute(contract.contact);
const page = createRoute(contract.page);

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
