// Back-in-stock requests ('Notify me when product is available'). A request is stored once per
// email and product; when the product has stock again, one mail per pending request is queued
// in the outbox and the request is marked done, in the transaction that changed the stock. The
// mail is written in the language of the page the request was made on (notify_requests.lang),
// the product named as in that language where it is translated.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { SOURCE_LANG } from "../core/language";
import type { Tx } from "../db/client";
import { notifyRequests, products, productTranslations, stock } from "../db/store/schema";
import type { StoreContext, StoreDb } from "./context";
import { ServiceError } from "./failure";
import { enqueueMail } from "./mail/outbox";
import { backInStockMail, mailLang, mailTexts } from "./mail/templates";

type Db = StoreDb | Tx;

/**
 * What the storefront sells from: the store's warehouse (`warehouse id` setting), or every
 * warehouse together when the store names none.
 */
export async function availableStock(
  db: Db,
  store: StoreContext,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(productIds.map((id) => [id, 0]));
  if (productIds.length === 0) return out;
  const warehouseId = store.settings.warehouseId;
  const rows = await db
    .select({ productId: stock.productId, qty: sql<number>`sum(${stock.qty})::int` })
    .from(stock)
    .where(
      warehouseId !== null
        ? and(inArray(stock.productId, [...productIds]), eq(stock.warehouseId, warehouseId))
        : inArray(stock.productId, [...productIds]),
    )
    .groupBy(stock.productId);
  for (const r of rows) out.set(r.productId, Number(r.qty));
  return out;
}

export type NotifyRequestResult = "stored" | "notified";

/**
 * Stores a request in the request's language (asking again re-arms one that was already answered,
 * in the language asked in last). When the product is in stock right now, the mail goes at once
 * instead of waiting for a stock change. An unknown product is a ServiceError not_found.
 */
export async function requestBackInStock(
  store: StoreContext,
  input: { productId: number; email: string; customerId?: number | null },
): Promise<NotifyRequestResult> {
  const email = input.email.trim();
  return store.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.deleted, false)));
    if (!product) throw new ServiceError("not_found", "Product not found");
    await tx.execute(sql`
      insert into notify_requests (product_id, email, customer_id, lang)
      values (${input.productId}, ${email}, ${input.customerId ?? null}, ${store.lang})
      on conflict (product_id, lower(email)) do update
        set notified_at = null,
            lang = excluded.lang,
            created_at = case when notify_requests.notified_at is null then notify_requests.created_at else now() end,
            customer_id = coalesce(excluded.customer_id, notify_requests.customer_id)`);
    const queued = await notifyBackInStock(tx, store, [input.productId]);
    return queued > 0 ? "notified" : "stored";
  });
}

/**
 * Queues one mail per pending request of every given product that has stock, and marks those
 * requests done. Call it after any stock change, inside the same transaction: it is cheap when
 * nothing is pending, and safe to call twice (rows are locked and dedupe keys are unique).
 * Returns how many mails were queued.
 */
export async function notifyBackInStock(
  db: Db,
  store: StoreContext,
  productIds: readonly number[],
): Promise<number> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  // FOR UPDATE: a concurrent stock change waits here and then finds these rows answered.
  const pending = await db
    .select({
      id: notifyRequests.id,
      productId: notifyRequests.productId,
      email: notifyRequests.email,
      lang: notifyRequests.lang,
      createdAt: notifyRequests.createdAt,
    })
    .from(notifyRequests)
    .where(and(inArray(notifyRequests.productId, ids), isNull(notifyRequests.notifiedAt)))
    .orderBy(notifyRequests.id)
    .for("update");
  if (pending.length === 0) return 0;
  const inStock = await availableStock(db, store, [...new Set(pending.map((p) => p.productId))]);
  const due = pending.filter((p) => (inStock.get(p.productId) ?? 0) > 0);
  if (due.length === 0) return 0;
  const dueIds = [...new Set(due.map((d) => d.productId))];
  const names = new Map(
    (
      await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, dueIds))
    ).map((p) => [`${p.id}`, p.name]),
  );
  const langs = [...new Set(due.map((d) => mailLang(store, d.lang)))].filter((l) => l !== SOURCE_LANG);
  if (langs.length > 0) {
    const translated = await db
      .select({
        id: productTranslations.productId,
        lang: productTranslations.lang,
        name: productTranslations.name,
      })
      .from(productTranslations)
      .where(
        and(
          inArray(productTranslations.productId, dueIds),
          inArray(productTranslations.lang, langs),
          isNotNull(productTranslations.name),
        ),
      );
    for (const t of translated) if (t.name) names.set(`${t.id}:${t.lang}`, t.name);
  }
  const origin = store.config.url.replace(/\/+$/, "");
  for (const req of due) {
    const lang = mailLang(store, req.lang);
    const mail = backInStockMail(store, req.email, {
      productName:
        names.get(`${req.productId}:${lang}`) ??
        names.get(`${req.productId}`) ??
        mailTexts(lang)("backInStockUnnamed"),
      productUrl: `${origin}/product/default/${req.productId}`,
      lang,
    });
    await enqueueMail(db, {
      ...mail,
      dedupeKey: `back-in-stock:${req.id}:${new Date(req.createdAt).getTime()}`,
    });
  }
  await db
    .update(notifyRequests)
    .set({ notifiedAt: new Date() })
    .where(
      inArray(
        notifyRequests.id,
        due.map((d) => d.id),
      ),
    );
  return due.length;
}
