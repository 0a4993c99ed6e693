// A few months of believable order history for the retail demo stores (decision 0046), so the
// dashboard and the reports show something on first start: HISTORY_DAYS Cyprus days back to
// yesterday, fewer on Sundays, card and cash on delivery, the store's demo customers and guests,
// in English and Greek. Deterministic: one PRNG per store; the days follow the seed's date.
//
// Every order is finished: completed, cancelled, or (card, never paid) expired, so none waits for
// the shop or holds stock, except the few latest that are on their way: shipped by the staff
// member through the shipments' own rule (docs/decisions/0055), the oldest of them delivered. The seeded stock is today's count, after these sales: history takes
// none and a cancellation returns none. The demo accounts' points balances are given as they are:
// history orders earn and redeem no points, so completing or cancelling one moves no balance.

import { asc, eq } from "drizzle-orm";
import { nextDate, zonedDate, zonedDayStart } from "../../core/admin/orders";
import { computeTotals } from "../../core/checkout";
import { withdrawalDeadline } from "../../core/withdrawal";
import { recordDeliveryIn, recordShipmentIn } from "../../services/orders/shipments";
import type { Tx } from "../client";
import * as s from "../store/schema";
import type { SeedProduct } from "./catalog";
import { createRng, type Rng } from "./prng";
import type { DemoStoreDef } from "./stores";

/** Days of history before today: four months. */
export const HISTORY_DAYS = 120;
/** Orders a weekday brings, at most (Sundays half). */
const PER_DAY: Partial<Record<DemoStoreDef["id"], number>> = { main: 6, cy: 4 };

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const GUESTS = [
  { name: "Elena Christodoulou", city: "Nicosia", lang: "el" },
  { name: "George Pappas", city: "Larnaca", lang: "en" },
  { name: "Sofia Antoniou", city: "Limassol", lang: "el" },
  { name: "James Walker", city: "Paphos", lang: "en" },
  { name: "Katerina Nikolaou", city: "Nicosia", lang: "el" },
  { name: "Michalis Ioannou", city: "Famagusta", lang: "el" },
  { name: "Anna Schmidt", city: "Limassol", lang: "en" },
  { name: "Petros Charalambous", city: "Larnaca", lang: "el" },
  { name: "Olivia Brown", city: "Paphos", lang: "en" },
  { name: "Christos Kyriakou", city: "Nicosia", lang: "el" },
  { name: "Marios Savva", city: "Limassol", lang: "el" },
  { name: "Laura Rossi", city: "Larnaca", lang: "en" },
] as const;

type Customer = Pick<
  typeof s.customers.$inferSelect,
  "id" | "name" | "surname" | "email" | "mobilePhone" | "street" | "postcode" | "city" | "country"
>;

interface Buyer {
  customerId: number | null;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string;
  country: string;
  lang: "en" | "el";
}

function buyerFor(rng: Rng, customers: Customer[], greek: boolean): Buyer {
  // About a third of orders come from the demo accounts, the rest from guests.
  if (customers.length > 0 && rng.chance(0.35)) {
    const c = rng.pick(customers);
    return {
      customerId: c.id,
      name: `${c.name} ${c.surname}`.trim(),
      email: c.email,
      phone: c.mobilePhone || null,
      address: [c.street, c.postcode].filter((x) => x.trim() !== "").join(" ") || null,
      city: c.city,
      country: c.country,
      lang: greek && rng.chance(0.4) ? "el" : "en",
    };
  }
  const g = rng.pick(GUESTS);
  const slug = g.name.toLowerCase().replace(/[^a-z]+/g, ".");
  return {
    customerId: null,
    name: g.name,
    email: `${slug}@example.org`,
    phone: `99${String(rng.int(100000, 999999))}`,
    address: `${rng.pick(["Makariou", "Arch. Kyprianou", "Gladstonos", "Ledras", "Griva Digeni"])} ${rng.int(1, 180)}`,
    city: g.city,
    country: "CY",
    lang: greek ? g.lang : "en",
  };
}

/** When one of the day's orders was placed: shop hours mostly, evenings often. */
function placedAt(rng: Rng, day: string): Date {
  const minutes = rng.int(8 * 60, 23 * 60 + 45);
  return new Date(zonedDayStart(day).getTime() + minutes * 60_000 + rng.int(0, 59) * 1000);
}

