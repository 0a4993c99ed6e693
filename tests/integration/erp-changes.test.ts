// The integration API's change feed through the real app on both drivers: API key per store, a
// malformed cursor or limit is 400, orders and customers oldest change first across both tables,
// paging with the opaque cursor, a repeat of an unchanged write adds nothing, choosing a password
// moves a customer (the feed shows hasPassword) and a later password does not, and (PostgreSQL) a
// transaction still open while the feed is read is not skipped once it commits.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../core/api/integration/changes";
import { customers, orders } from "../../db/store/schema";
import { changePassword } from "../../services/auth/account";
import { verifyPassword } from "../../services/auth/password";
import { issuePasswordLink, resetPassword } from "../../services/auth/reset";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-feed-31";

type Issues = { error: string; issues?: { path: string; message: string }[] };
type Change = { type: "order" | "customer"; record: Record<string, unknown> & { id: number } };
type Page = { changes: Change[]; next: string; hasMore: boolean };

const person = (n: number) => ({
  name: `Name${n}`,
  surname: `Surname${n}`,
  email: `c${n}@example.com`,
  mobilePhone: `9900000${n}`,
  street: `Street ${n}`,
  postcode: "1010",
  city: "Nicosia",
  country: "CY",
});

describe("change feed cursor", () => {
  it("round-trips and refuses what it did not make", () => {
    const c = { xid: 9_007_199_254_740_993n, seq: 42n };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of ["", "abc", "c1.1.2", encodeCursor({ xid: 1n, seq: 2n }).slice(1), btoa("c1.-1.2")])
      expect(decodeCursor(bad), bad).toBeNull();
    expect(decodeCursor(btoa(`c1.${2n ** 63n}.0`).replace(/=+$/, ""))).toBeNull();
  });
});

