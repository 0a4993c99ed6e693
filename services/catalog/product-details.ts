// What the product page shows below the buying side: the long description (sanitised when it
// was written: the back office and the ERP import both pass it through sanitizeLongDescription),
// the specifications table, and the shoppers' reviews with their rating distribution.
import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  type ProductReview,
  type ProductSpec,
  REVIEWS_PER_PAGE,
  type ReviewsPage,
  ratingDistribution,
} from "../../core/product-reviews";
import { isVerifiedPurchase, type ReviewSource } from "../../core/reviews";
import type { Untranslated } from "../../core/translation";
import { queryRows } from "../../db/client";
import { orderLines, orders, productReviews, products } from "../../db/store/schema";
import { storeKey, TtlCache } from "../cache";
import { serviceConfig } from "../config";
import type { StoreContext } from "../context";
import { readsSource, translated, translationJoin, untranslatedFields } from "../translation";

/** In another language, `untranslated` may hold "longDescHtml" and "specs". */
export interface ProductDetails extends Untranslated {
  longDescHtml: string;
  specs: ProductSpec[];
}

/**
 * Details change only with the catalogue, which forgets them on every instance: kept as long as
 * pages of listing ids (LISTING_CACHE_MS, default 30 s).
 */
const details = new TtlCache<ProductDetails | null>(() => serviceConfig().listingCacheMs);

/** The long description and specifications of a product in the reading language; null for an unknown or deleted one. */
export function getProductDetails(store: StoreContext, id: number): Promise<ProductDetails | null> {
  return details.get(storeKey(store.config.id, `${id}|${store.lang}`), store.db, () =>
    readDetails(store, id),
  );
}

async function readDetails(store: StoreContext, id: number): Promise<ProductDetails | null> {
  const lang = store.lang;
  const [row] = readsSource(lang)
    ? await store.db
        .select({ longDescHtml: products.longDescHtml, specs: products.specs })
        .from(products)
        .where(and(eq(products.id, id), eq(products.deleted, false)))
        .limit(1)
    : await queryRows<{ longDescHtml: string; specs: unknown; untranslated: string[] | null }>(
        store.db,
        sql`select ${translated(lang, "pt", "long_desc_html", sql`p.long_desc_html`)} as "longDescHtml",
                   ${translated(lang, "pt", "specs", sql`p.specs`)} as specs,
                   ${untranslatedFields(lang, "pt", { longDescHtml: "long_desc_html", specs: "specs" })} as untranslated
              from products p
              ${translationJoin(lang, "product_translations", "pt", "product_id", sql`p.id`)}
             where p.id = ${id} and not p.deleted
             limit 1`,
      );
  if (!row) return null;
  // jsonb written by hand could hold anything: only well-formed rows reach the page.
  const specs = (Array.isArray(row.specs) ? row.specs : []).filter(
    (s): s is ProductSpec =>
      typeof s === "object" && s !== null && typeof s.label === "string" && typeof s.value === "string",
  );
  const untranslated = "untranslated" in row ? (row.untranslated ?? []) : [];
  return { longDescHtml: row.longDescHtml, specs, ...(untranslated.length > 0 ? { untranslated } : {}) };
}

/**
 * One page of a product's published reviews, newest first, with the distribution of all of
 * them. A page past the last gives the last page.
 */
export async function listProductReviews(
  store: StoreContext,
  productId: number,
  page = 1,
  perPage = REVIEWS_PER_PAGE,
): Promise<ReviewsPage> {
  const published = and(eq(productReviews.productId, productId), eq(productReviews.status, "published"));
  const counts = await store.db
    .select({ rating: productReviews.rating, count: count() })
    .from(productReviews)
    .where(published)
    .groupBy(productReviews.rating);
  const distribution = ratingDistribution(counts.map((r) => ({ rating: r.rating, count: Number(r.count) })));
  const total = counts.reduce((sum, r) => sum + Number(r.count), 0);
  const sum = counts.reduce((acc, r) => acc + r.rating * Number(r.count), 0);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.trunc(page)), pageCount);
  const rows =
    total === 0
      ? []
      : await store.db
          .select({
            id: productReviews.id,
            authorName: productReviews.authorName,
            rating: productReviews.rating,
            title: productReviews.title,
            body: productReviews.body,
            createdAt: productReviews.createdAt,
            source: productReviews.source,
            customerId: productReviews.customerId,
            lineProductId: orderLines.productId,
            orderCustomerId: orders.customerId,
            orderStatus: orders.status,
          })
          .from(productReviews)
          // The badge is read afresh from the order each time: a cancelled order loses it.
          .leftJoin(orderLines, eq(orderLines.id, productReviews.orderLineId))
          .leftJoin(orders, eq(orders.id, orderLines.orderId))
          .where(published)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(perPage)
          .offset((current - 1) * perPage);
  const reviews: ProductReview[] = rows.map((r) => ({
    id: r.id,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    source: r.source as ReviewSource,
    verified: isVerifiedPurchase({
      source: r.source,
      customerId: r.customerId,
      productId,
      line:
        r.lineProductId !== null && r.orderStatus !== null
          ? { productId: r.lineProductId, orderCustomerId: r.orderCustomerId, orderStatus: r.orderStatus }
          : null,
    }),
  }));
  return {
    reviews,
    distribution,
    total,
    average: total > 0 ? Math.round((sum / total) * 100) / 100 : 0,
    page: current,
    pageCount,
  };
}
