// The back office's catalog routes: products, their stock and their pictures. The rules live in
// services/admin/catalog.ts; uploads go through services/admin/images.ts.

import * as contract from "../../core/api/admin/catalog";
import { MAX_LISTED_ERRORS } from "../../core/integration/csv-catalogue";
import {
  addProductImage,
  bulkEditProducts,
  createAdminProduct,
  duplicateAdminProduct,
  getAdminProduct,
  listAdminProducts,
  orderProductImages,
  productOptions,
  removeProductImage,
  setProductDeleted,
  setProductState,
  setProductStock,
  updateAdminProduct,
} from "../../services/admin/catalog";
import { listComplianceBreaches } from "../../services/admin/compliance";
import { ServiceError } from "../../services/failure";
import { catalogueCsv } from "../../services/integration/catalogue-export";
import { type ImportOutcome, importCatalogueUpload } from "../../services/integration/catalogue-import";
import { csvDownload } from "./csv-download";
import { type AdminRouter, actorOf, guarded, uploadFields } from "./register";

/** The multipart body of an upload; a body that is not one is the client's mistake (400). */
async function uploadForm(
  c: { req: { header(name: string): string | undefined; parseBody(): Promise<Record<string, unknown>> } },
  what: string,
) {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    throw new ServiceError("invalid", `Send the ${what} as multipart/form-data in the field \`file\`.`);
  return uploadFields(c);
}

/** A catalogue import's outcome as the API answers it: the first MAX_LISTED_ERRORS problems. */
function importResult(outcome: ImportOutcome) {
  if (outcome.status === "invalid") {
    return {
      status: outcome.status,
      rowCount: outcome.rowCount,
      created: 0,
      updated: 0,
      unchanged: 0,
      ms: 0,
      errors: outcome.errors.slice(0, MAX_LISTED_ERRORS),
      errorCount: outcome.errors.length,
    };
  }
  const { status, rowCount, created, updated, unchanged, ms } = outcome;
  return { status, rowCount, created, updated, unchanged, ms: Math.round(ms), errors: [], errorCount: 0 };
}

export function registerAdminCatalogRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) =>
    c.json(await listAdminProducts(c.var.store, c.req.valid("query")), 200),
  );

  api.openapi(guarded(api, contract.options), async (c) => c.json(await productOptions(c.var.store), 200));
  api.openapi(guarded(api, contract.complianceBreaches), async (c) =>
    c.json(await listComplianceBreaches(c.var.store), 200),
  );

  api.openapi(guarded(api, contract.one), async (c) => {
    return c.json(await getAdminProduct(c.var.store, c.req.valid("param").id), 200);
  });

  api.openapi(guarded(api, contract.create), async (c) => {
    return c.json(await createAdminProduct(c.var.store, actorOf(c), c.req.valid("json")), 201);
  });

  api.openapi(guarded(api, contract.update), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await updateAdminProduct(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });

  api.openapi(guarded(api, contract.remove), async (c) => {
    return c.json(await setProductDeleted(c.var.store, actorOf(c), c.req.valid("param").id, true), 200);
  });

  api.openapi(guarded(api, contract.restore), async (c) => {
    return c.json(await setProductDeleted(c.var.store, actorOf(c), c.req.valid("param").id, false), 200);
  });

  api.openapi(guarded(api, contract.state), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await setProductState(c.var.store, actorOf(c), id, c.req.valid("json").state), 200);
  });

  api.openapi(guarded(api, contract.duplicate), async (c) => {
    return c.json(await duplicateAdminProduct(c.var.store, actorOf(c), c.req.valid("param").id), 201);
  });

  api.openapi(guarded(api, contract.bulk), async (c) => {
    return c.json(await bulkEditProducts(c.var.store, actorOf(c), c.req.valid("json")), 200);
  });

  api.openapi(guarded(api, contract.exportCsv), async (c) => {
    return csvDownload(c, catalogueCsv(c.var.store, actorOf(c)), "catalogue");
  });

  api.openapi(guarded(api, contract.stock), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await setProductStock(c.var.store, actorOf(c), id, c.req.valid("json").lines), 200);
  });

  api.openapi(guarded(api, contract.uploadImage), async (c) => {
    const form = await uploadForm(c, "picture");
    const image = await addProductImage(c.var.store, actorOf(c), c.req.valid("param").id, form.file);
    return c.json(image, 201);
  });

  api.openapi(guarded(api, contract.orderImages), async (c) => {
    const { id } = c.req.valid("param");
    const images = await orderProductImages(c.var.store, actorOf(c), id, c.req.valid("json").ids);
    return c.json({ images }, 200);
  });

  api.openapi(guarded(api, contract.removeImage), async (c) => {
    const { id, imageId } = c.req.valid("param");
    return c.json({ images: await removeProductImage(c.var.store, actorOf(c), id, imageId) }, 200);
  });

  api.openapi(guarded(api, contract.checkImport), async (c) => {
    const form = await uploadForm(c, "catalogue file");
    const outcome = await importCatalogueUpload(c.var.store, actorOf(c), form.file, { dryRun: true });
    return c.json(importResult(outcome), 200);
  });

  api.openapi(guarded(api, contract.runImport), async (c) => {
    const form = await uploadForm(c, "catalogue file");
    const result = importResult(await importCatalogueUpload(c.var.store, actorOf(c), form.file));
    if (result.status === "invalid") {
      const n = result.errorCount;
      throw new ServiceError(
        "invalid",
        `${n} problem${n === 1 ? "" : "s"} in the file; nothing was imported.`,
        {
          details: result,
        },
      );
    }
    return c.json(result, 200);
  });
}
