// Pictures the ERP uploads ahead of the products that show them: stored like the back office's
// uploads (services/admin/images.ts), then named by a random token in a product's pictures.
import { randomBytes } from "node:crypto";
import { integrationUploads } from "../../db/store/schema";
import type { AuditActor } from "../admin/audit";
import { PRODUCT_RENDITIONS, removeImageFiles, uploadPicture } from "../admin/images";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";

export async function uploadIntegrationPicture(store: StoreContext, by: AuditActor, bytes: Buffer) {
  if (bytes.length === 0)
    throw new ServiceError("invalid", "The request body is empty: send the picture's bytes.");
  const [main, thumb] = await uploadPicture(store, by, bytes, {
    entity: "product",
    folder: "products",
    name: "erp",
    renditions: PRODUCT_RENDITIONS,
  });
  if (!main || !thumb) throw new Error("the picture pipeline answered no files");
  const row = {
    token: randomBytes(24).toString("base64url"),
    url: main.url,
    smUrl: thumb.url,
    width: main.width,
    height: main.height,
  };
  try {
    await store.db.insert(integrationUploads).values(row);
  } catch (err) {
    await removeImageFiles(store, [main.url, thumb.url]);
    throw err;
  }
  return row;
}
