// The back office's category and brand routes: master categories, sub-categories, brands and
// their pictures (services/admin/taxonomy.ts holds the rules).
import * as contract from "../../core/api/admin/taxonomy";
import * as taxonomy from "../../services/admin/taxonomy";
import { type AdminRouter, actorOf, guarded, uploadFields } from "./register";

export function registerAdminTaxonomyRoutes(api: AdminRouter) {
  // Master categories
  api.openapi(guarded(api, contract.listMasters), async (c) =>
    c.json(await taxonomy.listMasters(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorderMasters), async (c) => {
    await taxonomy.reorderMasters(c.var.store, actorOf(c), c.req.valid("json").ids);
    return c.json({ ok: true as const }, 200);
  });
  api.openapi(guarded(api, contract.getMaster), async (c) => {
    return c.json(await taxonomy.getMaster(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createMaster), async (c) => {
    return c.json(await taxonomy.createMaster(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateMaster), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await taxonomy.updateMaster(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteMaster), async (c) => {
    const { id } = c.req.valid("param");
    await taxonomy.deleteMaster(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json({ ok: true as const }, 200);
  });

  // Sub-categories
  api.openapi(guarded(api, contract.listCategories), async (c) =>
    c.json(await taxonomy.listCategories(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorderCategories), async (c) => {
    const { masterId, ids } = c.req.valid("json");
    await taxonomy.reorderCategories(c.var.store, actorOf(c), masterId, ids);
    return c.json({ ok: true as const }, 200);
  });
  api.openapi(guarded(api, contract.getCategory), async (c) => {
    return c.json(await taxonomy.getCategory(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createCategory), async (c) => {
    return c.json(await taxonomy.createCategory(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateCategory), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await taxonomy.updateCategory(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteCategory), async (c) => {
    const { id } = c.req.valid("param");
    await taxonomy.deleteCategory(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json({ ok: true as const }, 200);
  });

  // Brands
  api.openapi(guarded(api, contract.listBrands), async (c) =>
    c.json(await taxonomy.listBrands(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.reorderBrands), async (c) => {
    await taxonomy.reorderBrands(c.var.store, actorOf(c), c.req.valid("json").ids);
    return c.json({ ok: true as const }, 200);
  });
  api.openapi(guarded(api, contract.getBrand), async (c) => {
    return c.json(await taxonomy.getBrand(c.var.store, c.req.valid("param").id), 200);
  });
  api.openapi(guarded(api, contract.createBrand), async (c) => {
    return c.json(await taxonomy.createBrand(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });
  api.openapi(guarded(api, contract.updateBrand), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await taxonomy.updateBrand(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.deleteBrand), async (c) => {
    const { id } = c.req.valid("param");
    await taxonomy.deleteBrand(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json({ ok: true as const }, 200);
  });

  // Pictures
  api.openapi(guarded(api, contract.uploadImage), async (c) => {
    const { kind } = c.req.valid("query");
    const form = await uploadFields(c);
    const name = typeof form.name === "string" ? form.name : kind;
    return c.json(await taxonomy.storeTaxonomyImage(c.var.store, actorOf(c), kind, form.file, name), 201);
  });
}
