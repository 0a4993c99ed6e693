// The ERP's side of the integration API in tests: give a store of the platform a known API key,
// and call /api/v1/integration with it (or with none, or another store's).
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import * as controlSchema from "../../db/control/schema";
import * as storeSchema from "../../db/store/schema";
import type { Platform } from "../fixtures/platform";

/** Sets the store's API key to `key` (only its sha256 is stored) and reloads the registry. */
export async function giveApiKey(p: Platform, storeId: string, key: string): Promise<void> {
  await p.registry.control.db
    .update(controlSchema.stores)
    .set({ apiKeyHash: createHash("sha256").update(key).digest("hex") })
    .where(eq(controlSchema.stores.id, storeId));
  p.registry.invalidate();
}

export interface ErpAnswer<T = unknown> {
  status: number;
  json: T;
  headers: Headers;
}

/** An ERP calling one host with one key (null: no key header at all). */
export function erpClient(p: Platform, host: string, key: string | null) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ErpAnswer<T>> {
    const headers = new Headers();
    if (key !== null) headers.set("x-api-key", key);
    if (body !== undefined) headers.set("content-type", "application/json");
    const res = await p.request(host, `/api/v1/integration${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the test sees the text
    }
    return { status: res.status, json: json as T, headers: res.headers };
  };
}

/**
 * What ERP product tests name by code in a store of the minimal platform: the group KITS with
 * the categories POD and MOD, the brand VAP, the price list WHS, and the web warehouse WEB set
 * as the store's warehouse.
 */
export async function addCatalogueCodes(p: Platform, storeId: string): Promise<void> {
  const { db } = await p.registry.storeHandle(storeId);
  const [master] = await db
    .insert(storeSchema.masterCategories)
    .values({ code: "KITS", description: "Kits", slug: "kits" })
    .returning();
  await db.insert(storeSchema.categories).values([
    { masterId: master?.id as number, code: "POD", description: "Pod Kits", slug: "pod-kits" },
    { masterId: master?.id as number, code: "MOD", description: "Mod Kits", slug: "mod-kits" },
  ]);
  await db.insert(storeSchema.brands).values({ name: "Vaporesso", code: "VAP" });
  await db.insert(storeSchema.priceLists).values({ code: "WHS", name: "Wholesale" });
  const [wh] = await db
    .insert(storeSchema.warehouses)
    .values({ code: "WEB", webDescription: "Web shop" })
    .returning();
  await db.insert(storeSchema.settings).values({ key: "warehouse_id", value: String(wh?.id) });
  p.registry.invalidate();
}
