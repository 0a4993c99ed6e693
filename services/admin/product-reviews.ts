// The back office's product reviews (docs/decisions/0053): the moderation list, publishing and
// rejecting, and a review entered by hand. Each write is one transaction with its audit entry and
// the product's recounted rating, so a card, the quick view and the JSON-LD never count a review
// that does not show.
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminProductReview } from "../../core/api/admin/reviews";
import {
  isVerifiedPurchase,
  REJECT_REASON_LABEL,
  type RejectReason,
  type ReviewSource,
  type ReviewStatus,
} from "../../core/reviews";
import type { ReviewSubmission } from "../../core/validation/review";
import type { Tx } from "../../db/client";
import { orderLines, orders, productReviews, products, staff } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { recountProductRating } from "../product-reviews";
import { recordAudit, type StaffActor } from "./audit";

export interface ReviewFilter {
  page: number;
  limit: number;
  status: ReviewStatus | "all";
  source: ReviewSource | "all";
}

function select(db: StoreContext["db"] | Tx) {
  return db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productName: products.name,
      productCode: products.code,
      customerId: productReviews.customerId,
      authorName: productReviews.authorName,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      source: productReviews.source,
      status: productReviews.status,
      rejectReason: productReviews.rejectReason,
      moderatedAt: productReviews.moderatedAt,
      moderatedBy: staff.name,
      createdAt: productReviews.createdAt,
      orderCode: orders.code,
      lineProductId: orderLines.productId,
      orderCustomerId: orders.customerId,
      orderStatus: orders.status,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .leftJoin(orderLines, eq(orderLines.id, productReviews.orderLineId))
    .leftJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(staff, eq(staff.id, productReviews.moderatedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["where"]>>[number];

function view(r: Row): AdminProductReview {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    productCode: r.productCode,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    source: r.source as ReviewSource,
    status: r.status as ReviewStatus,
    verified: isVerifiedPurchase({
      source: r.source,
      customerId: r.customerId,
      productId: r.productId,
      line:
        r.lineProductId !== null && r.orderStatus !== null
          ? { productId: r.lineProductId, orderCustomerId: r.orderCustomerId, orderStatus: r.orderStatus }
          : null,
    }),
    orderCode: r.orderCode,
    rejectReason: (r.rejectReason as RejectReason | null) ?? null,
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
    moderatedBy: r.moderatedBy,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listProductReviewsForModeration(store: StoreContext, f: ReviewFilter) {
  const where: SQL[] = [];
  if (f.status !== "all") where.push(eq(productReviews.status, f.status));
  if (f.source !== "all") where.push(eq(productReviews.source, f.source));
  const cond = where.length > 0 ? and(...where) : undefined;
  const [total] = await store.db.select({ n: count() }).from(productReviews).where(cond);
  const rows = await select(store.db)
    .where(cond)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { items: rows.map(view), total: Number(total?.n ?? 0), page: f.page, limit: f.limit };
}

async function one(tx: Tx, id: number): Promise<AdminProductReview> {
  const [row] = await select(tx).where(eq(productReviews.id, id));
  if (!row) throw new ServiceError("not_found", "This review no longer exists. Reload the list.");
  return view(row);
}

async function moderate(
  store: StoreContext,
  actor: StaffActor,
  id: number,
  to: "published" | "rejected",
  reason: RejectReason | null,
): Promise<AdminProductReview> {
  return store.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: productReviews.status, productId: productReviews.productId })
      .from(productReviews)
      .where(eq(productReviews.id, id))
      .for("update");
    if (!current) throw new ServiceError("not_found", "This review no longer exists. Reload the list.");
    if (current.status === to)
      throw new ServiceError("invalid_state", `This review is already ${to}. Reload the list.`);
    const before = await one(tx, id);
    await tx
      .update(productReviews)
      .set({ status: to, rejectReason: reason, moderatedAt: new Date(), moderatedBy: actor.id })
      .where(eq(productReviews.id, id));
    // Only a change to or from 'published' moves what shows; recounting costs two small reads.
    await recountProductRating(tx, current.productId);
    const after = await one(tx, id);
    await recordAudit(tx, actor, {
      action: to === "published" ? "review.publish" : "review.reject",
      entity: "review",
      entityId: id,
      summary:
        to === "published"
          ? `Published the review by ${after.authorName} of ${after.productName}`
          : `Rejected the review by ${after.authorName} of ${after.productName}: ${REJECT_REASON_LABEL[reason as RejectReason]}`,
      before: { status: before.status, rejectReason: before.rejectReason },
      after: { status: after.status, rejectReason: after.rejectReason },
    });
    return after;
  });
}

export function publishReview(store: StoreContext, actor: StaffActor, id: number) {
  return moderate(store, actor, id, "published", null);
}

export function rejectReview(store: StoreContext, actor: StaffActor, id: number, reason: RejectReason) {
  return moderate(store, actor, id, "rejected", reason);
}

/**
 * A review staff enter by hand (one a customer sent by mail, say): published at once, tied to no
 * customer or order line (a database check holds this), so it shows "Entered by the shop" and can
 * never carry "Verified purchase".
 */
export async function createStaffReview(
  store: StoreContext,
  actor: StaffActor,
  input: ReviewSubmission & { productCode: string; authorName: string },
): Promise<AdminProductReview> {
  return store.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(sql`lower(${products.code}) = lower(${input.productCode})`, eq(products.deleted, false)));
    if (!product)
      throw new ServiceError("invalid", "No product has this code.", {
        details: { fields: { productCode: "No product has this code." } },
      });
    const [row] = await tx
      .insert(productReviews)
      .values({
        productId: product.id,
        source: "staff",
        status: "published",
        authorName: input.authorName,
        rating: input.rating,
        title: input.title,
        body: input.body,
        moderatedAt: new Date(),
        moderatedBy: actor.id,
      })
      .returning({ id: productReviews.id });
    await recountProductRating(tx, product.id);
    const created = await one(tx, row.id);
    await recordAudit(tx, actor, {
      action: "review.create",
      entity: "review",
      entityId: row.id,
      summary: `Entered a review by ${input.authorName} of ${product.name} by hand, ${input.rating} of 5`,
      after: created,
    });
    return created;
  });
}
