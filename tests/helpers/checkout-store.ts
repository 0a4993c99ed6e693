// A small, fully known shop for the checkout tests: one warehouse, products with stock, a price
// list, shipping methods per country and customers with points. Every figure is chosen so the
// expected totals can be worked out by hand in the tests.
import { and, eq } from "drizzle-orm";
import type { RawSettings } from "../../core/settings";
import * as s from "../../db/store/schema";
import type { StoreContext, StoreDb } from "../../services/context";
import { loadSettings } from "../../services/settings";

export const FIXTURE_SETTINGS: RawSettings = {
  company_name: "Checkout Test Vapes Ltd",
  email: "shop@checkout.test",
  telephone: "+357 22 000000",
  free_delivery_total: "50",
  points_percentage: "5",
  show_place_order: "true",
  show_pay_now: "true",
  show_bank_transfer: "true",
  show_payment_wallet: "false",
  order_mobile_show_pos: "true",
  show_stock: "true",
  bank_details: "IBAN: CY00 TEST 0000 0000\nReference: your order code",
  default_vat_rate: "19",
};

export interface CheckoutFixture {
  warehouseId: number;
  otherWarehouseId: number;
  products: { pod: number; liquid: number; coil: number; last: number; gone: number };
  variants: { podRed: number };
  shipping: { courierCy: number; pickupCy: number; greece: number };
  customers: { maria: number; trade: number; greek: number; poor: number };
  priceListId: number;
}

export async function seedCheckoutFixture(
  db: StoreDb,
  raw: RawSettings = FIXTURE_SETTINGS,
): Promise<CheckoutFixture> {
  const [wh, other] = await db
    .insert(s.warehouses)
    .values([
      { code: "MAIN", webDescription: "Main shop" },
      { code: "OTHER", webDescription: "Other shop" },
    ])
    .returning();
  await db
    .insert(s.settings)
    .values(
      Object.entries({ ...raw, warehouse_id: String(wh.id) }).map(([key, value]) => ({
        key,
        value: value ?? "",
      })),
    )
    .onConflictDoNothing();
  const prods = await db
    .insert(s.products)
    .values([
      { code: "POD", name: "Aurora Pod Kit", slug: "aurora-pod", priceCents: 2999, vatRate: 19 },
      {
        code: "LIQ",
        name: "Mango Ice 10 ml",
        slug: "mango-ice",
        priceCents: 650,
        salePriceCents: 500,
        vatRate: 19,
      },
      { code: "COIL", name: "Mesh Coil 0.8", slug: "mesh-coil", priceCents: 1190, vatRate: 19 },
      { code: "LAST", name: "Limited Edition Mod", slug: "limited-mod", priceCents: 1000, vatRate: 19 },
      {
        code: "GONE",
        name: "Discontinued Tank",
        slug: "gone-tank",
        priceCents: 1500,
        vatRate: 19,
        deleted: true,
      },
    ])
    .returning();
  const [pod, liquid, coil, last, gone] = prods.map((p) => p.id);
  const [podRed] = await db
    .insert(s.productVariants)
    .values({ productId: pod, color: "#c00", colorName: "Red", size: "Standard", priceCents: 3199 })
    .returning();
  await db.insert(s.stock).values([
    { productId: pod, warehouseId: wh.id, qty: 20 },
    { productId: liquid, warehouseId: wh.id, qty: 100 },
    { productId: coil, warehouseId: wh.id, qty: 3 },
    { productId: last, warehouseId: wh.id, qty: 5 },
    { productId: last, warehouseId: other.id, qty: 50 },
  ]);
  const [list] = await db.insert(s.priceLists).values({ code: "TRADE", name: "Trade" }).returning();
  await db.insert(s.priceListLines).values([{ priceListId: list.id, productId: pod, priceCents: 2380 }]);
  const ship = await db
    .insert(s.shippingMethods)
    .values([
      { description: "Courier Cyprus", costCents: 450, countries: ["CY"], seq: 1 },
      { description: "Store pickup", costCents: 0, countries: ["CY"], seq: 2 },
      { description: "Courier Greece", costCents: 790, countries: ["GR"], seq: 3 },
      { description: "Retired method", costCents: 100, countries: null, seq: 4, active: false },
    ])
    .returning();
  const base = {
    passwordHash: "x",
    street: "Main Street 1",
    postcode: "3036",
    city: "Limassol",
    country: "CY",
  };
  const cust = await db
    .insert(s.customers)
    .values([
      {
        ...base,
        username: "maria@example.com",
        name: "Maria",
        surname: "Georgiou",
        mobilePhone: "99111222",
        email: "maria@example.com",
        pointsBalanceCents: 1250,
      },
      {
        ...base,
        username: "trade@example.com",
        name: "Kyriakos",
        surname: "Ioannou",
        mobilePhone: "99777888",
        email: "trade@example.com",
        priceListId: list.id,
        excludeVat: true,
      },
      {
        ...base,
        username: "eleni@example.gr",
        name: "Eleni",
        surname: "Papa",
        mobilePhone: "6900000000",
        email: "eleni@example.gr",
        country: "GR",
        city: "Athens",
        postcode: "10431",
      },
      {
        ...base,
        username: "poor@example.com",
        name: "Petros",
        surname: "Poor",
        mobilePhone: "99000000",
        email: "poor@example.com",
        pointsBalanceCents: 300,
        pointsOnHoldCents: 200,
      },
    ])
    .returning();
  return {
    warehouseId: wh.id,
    otherWarehouseId: other.id,
    products: { pod, liquid, coil, last, gone },
    variants: { podRed: podRed.id },
    shipping: { courierCy: ship[0].id, pickupCy: ship[1].id, greece: ship[2].id },
    customers: { maria: cust[0].id, trade: cust[1].id, greek: cust[2].id, poor: cust[3].id },
    priceListId: list.id,
  };
}

