// POST /api/v1/cart/check on both database drivers: the server's prices (price list, VAT
// exclusion), stock of the store's warehouse, deleted and unknown products, input bounds.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import { csrfTokenFor } from "../../server/http/session";
import { hashSessionToken, newSessionToken } from "../../services/sessions";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

const SECRET = "h4-cart-check-test-secret";
const HOST = "alpha.localhost";

describe.each(driversFor("either"))("cart check on %s", (driver) => {
  let platform: Platform;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    process.env.SESSION_SECRET = SECRET;
    platform = await createPlatform(driver, { seed: "minimal" });
    const { db } = await platform.registry.storeHandle("alpha");
    const [w1, w2] = await db
      .insert(s.warehouses)
      .values([
        { code: "W1", webDescription: "Shop" },
        { code: "W2", webDescription: "Depot" },
      ])
      .returning({ id: s.warehouses.id });
    await db.insert(s.settings).values({ key: "warehouse_id", value: String(w1.id) });
    const rows = await db
      .insert(s.products)
      .values([
        { code: "A", name: "Aurora Pod", slug: "aurora", priceCents: 1000, salePriceCents: 800, vatRate: 19 },
        { code: "B", name: "Borealis Tank", slug: "borealis", priceCents: 2000, vatRate: 19 },
        { code: "C", name: "Cancelled Coil", slug: "cancelled", priceCents: 300, deleted: true },
        { code: "D", name: "Dune Kit", slug: "dune", priceCents: 4000, vatRate: 19 },
        { code: "E", name: "Ember Liquid", slug: "ember", priceCents: 500 },
      ])
      .returning({ id: s.products.id, code: s.products.code });
    for (const r of rows) ids[r.code] = r.id;
    await db.insert(s.stock).values([
      { productId: ids.A, warehouseId: w1.id, qty: 5 },
      { productId: ids.A, warehouseId: w2.id, qty: 100 },
      { productId: ids.B, warehouseId: w1.id, qty: 0 },
      { productId: ids.B, warehouseId: w2.id, qty: 50 },
      { productId: ids.D, warehouseId: w1.id, qty: 3 },
      // E has stock only in the other warehouse: none to sell here.
      { productId: ids.E, warehouseId: w2.id, qty: 9 },
    ]);
    const [variant] = await db
      .insert(s.productVariants)
      .values({ productId: ids.D, color: "#000", colorName: "Black", size: "M", priceCents: 4500 })
      .returning({ id: s.productVariants.id });
    ids.variantD = variant.id;
    await db.insert(s.productImages).values({
      productId: ids.A,
      url: "/images/a.webp",
      width: 600,
      height: 600,
      smUrl: "/images/a-sm.webp",
    });
    const [list] = await db
      .insert(s.priceLists)
      .values({ code: "WH", name: "Wholesale" })
      .returning({ id: s.priceLists.id });
    await db.insert(s.priceListLines).values({ priceListId: list.id, productId: ids.A, priceCents: 700 });
    const customer = (username: string, priceListId: number | null, excludeVat: boolean, phone: string) => ({
      username,
      name: username,
      surname: "Test",
      passwordHash: "x",
      mobilePhone: phone,
      email: `${username}@example.com`,
      priceListId,
      excludeVat,
    });
    const custs = await db
      .insert(s.customers)
      .values([
        customer("retail", null, false, "99000001"),
        customer("trade", list.id, true, "99000002"),
        customer("netonly", -1, true, "99000003"),
      ])
      .returning({ id: s.customers.id, username: s.customers.username });
    for (const c of custs) {
      const token = newSessionToken();
      tokens[c.username] = token;
      await db.insert(s.sessions).values({
        idHash: hashSessionToken(token),
        customerId: c.id,
        csrfToken: csrfTokenFor(SECRET, "alpha", token),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    }
    tokens.visitor = newSessionToken();
    platform.registry.invalidate();
  });

  afterAll(async () => {
    await platform?.dispose();
  });

  const check = (who: string, body: unknown, opts: { csrf?: boolean; host?: string; raw?: string } = {}) => {
    const token = tokens[who];
    const storeId = (opts.host ?? HOST).split(".")[0];
    const headers: Record<string, string> = {
      "content-type": "application/json",
      cookie: `sid=${token}`,
      origin: `http://${opts.host ?? HOST}`,
    };
    if (opts.csrf !== false) headers["x-csrf-token"] = csrfTokenFor(SECRET, storeId, token);
    return platform.request(opts.host ?? HOST, "/api/v1/cart/check", {
      method: "POST",
      headers,
      body: opts.raw ?? JSON.stringify(body),
    });
  };

  it("returns the visitor's prices and the warehouse's stock, lowering quantities to it", async () => {
    const res = await check("visitor", {
      items: [
        { id: ids.A, qty: 7, price: 1 },
        { id: ids.D, qty: 2 },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.vatText).toBe("*VAT Included");
    expect(body.lines[0]).toEqual({
      id: ids.A,
      variantId: null,
      status: "ok",
      name: "Aurora Pod",
      slug: "aurora",
      image: "/images/a-sm.webp",
      price: 1000,
      sale_price: 800,
      // Created on sale: no price was recorded before the reduction, so it has no prior price.
      prior_price: null,
      unitPrice: 800,
      stock: 5,
      qty: 5,
    });
    expect(body.lines[1]).toMatchObject({ id: ids.D, status: "ok", price: 4000, stock: 3, qty: 2 });
  });

  it("reports deleted and unknown products as removed and products without stock here as out of stock", async () => {
    const res = await check("visitor", {
      items: [
        { id: ids.C, qty: 1 },
        { id: 987_654, qty: 1 },
        { id: ids.B, qty: 1 },
        { id: ids.E, qty: 2 },
      ],
    });
    const { lines } = await res.json();
    expect(lines.map((l: { status: string }) => l.status)).toEqual([
      "removed",
      "removed",
      "out-of-stock",
      "out-of-stock",
    ]);
    expect(lines[2]).toMatchObject({ stock: 0, qty: 0, price: 2000 });
    expect(lines[3]).toMatchObject({ stock: 0, qty: 0 });
  });

  it("prices a colour/size variant from its own row, and refuses a variant of another product", async () => {
    const res = await check("visitor", {
      items: [
        { id: ids.D, qty: 1, variantId: ids.variantD },
        { id: ids.A, qty: 1, variantId: ids.variantD },
      ],
    });
    const { lines } = await res.json();
    expect(lines[0]).toMatchObject({
      status: "ok",
      price: 4500,
      sale_price: null,
      unitPrice: 4500,
      variantId: ids.variantD,
    });
    expect(lines[1]).toMatchObject({ status: "removed" });
  });

  it("a price-list customer excluded from VAT gets the list price, net, and '*VAT NOT Included'", async () => {
    const res = await check("trade", {
      items: [
        { id: ids.A, qty: 1 },
        { id: ids.B, qty: 1 },
        { id: ids.D, qty: 1, variantId: ids.variantD },
      ],
    });
    const body = await res.json();
    expect(body.vatText).toBe("*VAT NOT Included");
    // List price 700 replaces price and sale price; then VAT (19 %) comes off.
    expect(body.lines[0]).toMatchObject({ price: Math.round(700 / 1.19), sale_price: null, unitPrice: 588 });
    // No list line for B: its own price, net.
    expect(body.lines[1]).toMatchObject({ price: Math.round(2000 / 1.19), status: "out-of-stock" });
    expect(body.lines[2]).toMatchObject({ price: Math.round(4500 / 1.19) });
  });

  it("a customer excluded from VAT without a price list (-1) gets net prices of price and sale price", async () => {
    const body = await (await check("netonly", { items: [{ id: ids.A, qty: 1 }] })).json();
    expect(body.lines[0]).toMatchObject({ price: 840, sale_price: 672, unitPrice: 672 });
    expect(body.vatText).toBe("*VAT NOT Included");
  });

  it("a retail customer sees the retail prices", async () => {
    const body = await (await check("retail", { items: [{ id: ids.A, qty: 1 }] })).json();
    expect(body.lines[0]).toMatchObject({ price: 1000, sale_price: 800 });
    expect(body.vatText).toBe("*VAT Included");
  });

  it("follows a stock change at once", async () => {
    const { db } = await platform.registry.storeHandle("alpha");
    await db.update(s.stock).set({ qty: 1 }).where(eq(s.stock.productId, ids.D));
    const body = await (await check("visitor", { items: [{ id: ids.D, qty: 3 }] })).json();
    expect(body.lines[0]).toMatchObject({ stock: 1, qty: 1, status: "ok" });
  });

  it("answers bad input with 400 and a clear message, never 500", async () => {
    const bad: unknown[] = [
      { items: [{ id: ids.A, qty: 0 }] },
      { items: [{ id: ids.A, qty: 10_001 }] },
      { items: [{ id: ids.A, qty: 1.5 }] },
      { items: [{ id: -1, qty: 1 }] },
      { items: [{ id: "1", qty: 1 }] },
      { items: Array.from({ length: 201 }, (_, i) => ({ id: i + 1, qty: 1 })) },
      { items: "all" },
      {},
      [],
    ];
    for (const body of bad) {
      const res = await check("visitor", body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.error).toBe("invalid_request");
      expect(typeof json.message).toBe("string");
    }
    const malformed = await check("visitor", null, { raw: "{nope" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toBeTruthy();
    const empty = await check("visitor", { items: [] });
    // An empty basket weighs nothing and is quoted no method (decision 0057).
    expect(await empty.json()).toEqual({
      lines: [],
      vatText: "*VAT Included",
      shipping: { cheapestCents: null, country: "CY", methods: [], tooHeavy: false, weightGrams: 0 },
    });
  });

  it("refuses a request without the CSRF token", async () => {
    const res = await check("visitor", { items: [{ id: ids.A, qty: 1 }] }, { csrf: false });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("csrf");
  });

  it("answers from the store of the host only", async () => {
    tokens.betaVisitor = newSessionToken();
    const res = await check(
      "betaVisitor",
      {
        items: [
          { id: 1, qty: 1 },
          { id: ids.A, qty: 1 },
        ],
      },
      { host: "beta.localhost" },
    );
    const { lines } = await res.json();
    expect(lines[0]).toMatchObject({ name: "Beta Clouds Signature Pod", price: 1999 });
    if (ids.A !== 1) expect(lines[1].status).toBe("removed");
  });
});