describe.each(driversFor("both"))("integration API: change feed on %s", (driver) => {
  let p: Platform;
  let erp: ReturnType<typeof erpClient>;

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", KEY);
    await giveApiKey(p, "beta", "beta-erp-key-feed-32");
    erp = erpClient(p, HOST, KEY);
  });
  afterAll(async () => p?.dispose());

  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const feed = (since?: string, limit?: number) => {
    const q = new URLSearchParams();
    if (since !== undefined) q.set("since", since);
    if (limit !== undefined) q.set("limit", String(limit));
    return erp<Page>("GET", `/changes${q.size ? `?${q}` : ""}`);
  };
  const keys = (page: Page) => page.changes.map((c) => `${c.type}:${c.record.id}`);
  // The feed shows a change once every older transaction in the whole PostgreSQL cluster has
  // ended; other test files run transactions on the same cluster meanwhile, so a committed change
  // may take a moment to show. Reads until `count` changes show after `since` (or 15 s pass).
  const settled = async (since: string | undefined, count: number) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const page = await feed(since, 500);
      if (page.json.changes.length >= count || Date.now() > deadline) return page;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("no key, a wrong key and another store's key are 401", async () => {
    for (const key of [null, "nope", "beta-erp-key-feed-32"])
      expect((await erpClient(p, HOST, key)("GET", "/changes")).status).toBe(401);
  });

  it("a malformed cursor or limit is 400 naming the parameter", async () => {
    for (const since of ["garbage!", "abc", btoa("c1.1"), "x".repeat(300)]) {
      const r = await erp<Issues>("GET", `/changes?since=${encodeURIComponent(since)}`);
      expect(r.status, since).toBe(400);
      expect(new Set(r.json.issues?.map((i) => i.path))).toEqual(new Set(["since"]));
    }
    for (const limit of ["0", "501", "ten"]) {
      const r = await erp<Issues>("GET", `/changes?limit=${limit}`);
      expect(r.status, limit).toBe(400);
      expect(r.json.issues?.map((i) => i.path)).toEqual(["limit"]);
    }
  });

  let end = "";
  let ids: Record<string, number> = {};

  it("lists orders and customers oldest change first across both tables, page by page", async () => {
    const empty = await feed();
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ changes: [], next: expect.any(String), hasMore: false });

    const c1 = await erp<{ id: number }>("PUT", "/customers/C-1", person(1));
    const c2 = await erp<{ id: number }>("PUT", "/customers/C-2", person(2));
    const c3 = await erp<{ id: number }>("PUT", "/customers/C-3", person(3));
    const [order] = await (await db())
      .insert(orders)
      .values({
        code: "W-100",
        customerId: c1.json.id,
        status: "placed",
        goodsTotalCents: 1999,
        totalCents: 1999,
        paymentMethod: "cod",
        customerName: "Name1 Surname1",
        customerEmail: "c1@example.com",
      })
      .returning({ id: orders.id });
    // Changing C-2 moves it behind the order.
    await erp("PUT", "/customers/C-2", { city: "Larnaca" });
    ids = { c1: c1.json.id, c2: c2.json.id, c3: c3.json.id, o1: order?.id as number };
    expect((await settled(empty.json.next, 4)).json.changes).toHaveLength(4);

    const first = await feed(empty.json.next, 2);
    expect(keys(first.json)).toEqual([`customer:${ids.c1}`, `customer:${ids.c3}`]);
    expect(first.json.hasMore).toBe(true);
    const second = await feed(first.json.next, 2);
    expect(keys(second.json)).toEqual([`order:${ids.o1}`, `customer:${ids.c2}`]);
    const third = await feed(second.json.next, 2);
    expect(third.json.changes).toEqual([]);
    expect(third.json.hasMore).toBe(false);

    // From the beginning (no since) the same, in one page.
    const all = await feed(undefined, 500);
    expect(keys(all.json)).toEqual([
      `customer:${ids.c1}`,
      `customer:${ids.c3}`,
      `order:${ids.o1}`,
      `customer:${ids.c2}`,
    ]);
    expect(all.json.hasMore).toBe(false);

    // Records as the ERP's other endpoints show them.
    const listed = await erp<{ orders: unknown[] }>("GET", "/orders?status=placed");
    expect(all.json.changes[2]?.record).toEqual(listed.json.orders[0]);
    const customer = await erp("PUT", "/customers/C-2", {});
    expect(all.json.changes[3]?.record).toEqual(customer.json);
    expect(all.json.changes[3]?.record).toMatchObject({ city: "Larnaca", erpId: "C-2" });
    expect(JSON.stringify(all.json)).not.toMatch(/passwordHash|sha256:/);
    end = third.json.next;
  });

  it("a repeated write adds nothing; a real change and an order's status change do", async () => {
    await erp("PUT", "/customers/C-1", person(1));
    const none = await feed(end);
    expect(none.json.changes).toEqual([]);
    await (await db())
      .update(orders)
      .set({ status: "completed" })
      .where(eq(orders.id, ids.o1 as number));
    await erp("PUT", "/customers/C-3", { isPos: true });
    const two = await settled(none.json.next, 2);
    expect(keys(two.json)).toEqual([`order:${ids.o1}`, `customer:${ids.c3}`]);
    expect(two.json.changes[0]?.record).toMatchObject({ status: "completed" });
    end = two.json.next;
  });

  // The feed shows hasPassword, so choosing a password from the ERP's invitation is a change the ERP
  // pulls (migration 0014); a later change of the hash shows nothing new and moves nothing.
  it("a customer who chooses a password moves with hasPassword true; a second password does not move them", async () => {
    const made = await erp<{ id: number; hasPassword: boolean }>("PUT", "/customers/C-4", person(4));
    expect(made.json.hasPassword).toBe(false);
    const invited = await settled(end, 1);
    expect(keys(invited.json)).toEqual([`customer:${made.json.id}`]);
    const store = (await p.registry.byId("alpha")) as StoreContext;
    const link = await store.db.transaction((tx) =>
      issuePasswordLink(tx, made.json.id, "http://alpha.localhost", 60_000),
    );
    const token = new URL(link).searchParams.get("token") as string;
    const password = "quiet-harbour-lantern-71";
    await resetPassword(
      store,
      { token, custid: made.json.id, password, confirm: password },
      { ip: "192.0.2.4" },
    );
    const chosen = await settled(invited.json.next, 1);
    expect(keys(chosen.json)).toEqual([`customer:${made.json.id}`]);
    expect(chosen.json.changes[0]?.record).toMatchObject({ erpId: "C-4", hasPassword: true });

    const other = "amber-meadow-compass-38";
    await changePassword(store, made.json.id, { current: password, password: other, confirm: other });
    const [row] = await (await db()).select().from(customers).where(eq(customers.id, made.json.id));
    expect(await verifyPassword(row?.passwordHash as string, other)).toBe(true);
    expect((await feed(chosen.json.next)).json.changes).toEqual([]);
    end = chosen.json.next;
  });

  it.runIf(driver === "pg")("a transaction still open while the feed is read is not skipped", async () => {
    const d = await db();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let updated = () => {};
    const didUpdate = new Promise<void>((r) => {
      updated = r;
    });
    // A second connection changes C-1 and waits before committing.
    const open = d.transaction(async (tx) => {
      await tx.update(customers).set({ city: "Limassol" }).where(eq(customers.erpId, "C-1"));
      updated();
      await gate;
    });
    try {
      await didUpdate;
      // Meanwhile a later transaction changes C-3 and commits.
      expect((await erp("PUT", "/customers/C-3", { city: "Paphos" })).status).toBe(200);
      const during = await feed(end);
      expect(during.status).toBe(200);
      // Neither shows yet: C-1's is running, and C-3's came after it.
      expect(during.json.changes).toEqual([]);
      expect(during.json.hasMore).toBe(false);
      release();
      await open;
      const after = await settled(during.json.next, 2);
      expect(keys(after.json)).toEqual([`customer:${ids.c1}`, `customer:${ids.c3}`]);
      expect(after.json.changes[0]?.record).toMatchObject({ city: "Limassol" });
      expect(after.json.changes[1]?.record).toMatchObject({ city: "Paphos" });
    } finally {
      release();
      await open.catch(() => {});
    }
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await p.request(HOST, "/api/docs")).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    expect(doc.paths["/integration/changes"]?.get?.summary).toMatch(/oldest change first/);
  });
});
