// The integration API's catalogue routes: thin; the rules are in core/integration/products.ts and
// the writes in services/integration/products.ts.
import { createRoute } from "@hono/zod-openapi";
import * as contract from "../../../core/api/integration";
import { ErpProductInput } from "../../../core/integration/products";
import { storeChanged } from "../../../services/cache";
import {
  type ProductItemResult,
  readIntegrationProduct,
  upsertProducts,
} from "../../../services/integration/products";
import { uploadIntegrationPicture } from "../../../services/integration/uploads";
import { failureResponse } from "../failure";
import { type ApiRouter, invalidRequestBody } from "../router";
import { erpActor } from "./common";

const one = createRoute(contract.product);
const put = createRoute(contract.putProduct);
const batch = createRoute(contract.productBatch);
const upload = createRoute(contract.uploadPicture);

export function registerProductIntegration(api: ApiRouter) {
  api.openapi(one, async (c) => {
    try {
      return c.json(await readIntegrationProduct(c.get("store"), c.req.valid("param").code), 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(put, async (c) => {
    const store = c.get("store");
    const { code } = c.req.valid("param");
    const parsed = ErpProductInput.safeParse({ ...c.req.valid("json"), code });
    if (!parsed.success) return c.json(invalidRequestBody(issuesOf(parsed.error)), 400);
    try {
      const [result] = await upsertProducts(store, erpActor(c), [parsed.data], {
        atomic: false,
        audit: "each",
      });
      if (!result || result.status === "failed") return c.json(invalidRequestBody(result?.issues ?? []), 400);
      if (result.status !== "unchanged") storeChanged(store.config.id);
      return c.json(await readIntegrationProduct(store, code), 200);
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(batch, async (c) => {
    const store = c.get("store");
    const { products } = c.req.valid("json");
    const results: ProductItemResult[] = new Array(products.length);
    const valid: { index: number; item: ReturnType<typeof ErpProductInput.parse> }[] = [];
    products.forEach((raw, index) => {
      const parsed = ErpProductInput.safeParse(raw);
      if (parsed.success) valid.push({ index, item: parsed.data });
      else
        results[index] = {
          code: typeof raw.code === "string" ? raw.code : String(raw.code ?? ""),
          status: "failed",
          id: null,
          issues: issuesOf(parsed.error),
        };
    });
    try {
      const written =
        valid.length > 0
          ? await upsertProducts(
              store,
              erpActor(c),
              valid.map((v) => v.item),
              { atomic: false, audit: "each" },
            )
          : [];
      written.forEach((r, i) => {
        const at = valid[i]?.index;
        if (at !== undefined) results[at] = r;
      });
      const count = (s: ProductItemResult["status"]) => results.filter((r) => r.status === s).length;
      if (count("created") + count("updated") > 0) storeChanged(store.config.id);
      return c.json(
        {
          results,
          created: count("created"),
          updated: count("updated"),
          unchanged: count("unchanged"),
          failed: count("failed"),
        },
        200,
      );
    } catch (err) {
      return failureResponse(c, err);
    }
  });

  api.openapi(upload, async (c) => {
    try {
      const bytes = Buffer.from(await c.req.arrayBuffer());
      return c.json(await uploadIntegrationPicture(c.get("store"), erpActor(c), bytes), 201);
    } catch (err) {
      return failureResponse(c, err);
    }
  });
}

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
