// The back office's catalog routes: products, their stock and their pictures. The rules live in
// services/admin/catalog.ts; uploads go through services/admin/images.ts.
import * as contract from "../../core/api/admin/catalog";
import {
  addProductImage,
  createAdminProduct,
  getAdminProduct,
  listAdminProducts,
  orderProductImages,
  productOptions,
  removeProductImage,
  setProductDeleted,
  setProductStock,
  updateAdminProduct,
} from "../../services/admin/catalog";
import { ServiceError } from "../../services/failure";
import { type AdminRouter, actorOf, guarded } from "./register";

export function registerAdminCatalogRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) =>
    c.json(await listAdminProducts(c.var.store, c.req.valid("query")), 200),
  );

  api.openapi(guarded(api, contract.options), async (c) => c.json(await productOptions(c.var.store), 200));

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

  api.openapi(guarded(api, contract.stock), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await setProductStock(c.var.store, actorOf(c), id, c.req.valid("json").lines), 200);
  });

  api.openapi(guarded(api, contract.uploadImage), async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data"))
      throw new ServiceError("invalid", "Send the picture as multipart/form-data in the field `file`.");
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch (cause) {
      throw new ServiceError("invalid", "The upload could not be read. Try again.", { cause });
    }
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
}