/** A StoreContext over a bare store database (no registry), with these settings. */
export async function storeContextFor(
  db: StoreDb,
  opts: { id?: string; provider?: "test" | "viva"; secrets?: Partial<StoreContext["secrets"]> } = {},
): Promise<StoreContext> {
  const id = opts.id ?? "fixture";
  // The server's own reading of the settings rows (the trader's identity included).
  const settings = await loadSettings(db, id);
  return {
    config: {
      id,
      name: "Checkout Test Vapes",
      url: "https://checkout.test",
      domains: ["checkout.localhost"],
      languages: ["en"],
      countries: [
        { code: "CY", name: "Cyprus" },
        { code: "GR", name: "Greece" },
      ],
      workingHours: [],
      seo: { title: "Checkout Test Vapes", description: "A test shop" },
      theme: {
        primary: "#123456",
        primaryDark: "#012345",
        accent: "#ff8800",
        logo: "/images/brand/logo.svg",
        favicon: "/images/brand/favicon.svg",
      },
      imgFolder: id,
      ga4Id: null,
      googlePlaceId: null,
      paused: false,
    },
    secrets: {
      paymentProvider: opts.provider ?? "test",
      paymentAuth: "client-id:client-secret",
      paymentSourceCode: "1234",
      paymentAltAuth: "merchant-id:api-key",
      apiKeyHash: null,
      erpWebhookUrl: null,
      erpWebhookSecret: null,
      googlePlacesKey: null,
      apiUrl: null,
      googleClientId: null,
      googleClientSecret: null,
      facebookAppId: null,
      facebookAppSecret: null,
      ...opts.secrets,
    },
    settings,
    db,
    imageDir: "/tmp",
    host: "checkout.localhost",
    lang: "en",
  };
}

export async function stockOf(db: StoreDb, productId: number, warehouseId: number): Promise<number> {
  const rows = await db
    .select({ qty: s.stock.qty })
    .from(s.stock)
    .where(and(eq(s.stock.productId, productId), eq(s.stock.warehouseId, warehouseId)));
  return rows[0]?.qty ?? 0;
}

export async function pointsOf(db: StoreDb, customerId: number) {
  const [c] = await db
    .select({ balance: s.customers.pointsBalanceCents, onHold: s.customers.pointsOnHoldCents })
    .from(s.customers)
    .where(eq(s.customers.id, customerId));
  return c;
}
