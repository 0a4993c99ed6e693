// A shopper's reviews from their order page (docs/decisions/0053): which of their order lines can
// be reviewed, and writing one. A review is written against one order line of an order of theirs
// that proves a purchase, waits for staff as 'pending', and is audited in the same transaction.
// Also the one place a product's shown rating is recounted from its published reviews.
import { and, eq, inArray, sql } from "drizzle-orm";
import { provesPurchase, type ReviewStatus, reviewerName } from "../core/reviews";
import type { ReviewSubmission } from "../core/validation/review";
import type { Tx } from "../db/client";
import { customers, orderLines, orders, productReviews, products } from "../db/store/schema";
import { type AuditActor, recordAudit } from "./admin/audit";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";

/** What the order page shows for one line: whether it can be reviewed, or the review's state. */
export interface LineReviewState {
  /** The review written from this line (or from another line of the same product), if any. */
  status: ReviewStatus | null;
  /** True when the order proves a purchase and no review of this product by the customer exists. */
  canReview: boolean;
}

/**
 * The review state of each line of the customer's orders, by line id. One customer reviews a
 * product once, whichever of their orders the review came from.
 */
export async function lineReviewStates(
  store: StoreContext,
  customerId: number,
  lines: readonly { id: number; productId: number; orderStatus: string }[],
): Promise<Map<number, LineReviewState>> {
  const out = new Map<number, LineReviewState>();
  if (lines.length === 0) return out;
  const written = await store.db
    .select({ productId: productReviews.productId, status: productReviews.status })
    .from(productReviews)
    .where(
      and(
        eq(productReviews.customerId, customerId),
        inArray(productReviews.productId, [...new Set(lines.map((l) => l.productId))]),
      ),
    );
  const byProduct = new Map(written.map((w) => [w.productId, w.status as ReviewStatus]));
  for (const l of lines) {
    const status = byProduct.get(l.productId) ?? null;
    out.set(l.id, { status, canReview: status === null && provesPurchase(l.orderStatus) });
  }
  return out;
}

/**
 * Writes the customer's review of one line of one of their orders, as 'pending'. Refused when the
 * line is not theirs (404), the order proves no purchase yet (409 invalid_state) or the product
 * already has their review (409 duplicate).
 */
export async function submitReview(
  store: StoreContext,
  customerId: number,
  orderCode: string,
  lineId: number,
  input: ReviewSubmission,
  ip: string | null,
): Promise<{ id: number; status: "pending" }> {
  return store.db.transaction(async (tx) => {
    const [line] = await tx
      .select({
        productId: orderLines.productId,
        orderStatus: orders.status,
        name: customers.name,
        surname: customers.surname,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orderLines.id, lineId), eq(orders.code, orderCode), eq(orders.customerId, customerId)))
      // Submissions of one customer wait here for each other, so the second finds the first's review,
      // whether it came from the same line or from another order of the same product.
      .for("update", { of: customers });
    if (!line) throw new ServiceError("not_found", "No such order line for this customer.");
    if (!provesPurchase(line.orderStatus))
      throw new ServiceError("invalid_state", "This order can be reviewed once it is paid or completed.");
    const [exists] = await tx
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(
        sql`${productReviews.orderLineId} = ${lineId} or (${productReviews.customerId} = ${customerId} and ${productReviews.productId} = ${line.productId})`,
      )
      .limit(1);
    if (exists) throw new ServiceError("duplicate", "You have already reviewed this product.");
    const [row] = await tx
      .insert(productReviews)
      .values({
        productId: line.productId,
        customerId,
        orderLineId: lineId,
        source: "customer",
        status: "pending",
        authorName: reviewerName(line.name, line.surname),
        rating: input.rating,
        title: input.title,
        body: input.body,
      })
      .returning({ id: productReviews.id });
    const actor: AuditActor = { id: null, email: `customer:${customerId}`, ip };
    await recordAudit(tx, actor, {
      action: "review.submit",
      entity: "review",
      entityId: row.id,
      summary: `Review of product ${line.productId} from order ${orderCode}, ${input.rating} of 5, awaiting moderation`,
      after: { productId: line.productId, orderCode, lineId, rating: input.rating, title: input.title },
    });
    return { id: row.id, status: "pending" as const };
  });
}

/**
 * Sets a product's shown rating and review count from its published reviews only, inside the
 * transaction that changed one of them: cards, quick view and the JSON-LD aggregateRating read
 * these columns, so they never count a pending or rejected review.
 */
export async function recountProductRating(tx: Tx, productId: number): Promise<void> {
  await tx
    .update(products)
    .set({
      reviewCount: sql`(select count(*)::int from product_reviews r where r.product_id = ${productId} and r.status = 'published')`,
      ratings: sql`coalesce((select round(avg(r.rating), 2) from product_reviews r where r.product_id = ${productId} and r.status = 'published'), 0)`,
    })
    .where(eq(products.id, productId));
}