/**
 * Inserts the history in the seed's transaction (bulk, in chunks) and returns how many orders it
 * wrote. `products` are the store's seeded products with their ids; `staffName` completes and
 * cancels orders in the timeline.
 */
export async function insertOrderHistory(
  tx: Tx<typeof s>,
  store: DemoStoreDef,
  products: { product: SeedProduct; id: number }[],
  staffName: string,
  now: Date,
): Promise<number> {
  const perDay = PER_DAY[store.id];
  if (!perDay) return 0;
  const rng = createRng(`order-history:${store.id}`);
  const greek = store.languages.includes("el");
  const sellable = products.filter((p) => !p.product.outOfStock);
  const customers: Customer[] = (
    await tx
      .select({
        id: s.customers.id,
        name: s.customers.name,
        surname: s.customers.surname,
        email: s.customers.email,
        mobilePhone: s.customers.mobilePhone,
        street: s.customers.street,
        postcode: s.customers.postcode,
        city: s.customers.city,
        country: s.customers.country,
        excludeVat: s.customers.excludeVat,
      })
      .from(s.customers)
  ).filter((c) => !c.excludeVat && c.email !== "");
  const shipping = await tx
    .select({
      id: s.shippingMethods.id,
      description: s.shippingMethods.description,
      costCents: s.shippingMethods.costCents,
      countries: s.shippingMethods.countries,
    })
    .from(s.shippingMethods);
  const cyShipping = shipping.filter((m) => (m.countries ?? []).includes("CY"));
  const freeFrom = Math.round(Number(store.settings.free_delivery_total) * 100) || null;

  const today = zonedDate(now);
  const orderRows: (typeof s.orders.$inferInsert)[] = [];
  const lineRows: Omit<typeof s.orderLines.$inferInsert, "orderId">[][] = [];
  type Step = { kind: "placed" | "paid" | "completed" | "cancelled" | "expired"; at: Date };
  const steps: Step[][] = [];
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = nextDate(today, -back);
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    const n = rng.int(sunday ? 0 : 1, sunday ? Math.ceil(perDay / 2) : perDay);
    for (let i = 0; i < n; i++) {
      const buyer = buyerFor(rng, customers, greek);
      const card = rng.chance(0.55);
      const lines = rng
        .shuffle(sellable)
        .slice(0, rng.pick([1, 1, 1, 2, 2, 3]))
        .map(({ product, id }) => {
          const unit = product.salePriceCents ?? product.priceCents;
          const qty = rng.pick([1, 1, 1, 2, 3]);
          return {
            productId: id,
            description: product.name,
            qty,
            unitPriceCents: unit,
            vatRate: product.vatRate,
            lineTotalCents: qty * unit,
          };
        });
      const method = rng.pick(cyShipping);
      const totals = computeTotals({
        lines,
        shippingCostCents: method?.costCents ?? null,
        freeDeliveryTotalCents: freeFrom,
        pointsPercentage: 0,
        availablePointsCents: 0,
        redeemPointsCents: 0,
        excludeVat: false,
      });
      const at = placedAt(rng, day);
      const roll = rng.next();
      // Card orders: 6% never paid (expired after the reservation); the rest paid within minutes.
      const status = card && roll < 0.06 ? "expired" : roll > 0.93 ? "cancelled" : "completed";
      const paid = card && status !== "expired";
      const paidAt = paid ? new Date(at.getTime() + rng.int(1, 8) * 60_000) : null;
      const closedAt = new Date(at.getTime() + (status === "expired" ? 30 : rng.int(18, 60) * 60) * 60_000);
      const code = `H${Array.from({ length: 12 }, () => ALPHABET[rng.int(0, ALPHABET.length - 1)]).join("")}`;
      orderRows.push({
        code,
        customerId: buyer.customerId,
        status,
        goodsTotalCents: totals.goodsTotalCents,
        shippingCostCents: totals.shippingCostCents,
        pointsRedeemedCents: 0,
        pointsEarnedCents: 0,
        totalCents: totals.totalCents,
        shippingId: method?.id ?? null,
        shippingDescription: method?.description ?? null,
        paymentMethod: card ? "card" : "cod",
        paymentReference: paid ? `T${code.slice(1)}` : null,
        isWeb: true,
        customerName: buyer.name,
        customerEmail: buyer.email,
        customerPhone: buyer.phone,
        shipAddress: buyer.address,
        shipCity: buyer.city,
        shipCountry: buyer.country,
        reservedUntil: null,
        paidAt,
        lang: buyer.lang,
        createdAt: at,
        updatedAt: closedAt,
      });
      lineRows.push(lines);
      steps.push([
        { kind: "placed", at },
        ...(paidAt ? [{ kind: "paid" as const, at: paidAt }] : []),
        { kind: status, at: closedAt },
      ]);
    }
  }

  const inTransit = holdForShipping(orderRows, steps, now);
  const ids: number[] = [];
  for (let i = 0; i < orderRows.length; i += 500) {
    const rows = await tx
      .insert(s.orders)
      .values(orderRows.slice(i, i + 500))
      .returning({ id: s.orders.id });
    ids.push(...rows.map((r) => r.id));
  }
  const lines = ids.flatMap((orderId, i) => (lineRows[i] ?? []).map((l) => ({ ...l, orderId })));
  const payments = ids.flatMap((orderId, i) => {
    const o = orderRows[i] as typeof s.orders.$inferInsert;
    if (o.paymentMethod !== "card") return [];
    return [
      {
        orderId,
        provider: "test",
        providerOrderCode: `P${o.code.slice(1)}`,
        transactionId: o.paidAt ? (o.paymentReference ?? null) : null,
        amountCents: o.totalCents,
        status: o.paidAt ? "paid" : "failed",
        createdAt: o.createdAt,
        verifiedAt: o.paidAt ?? null,
      },
    ];
  });
  const events = ids.flatMap((orderId, i) => {
    const o = orderRows[i] as typeof s.orders.$inferInsert;
    const buyer = { actorKind: o.customerId === null ? "guest" : "customer", actor: o.customerName };
    return (steps[i] ?? []).map((step) => ({
      orderId,
      kind: step.kind,
      createdAt: step.at,
      body: step.kind === "paid" ? (o.paymentReference ?? null) : null,
      ...(step.kind === "placed"
        ? buyer
        : step.kind === "paid"
          ? { actorKind: "provider", actor: "test" }
          : step.kind === "expired"
            ? { actorKind: "system", actor: "the shop" }
            : { actorKind: "staff", actor: staffName }),
    }));
  });
  for (const [table, rows] of [
    [s.orderLines, lines],
    [s.payments, payments],
    [s.orderEvents, events],
  ] as const) {
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(table).values(rows.slice(i, i + 1000) as never);
    }
  }
  await insertDemoWithdrawal(tx, store, orderRows, ids, steps, now);
  await shipDemoOrders(tx, rng, inTransit, orderRows, ids, staffName, now);
  return ids.length;
}

