// The back office's content routes: about/contact page texts, legal sections, slides, SEO text,
// shipping methods, warehouses, stored reviews and their pictures (services/admin/content.ts).
import * as contract from "../../core/api/admin/content";
import * as content from "../../services/admin/content";
import { type AdminRouter, actorOf, guarded, uploadFields } from "./register";
import { control } from "./settings";

const ok = { ok: true as const };

export function registerAdminContentRoutes(api: AdminRouter) {
  // About and contact pages
  api.openapi(guarded(api, contract.listPageContent), async (c) =>
    c.json(await content.listPageContent(c.var.store), 200),
  );
  api.openapi(guarded(api, contract.updatePageContent), async (c) => {
    const { position } = c.req.valid("param");
    return c.json(
      await content.updatePageContent(c.var.store, actorOf(c), position, c.req.valid("json")),
      200,
    );
  });

  // Terms, privacy and returns sections
  api.openapi(guarded(api, contract.listSections), async (c) =>
    c.json(await content.listSections(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorderSections), async (c) => {
    const { page, ids } = c.req.valid("json");
    await content.reorderSections(c.var.store, actorOf(c), page, ids);
    return c.json(ok, 200);
  });
  api.openapi(guarded(api, contract.getSection), async (c) => {
    return c.json(await content.getSection(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createSection), async (c) => {
    return c.json(await content.createSection(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateSection), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await content.updateSection(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteSection), async (c) => {
    const { id } = c.req.valid("param");
    await content.deleteSection(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json(ok, 200);
  });

  // Slides
  api.openapi(guarded(api, contract.listSlides), async (c) =>
    c.json(await content.listSlides(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorderSlides), async (c) => {
    await content.reorderSlides(c.var.store, actorOf(c), c.req.valid("json").ids);
    return c.json(ok, 200);
  });
  api.openapi(guarded(api, contract.getSlide), async (c) => {
    return c.json(await content.getSlide(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createSlide), async (c) => {
    return c.json(await content.createSlide(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateSlide), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await content.updateSlide(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteSlide), async (c) => {
    const { id } = c.req.valid("param");
    await content.deleteSlide(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json(ok, 200);
  });

  // SEO text (in the store registry)
  api.openapi(guarded(api, contract.getSeo), async (c) => {
    return c.json(await content.getSeo(c.var.store, control(c)), 200);
  });
  api.openapi(guarded(api, contract.updateSeo), async (c) => {
    return c.json(await content.updateSeo(c.var.store, actorOf(c), control(c), c.req.valid("json")), 200);
  });

  // Shipping methods
  api.openapi(guarded(api, contract.listShipping), async (c) =>
    c.json(await content.listShipping(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorderShipping), async (c) => {
    await content.reorderShipping(c.var.store, actorOf(c), c.req.valid("json").ids);
    return c.json(ok, 200);
  });
  api.openapi(guarded(api, contract.getShipping), async (c) => {
    return c.json(await content.getShipping(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createShipping), async (c) => {
    return c.json(await content.createShipping(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateShipping), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await content.updateShipping(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteShipping), async (c) => {
    const { id } = c.req.valid("param");
    await content.deleteShipping(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json(ok, 200);
  });

  // Warehouses
  api.openapi(guarded(api, contract.listWarehouses), async (c) =>
    c.json(await content.listWarehouses(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.getWarehouse), async (c) => {
    return c.json(await content.getWarehouse(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createWarehouse), async (c) => {
    return c.json(await content.createWarehouse(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateWarehouse), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await content.updateWarehouse(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });

  // Stored reviews
  api.openapi(guarded(api, contract.listReviews), async (c) =>
    c.json(await content.listReviews(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.getReview), async (c) => {
    return c.json(await content.getReview(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createReview), async (c) => {
    return c.json(await content.createReview(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateReview), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await content.updateReview(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteReview), async (c) => {
    const { id } = c.req.valid("param");
    await content.deleteReview(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json(ok, 200);
  });

  // Pictures
  api.openapi(guarded(api, contract.uploadImage), async (c) => {
    const { kind } = c.req.valid("query");
    const form = await uploadFields(c);
    const name = typeof form.name === "string" ? form.name : kind;
    return c.json(await content.storeContentImage(c.var.store, actorOf(c), kind, form.file, name), 201);
  });
}
