// Writes the demo products' reviews (db/seed/product-content.ts) into product_reviews. Dates
// count back from the seed's own time, so the newest review reads "a few days ago" on any
// fresh install. They are demo texts the shop put in, not buyers' reviews: staff-entered and
// published, so they show marked "Entered by the shop" and never as a verified purchase
// (docs/decisions/0053).
import type { Tx } from "../client";
import * as s from "../store/schema";
import type { SeedProduct } from "./catalog";

const DAY_MS = 86_400_000;

export async function insertProductReviews(
  tx: Tx<typeof s>,
  products: readonly SeedProduct[],
  idOf: (p: SeedProduct) => number,
  now = Date.now(),
): Promise<number> {
  const rows = products.flatMap((p) =>
    p.reviews.map((r) => ({
      productId: idOf(p),
      source: "staff",
      status: "published",
      authorName: r.author,
      rating: r.rating,
      title: r.title,
      body: r.body,
      createdAt: new Date(now - r.daysAgo * DAY_MS),
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await tx.insert(s.productReviews).values(rows.slice(i, i + 500));
  return rows.length;
}