/** How many of the latest orders are on their way rather than completed; the oldest is delivered. */
const IN_TRANSIT = 3;

/**
 * Takes the latest completed orders placed at least two days before the seed out of completion:
 * they stay placed (or paid) until `shipDemoOrders` ships them. Answers their indexes, oldest first.
 */
function holdForShipping(
  orderRows: (typeof s.orders.$inferInsert)[],
  steps: { kind: string; at: Date }[][],
  now: Date,
): number[] {
  const before = now.getTime() - 2 * 24 * 3600_000;
  const picked: number[] = [];
  // A day's orders are made in random hours: newest first by the time they were placed.
  const at = (i: number) => (orderRows[i]?.createdAt as Date | undefined)?.getTime() ?? 0;
  const newestFirst = orderRows.map((_o, i) => i).sort((a, b) => at(b) - at(a));
  for (const i of newestFirst) {
    if (picked.length === IN_TRANSIT) break;
    const o = orderRows[i];
    const last = steps[i]?.at(-1);
    if (!o || last?.kind !== "completed" || (o.createdAt as Date).getTime() >= before) continue;
    o.status = o.paidAt ? "paid" : "placed";
    o.updatedAt = o.paidAt ?? o.createdAt;
    steps[i]?.pop();
    picked.push(i);
  }
  return picked.reverse();
}

