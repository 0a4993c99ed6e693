// Issue 38 item 5 on both databases: the writes and sign-ins that left no audit entry now leave
// one (the ERP's order complete and cancel and its stock counts; brand, blog and content picture
// uploads; staff sign-ins that succeed, fail, hit the lock or give a wrong two-factor code), and
// the application's connection cannot change or remove an entry (store migration 0016's trigger),
// while removing a member of staff (the foreign key's SET NULL) still works.
import { and, desc, eq, sql } from "drizzle-orm";
import { Secret } from "otpauth";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import type { StoreDb } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { AdminClient, addStaff, signedInStaff } from "../helpers/admin";
import { type CheckoutFixture, seedCheckoutFixture } from "../helpers/checkout-store";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";

describe.each(driversFor("both"))("audit gaps closed on %s", (driver) => {
  let p: Platform;
  let db: StoreDb;
  let fx: CheckoutFixture;
  const erp = () => erpClient(p, HOST, "alpha-key");

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    db = (await p.registry.storeHandle("alpha")).db;
    fx = await seedCheckoutFixture(db);
    await giveApiKey(p, "alpha", "alpha-key");
  });
  afterAll(async () => {
    await p?.dispose();
  });

  const entries = (action: string) =>
    db.select().from(s.auditLog).where(eq(s.auditLog.action, action)).orderBy(desc(s.auditLog.id));

  const placedOrder = async (code: string) => {
    await db.insert(s.orders).values({
      code,
      status: "placed",
      goodsTotalCents: 1000,
      totalCents: 1000,
      paymentMethod: "cod",
      customerName: "Guest Buyer",
      customerEmail: "guest@example.com",
    });
  };

  it("records the ERP's order complete and cancel for erp-api, with the order's code", async () => {
    await placedOrder("WAUDIT1");
    await placedOrder("WAUDIT2");
    const done = await erp()("POST", "/orders/WAUDIT1/complete");
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toEqual({ code: "WAUDIT1", status: "completed" });
    const cancelled = await erp()("POST", "/orders/WAUDIT2/cancel");
    expect(cancelled.json).toEqual({ code: "WAUDIT2", status: "cancelled", pointsUnrecoveredCents: 0 });

    const [complete] = await entries("order.complete");
    expect(complete).toMatchObject({
      entity: "order",
      entityId: "WAUDIT1",
      staffEmail: "erp-api",
      staffId: null,
    });
    expect(complete?.summary).toContain("was placed");
    const [cancel] = await entries("order.cancel");
    expect(cancel).toMatchObject({ entity: "order", entityId: "WAUDIT2", staffEmail: "erp-api" });
    // A refused call writes nothing.
    expect((await erp()("POST", "/orders/WAUDIT2/complete")).status).toBe(409);
    expect(await entries("order.complete")).toHaveLength(1);
  });

  it("records each product whose stock an ERP count changed, before and after", async () => {
    await db
      .insert(s.stock)
      .values({ productId: fx.products.coil, warehouseId: fx.warehouseId, qty: 5 })
      .onConflictDoUpdate({ target: [s.stock.productId, s.stock.warehouseId], set: { qty: 5 } });
    const put = await erp()("PUT", "/stock", {
      items: [
        { productCode: "COIL", qty: 12 },
        { productId: fx.products.pod, qty: 3, warehouseId: fx.otherWarehouseId },
      ],
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const stockEntries = await entries("product.stock");
    const coil = stockEntries.find((e) => e.entityId === String(fx.products.coil));
    expect(coil).toMatchObject({ staffEmail: "erp-api", entity: "product" });
    expect(coil?.before).toEqual({ [fx.warehouseId]: 5 });
    expect(coil?.after).toEqual({ [fx.warehouseId]: 12 });
    expect(coil?.summary).toContain("5 → 12");
    expect(stockEntries.some((e) => e.entityId === String(fx.products.pod))).toBe(true);
    // The same count again changes nothing and records nothing.
    const before = stockEntries.length;
    expect((await erp()("PUT", "/stock", { items: [{ productCode: "COIL", qty: 12 }] })).status).toBe(200);
    expect(await entries("product.stock")).toHaveLength(before);
  });

  it("records brand, blog and content picture uploads with the file's URL", async () => {
    const owner = await signedInStaff(p, HOST, "alpha", { email: "uploader@alpha.test", role: "owner" });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c04" } })
      .png()
      .toBuffer();
    const upload = async (path: string) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
      const r = await owner.req<{ url: string }>("POST", path, form);
      expect(r.status, r.text).toBe(201);
      return r.json.url;
    };
    for (const [path, action] of [
      ["/uploads/taxonomy?kind=brand", "brand.upload"],
      ["/uploads/blog?kind=cover", "blog_post.upload"],
      ["/uploads/content?kind=slide", "slide.upload"],
    ] as const) {
      const url = await upload(path);
      const [entry] = await entries(action);
      expect(entry, action).toMatchObject({ staffEmail: "uploader@alpha.test" });
      expect(entry?.summary).toContain(url);
      expect(entry?.after).toMatchObject({ urls: [url] });
    }
  });

  it("records staff sign-ins: success, wrong password, the lock once, and a wrong two-factor code", async () => {
    const id = await addStaff(p, "alpha", { email: "clerk@alpha.test", role: "staff" });
    const mine = async (action: string) =>
      db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.action, action), eq(s.auditLog.staffEmail, "clerk@alpha.test")));

    const browser = await new AdminClient(p, HOST).start();
    expect((await browser.signIn("clerk@alpha.test", "not-the-password")).status).toBe(401);
    expect(await mine("staff.sign_in_failed")).toMatchObject([{ staffId: id, ip: browser.ip }]);
    expect((await browser.signIn("Clerk@Alpha.test")).status).toBe(200);
    expect(await mine("staff.sign_in")).toMatchObject([{ staffId: id, entityId: String(id) }]);

    // Five wrong passwords use the name's attempts; the sixth and seventh are refused by the lock,
    // recorded once.
    const guesser = await new AdminClient(p, HOST).start();
    for (let i = 0; i < 7; i++) await guesser.signIn("clerk@alpha.test", `guess-${i}`);
    expect(await mine("staff.sign_in_failed")).toHaveLength(6);
    expect(await mine("staff.sign_in_locked")).toHaveLength(1);

    // An unknown name is recorded under what was typed, with no account.
    await guesser.signIn("nobody@alpha.test", "whatever");
    const [unknown] = await entries("staff.sign_in_failed");
    expect(unknown).toMatchObject({ staffEmail: "nobody@alpha.test", staffId: null });

    const secret = new Secret({ size: 20 }).base32;
    const twoFactor = await addStaff(p, "alpha", { email: "vault@alpha.test", role: "owner" });
    await db
      .update(s.staff)
      .set({ totpSecret: secret, totpEnabledAt: new Date() })
      .where(eq(s.staff.id, twoFactor));
    const third = await new AdminClient(p, HOST).start();
    // The code prompt is a step, not a failure; a wrong code is one.
    expect((await third.signIn("vault@alpha.test")).status).toBe(401);
    expect((await third.signIn("vault@alpha.test", undefined, "000000")).status).toBe(401);
    const failed = await db.select().from(s.auditLog).where(eq(s.auditLog.action, "staff.totp_failed"));
    expect(failed).toMatchObject([{ staffId: twoFactor, staffEmail: "vault@alpha.test" }]);
  });

  it("refuses UPDATE, DELETE and TRUNCATE of audit entries from the application's connection", async () => {
    const [entry] = await db.select().from(s.auditLog).limit(1);
    if (!entry) throw new Error("no audit entry to test with");
    await expect(
      db.update(s.auditLog).set({ summary: "nothing happened" }).where(eq(s.auditLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(db.delete(s.auditLog).where(eq(s.auditLog.id, entry.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(s.auditLog).where(eq(s.auditLog.id, entry.id));
    expect(still).toEqual(entry);

    // Removing a member of staff still works: the entries keep their email, the id becomes null.
    const gone = await addStaff(p, "alpha", { email: "leaver@alpha.test", role: "staff" });
    const leaver = await new AdminClient(p, HOST).start();
    expect((await leaver.signIn("leaver@alpha.test")).status).toBe(200);
    await db.delete(s.staffSessions).where(eq(s.staffSessions.staffId, gone));
    await db.delete(s.staff).where(eq(s.staff.id, gone));
    const kept = await db.select().from(s.auditLog).where(eq(s.auditLog.staffEmail, "leaver@alpha.test"));
    expect(kept).toMatchObject([{ action: "staff.sign_in", staffId: null }]);
  });
});
