// The audit log for owners: newest first, paged, filtered by member of staff, entity, action,
// entity id and date range; other roles are refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/store/schema";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, addStaff, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

const HOST = "alpha.localhost";

interface Page {
  items: {
    id: number;
    action: string;
    entity: string;
    entityId: string | null;
    staffEmail: string;
    createdAt: string;
  }[];
  total: number;
  page: number;
}

describe.each(driversFor("either"))("back-office audit log on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let helperId: number;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    owner = await signedInStaff(p, HOST, "alpha", { email: "owner@alpha.test", role: "owner" });
    helperId = await addStaff(p, "alpha", { email: "helper@alpha.test", role: "manager", name: "Helper" });
    const db = (await p.registry.storeHandle("alpha")).db;
    const rows = [];
    for (let i = 0; i < 30; i++) {
      rows.push({
        staffId: i % 3 === 0 ? helperId : null,
        staffEmail: i % 3 === 0 ? "helper@alpha.test" : "gone@alpha.test",
        action: i % 2 === 0 ? "product.update" : "order.complete",
        entity: i % 2 === 0 ? "product" : "order",
        entityId: String(100 + (i % 5)),
        summary: `entry ${i}`,
        before: { price: i },
        after: { price: i + 1 },
        createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)),
      });
    }
    await db.insert(auditLog).values(rows);
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const list = async (query: string) => {
    const r = await owner.req<Page>("GET", `/audit?${query}`);
    expect(r.status, r.text).toBe(200);
    return r.json;
  };

  it("lists newest first, paged", async () => {
    const first = await list("limit=10&from=2026-01-01&to=2026-01-30");
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(10);
    const times = first.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.items[0]?.createdAt).toBe("2026-01-30T12:00:00.000Z");
    const third = await list("limit=10&page=3&from=2026-01-01&to=2026-01-30");
    expect(third.items.at(-1)?.createdAt).toBe("2026-01-01T12:00:00.000Z");
  });

  it("filters by staff, entity, action, entity id and dates", async () => {
    const byStaff = await list(`staffId=${helperId}&limit=100`);
    expect(byStaff.total).toBe(10);
    expect(byStaff.items.every((i) => i.staffEmail === "helper@alpha.test")).toBe(true);
    expect((await list("entity=order&limit=100")).total).toBe(15);
    expect((await list("action=product.update&limit=100")).total).toBe(15);
    const one = await list("entity=product&entityId=100&limit=100");
    expect(one.items.every((i) => i.entity === "product" && i.entityId === "100")).toBe(true);
    expect(one.total).toBe(3);
    const days = await list("from=2026-01-05&to=2026-01-07&limit=100");
    expect(days.items.map((i) => i.createdAt.slice(0, 10))).toEqual([
      "2026-01-07",
      "2026-01-06",
      "2026-01-05",
    ]);
    const filters = await owner.req<{ entities: string[]; actions: string[]; staff: { email: string }[] }>(
      "GET",
      "/audit/filters",
    );
    expect(filters.json.entities).toEqual(expect.arrayContaining(["order", "product"]));
    expect(filters.json.staff.map((s) => s.email)).toContain("helper@alpha.test");
  });

  it("answers a bad filter with 400 and refuses other roles", async () => {
    expect((await owner.req("GET", "/audit?from=yesterday")).status).toBe(400);
    expect((await owner.req("GET", "/audit?limit=1000")).status).toBe(400);
    const manager = await signedInStaff(p, HOST, "alpha", { email: "m2@alpha.test", role: "manager" });
    expect((await manager.req("GET", "/audit")).status).toBe(403);
  });
});