/**
 * Ships the held orders whole with the store's first courier, the morning after each was placed,
 * through the rule staff and the ERP ship with (its timeline step included); the oldest is marked
 * delivered the day after. Like the withdrawal above, no mail or webhook: nobody waits for them.
 */
async function shipDemoOrders(
  tx: Tx<typeof s>,
  rng: Rng,
  held: number[],
  orderRows: (typeof s.orders.$inferInsert)[],
  ids: number[],
  staffName: string,
  now: Date,
): Promise<void> {
  const [carrier] = await tx
    .select({ id: s.carriers.id })
    .from(s.carriers)
    .where(eq(s.carriers.active, true))
    .orderBy(asc(s.carriers.seq), asc(s.carriers.id))
    .limit(1);
  if (!carrier) return;
  const staff = { kind: "staff" as const, name: staffName };
  for (const [n, i] of held.entries()) {
    const o = orderRows[i];
    const orderId = ids[i];
    if (!o || orderId === undefined) continue;
    const lines = await tx
      .select({ orderLineId: s.orderLines.id, qty: s.orderLines.qty })
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, orderId))
      .orderBy(asc(s.orderLines.id));
    const shippedAt = new Date((o.createdAt as Date).getTime() + 20 * 3600_000);
    const trackingNumber = String(rng.int(1_000_000_000, 9_999_999_999));
    await recordShipmentIn(
      tx,
      o.code,
      { idempotencyKey: "demo-seed-shipment", carrierId: carrier.id, trackingNumber, lines },
      staff,
      shippedAt,
    );
    if (n === 0) {
      const deliveredAt = new Date(Math.min(shippedAt.getTime() + 24 * 3600_000, now.getTime() - 3600_000));
      await recordDeliveryIn(tx, o.code, staff, deliveredAt);
    }
  }
}

/**
 * One recorded withdrawal (docs/decisions/0050), so the back office shows one on first start: the
 * latest order a demo customer completed, at least a day before the seed, withdraws from its first
 * line an hour after completion, within the period. Written as the storefront's confirmation
 * writes it (record, lines, timeline step); no mail or webhook: nobody is waiting for them.
 */
async function insertDemoWithdrawal(
  tx: Tx<typeof s>,
  store: DemoStoreDef,
  orderRows: (typeof s.orders.$inferInsert)[],
  ids: number[],
  steps: { kind: string; at: Date }[][],
  now: Date,
): Promise<void> {
  const dayAgo = now.getTime() - 24 * 3600_000;
  let pick = -1;
  for (let i = ids.length - 1; i >= 0 && pick < 0; i--) {
    const last = steps[i]?.at(-1);
    if (orderRows[i]?.customerId && last?.kind === "completed" && last.at.getTime() < dayAgo) pick = i;
  }
  const o = orderRows[pick];
  const completedAt = steps[pick]?.at(-1)?.at;
  const orderId = ids[pick];
  if (!o || !completedAt || orderId === undefined) return;
  const [line] = await tx
    .select({ id: s.orderLines.id, description: s.orderLines.description })
    .from(s.orderLines)
    .where(eq(s.orderLines.orderId, orderId))
    .orderBy(s.orderLines.id)
    .limit(1);
  if (!line) return;
  const at = new Date(completedAt.getTime() + 3600_000);
  const [w] = await tx
    .insert(s.withdrawals)
    .values({
      orderId,
      idempotencyKey: "demo-seed",
      byKind: "customer",
      byName: o.customerName,
      email: o.customerEmail || null,
      lang: o.lang ?? "en",
      deadline: withdrawalDeadline(completedAt, Number(store.settings.withdrawal_days) || 14).until,
      createdAt: at,
    })
    .returning({ id: s.withdrawals.id });
  if (!w) return;
  await tx
    .insert(s.withdrawalLines)
    .values({ withdrawalId: w.id, orderLineId: line.id, description: line.description, qty: 1 });
  await tx.insert(s.orderEvents).values({
    orderId,
    kind: "withdrawn",
    actorKind: "customer",
    actor: o.customerName,
    body: `1 × ${line.description}`,
    createdAt: at,
  });
  await tx.update(s.orders).set({ updatedAt: at }).where(eq(s.orders.id, orderId));
}
