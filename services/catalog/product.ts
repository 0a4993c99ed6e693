// One product (page, quick views), its stock per warehouse, and the home page's product rows.
import { and, asc, desc, eq } from "drizzle-orm";
import type { WarehouseStock } from "../../core/api/products";
import { type PricingCustomer, pricingClass } from "../../core/pricing";
import type { Product } from "../../core/product-rules";
import { products, stock, warehouses } from "../../db/store/schema";
import { storeKey, TtlCache } from "../cache";
import { serviceConfig } from "../config";
import type { StoreContext } from "../context";
import { productCompliance } from "./compliance";
import { hydrateProducts } from "./hydrate";
import { listProducts } from "./listing";

/** Every picture of a product page; more would never be looked at. */
const PAGE_PICTURES = 12;

/**
 * Products as a pricing class sees them, kept as listing results are (LISTING_RESULT_CACHE_MS,
 * default 5 s) and forgotten with them: at once on any stock or catalogue change on any instance.
 * The cart check and orders read the database regardless.
 */
const shown = new TtlCache<Product | null>(() => serviceConfig().listingResultCacheMs, 5_000, true);

export function getProduct(
  store: StoreContext,
  id: number,
  customer: PricingCustomer,
): Promise<Product | null> {
  const key = storeKey(store.config.id, `${id}|${pricingClass(customer)}|${store.lang}`);
  return shown.get(key, store.db, async () => {
    const [product] = await hydrateProducts(store, [id], customer, { pictures: PAGE_PICTURES });
    if (!product) return null;
    // The page's and quick views' compliance block (docs/decisions/0058): listings do not carry it.
    return { ...product, compliance: await productCompliance(store, id) };
  });
}

export async function getProductBySlug(
  store: StoreContext,
  slug: string,
  customer: PricingCustomer,
): Promise<Product | null> {
  const rows = await store.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.deleted, false)))
    .limit(1);
  return rows[0] ? getProduct(store, rows[0].id, customer) : null;
}

/** Stock of one product in each warehouse shown on the web; null for an unknown product. */
export async function productWarehouses(store: StoreContext, id: number): Promise<WarehouseStock[] | null> {
  const exists = await store.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.deleted, false)))
    .limit(1);
  if (!exists[0]) return null;
  const rows = await store.db
    .select({
      warehouseId: warehouses.id,
      name: warehouses.webDescription,
      phone: warehouses.phone,
      qty: stock.qty,
    })
    .from(warehouses)
    .leftJoin(stock, and(eq(stock.warehouseId, warehouses.id), eq(stock.productId, id)))
    .where(eq(warehouses.showOnWeb, true))
    .orderBy(asc(warehouses.id));
  return rows.map((r) => ({
    warehouseId: r.warehouseId,
    name: r.name,
    phone: r.phone,
    qty: r.qty ?? 0,
    main: r.warehouseId === store.settings.warehouseId,
  }));
}

/** The product flagged as the web pop-up ad (PROD_POPUP_AD_WEB), for the home page's ad cube. */
export async function popupAdProduct(
  store: StoreContext,
  customer: PricingCustomer,
): Promise<Product | null> {
  const rows = await store.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.popupAd, true), eq(products.deleted, false)))
    .orderBy(desc(products.updatedAt), asc(products.id))
    .limit(1);
  return rows[0] ? getProduct(store, rows[0].id, customer) : null;
}

/** Products of the same sub-category (one card per group), without the product's own group. */
export async function relatedProducts(
  store: StoreContext,
  product: Product,
  customer: PricingCustomer,
  limit = 10,
): Promise<Product[]> {
  const category = product.categories[0];
  if (!category) return [];
  const own = new Set([product.id, ...product.varRel.map((v) => v.id)]);
  const { products: list } = await listProducts(
    store,
    { subcategory: String(category.id), perPage: limit + 1, orderby: "featured" },
    customer,
  );
  return list.filter((p) => !own.has(p.id) && !p.varRel.some((v) => own.has(v.id))).slice(0, limit);
}
