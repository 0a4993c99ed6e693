// The integration API's products on both databases: the API key, create-or-update by code and
// its idempotence (same id, no new rows, updatedAt unchanged, no new audit entry), partial
// updates, validation with field paths, the batch's per-item results, pictures fetched from a
// real local server exactly once or uploaded ahead, the private-address guard, and the
// storefront showing a change on its next request.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import { configureServices, serviceConfig } from "../../services/config";
import { PICTURE_NOT_FETCHED } from "../../services/integration/picture-fetch";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { addCatalogueCodes, erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
type Json = Record<string, unknown>;
interface Product extends Json {
  id: number;
  code: string;
  slug: string;
  updatedAt: string;
  priceCents: number;
  variants: { id: number; colorName: string; size: string; priceCents: number }[];
  pictures: { url: string; smUrl: string; width: number; source: string | null }[];
  stock: number | null;
}

const png = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe.each(driversFor("both"))("integration API products on %s", (driver) => {
  let p: Platform;
  let pictures: Server;
  let picturesBase = "";
  const served: string[] = [];
  const erp = () => erpClient(p, HOST, "alpha-key");

  beforeAll(async () => {
    process.env.PICTURE_FETCH_PRIVATE = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", "alpha-key");
    await giveApiKey(p, "beta", "beta-key");
    await addCatalogueCodes(p, "alpha");

    const red = await png(800, 600);
    const blue = await png(300, 300, 20);
    pictures = createServer((req, res) => {
      served.push(req.url ?? "");
      if (req.url === "/red.png") return res.writeHead(200, { "content-type": "image/png" }).end(red);
      if (req.url === "/blue.png") return res.writeHead(200, { "content-type": "image/png" }).end(blue);
      if (req.url === "/moved.png") return res.writeHead(302, { location: "/red.png" }).end();
      if (req.url === "/text")
        return res.writeHead(200, { "content-type": "image/png" }).end("not a picture");
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
    picturesBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    pictures?.close();
    await p?.dispose();
    delete process.env.PICTURE_FETCH_PRIVATE;
  });

  const db = async () => (await p.registry.storeHandle("alpha")).db;
  const rows = async () => {
    const d = await db();
    const [products] = await d.select({ n: count() }).from(s.products);
    const [variants] = await d.select({ n: count() }).from(s.productVariants);
    const [images] = await d.select({ n: count() }).from(s.productImages);
    const [lines] = await d.select({ n: count() }).from(s.priceListLines);
    const [cats] = await d.select({ n: count() }).from(s.productCategories);
    const [audits] = await d.select({ n: count() }).from(s.auditLog);
    return {
      products: products?.n,
      variants: variants?.n,
      images: images?.n,
      lines: lines?.n,
      cats: cats?.n,
      audits: audits?.n,
    };
  };

  const full = {
    name: "Xros 4 Pod Kit",
    shortDescription: "A pocket pod kit.",
    longDescriptionHtml: "<p>Long <strong>text</strong><script>alert(1)</script></p>",
    priceCents: 2990,
    salePriceCents: 2490,
    vatRate: 19,
    categoryCodes: ["POD", "MOD"],
    brandCode: "VAP",
    isNew: true,
    isHot: true,
    videoUrl: "https://www.youtube.com/watch?v=abc",
    variantGroup: "xros4",
    variantLabel: "Black",
    variants: [
      { colorName: "Black", color: "#000000", size: "", priceCents: 2990 },
      { colorName: "Silver", color: "#C0C0C0", size: "", priceCents: 2990 },
    ],
    priceListPrices: [{ priceListCode: "WHS", priceCents: 1990 }],
    stock: 12,
  };

  it("refuses a missing key, a wrong key and another store's key with 401", async () => {
    for (const key of [null, "wrong", "beta-key"]) {
      const r = await erpClient(p, HOST, key)("PUT", "/products/X1", { name: "x", priceCents: 100 });
      expect(r.status, String(key)).toBe(401);
      const b = await erpClient(p, HOST, key)("POST", "/products/batch", { products: [{ code: "X1" }] });
      expect(b.status).toBe(401);
      expect((await erpClient(p, HOST, key)("GET", "/products/ALPHA-1")).status).toBe(401);
    }
    expect((await rows()).products).toBe(1);
  });

  it("refuses a misspelt field with 400 naming it, and changes nothing", async () => {
    const before = await rows();
    const r = await erp()<{ message: string }>("PUT", "/products/ALPHA-1", { longDescHtml: "<p>lost</p>" });
    expect(r.status, JSON.stringify(r.json)).toBe(400);
    expect(r.json.message).toContain("longDescHtml");
    // A batch answers per product: that one failed, naming the field.
    const batch = await erp()<{ results: { status: string; issues: unknown[] }[] }>(
      "POST",
      "/products/batch",
      {
        products: [{ code: "ALPHA-1", prce: 100 }],
      },
    );
    expect(batch.status).toBe(200);
    expect(batch.json.results[0]?.status).toBe("failed");
    expect(JSON.stringify(batch.json.results[0]?.issues)).toContain("prce");
    expect(await rows()).toEqual(before);
  });

  it("creates a product by code with everything, and the same request again changes nothing", async () => {
    const before = await rows();
    const first = await erp()<Product>("PUT", "/products/XROS4-BLK", full);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({
      code: "XROS4-BLK",
      slug: "xros-4-pod-kit",
      priceCents: 2990,
      salePriceCents: 2490,
      categoryCodes: ["POD", "MOD"],
      brandCode: "VAP",
      isNew: true,
      isTop: false,
      active: true,
      longDescriptionHtml: "<p>Long <strong>text</strong></p>",
      priceListPrices: [{ priceListCode: "WHS", priceCents: 1990 }],
      stock: 12,
      storefrontPath: `/product/default/${first.json.id}`,
    });
    expect(first.json.variants.map((v) => v.colorName)).toEqual(["Black", "Silver"]);
    const afterFirst = await rows();
    expect(afterFirst).toMatchObject({
      products: (before.products ?? 0) + 1,
      variants: (before.variants ?? 0) + 2,
      cats: (before.cats ?? 0) + 2,
      lines: (before.lines ?? 0) + 1,
      audits: (before.audits ?? 0) + 1,
    });
    const [audit] = await (await db()).select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "product.create", staffEmail: "erp-api", staffId: null });

    await new Promise((r) => setTimeout(r, 20));
    const again = await erp()<Product>("PUT", "/products/XROS4-BLK", full);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.updatedAt).toBe(first.json.updatedAt);
    expect(again.json.variants.map((v) => v.id)).toEqual(first.json.variants.map((v) => v.id));
    expect(await rows()).toEqual(afterFirst);
  });

  it("updates only what is sent, keeps variant ids by colour and size, and the storefront shows it at once", async () => {
    const was = (await erp()<Product>("GET", "/products/XROS4-BLK")).json;
    const shop = await p.request(HOST, `/api/v1/products/${was.id}`);
    expect(shop.status).toBe(200);
    const r = await erp()<Product>("PUT", "/products/XROS4-BLK", {
      priceCents: 3190,
      salePriceCents: null,
      variants: [
        { colorName: "silver", color: "#c0c0c0", size: "", priceCents: 3190 },
        { colorName: "Blue", color: "#0000ff", size: "", priceCents: 3190 },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({
      priceCents: 3190,
      salePriceCents: null,
      name: "Xros 4 Pod Kit",
      brandCode: "VAP",
    });
    expect(r.json.updatedAt > was.updatedAt).toBe(true);
    const silver = was.variants.find((v) => v.colorName === "Silver");
    expect(r.json.variants.find((v) => v.colorName === "silver")?.id).toBe(silver?.id);
    expect(r.json.variants.map((v) => v.colorName)).not.toContain("Black");
    const after = (await (await p.request(HOST, `/api/v1/products/${was.id}`)).json()) as Json;
    expect(JSON.stringify(after)).toContain("3190");
    const [audit] = await (await db()).select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    expect(audit?.summary).toMatch(/XROS4-BLK: the ERP changed .*priceCents.*variants/);
  });

  it("a variant sent without a price, or at the product's, follows the product's price edits (decision 0043)", async () => {
    const first = await erp()<Product>("PUT", "/products/FOLLOW-1", {
      name: "Follow Kit",
      priceCents: 2490,
      variants: [
        { colorName: "Black", color: "#000000", priceCents: 2490 },
        { colorName: "Red", color: "#ff0000" },
        { colorName: "Gold", color: "#d4af37", priceCents: 2990 },
      ],
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // The answer names what each variant sells at, as before.
    expect(first.json.variants.map((v) => v.priceCents)).toEqual([2490, 2490, 2990]);
    const stored = await (await db())
      .select({ priceCents: s.productVariants.priceCents })
      .from(s.productVariants)
      .where(eq(s.productVariants.productId, first.json.id))
      .orderBy(s.productVariants.id);
    expect(stored.map((v) => v.priceCents)).toEqual([null, null, 2990]);
    // A price and sale edit without the variants reaches the followers, not Gold.
    const r = await erp()<Product>("PUT", "/products/FOLLOW-1", { priceCents: 2690, salePriceCents: 2190 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.variants.map((v) => v.priceCents)).toEqual([2690, 2690, 2990]);
    const shop = (await (await p.request(HOST, `/api/v1/products/${first.json.id}`)).json()) as {
      product: { variants: { priceCents: number; salePriceCents: number | null }[] };
    };
    expect(shop.product.variants.map((v) => [v.priceCents, v.salePriceCents])).toEqual([
      [2690, 2190],
      [2690, 2190],
      [2990, null],
    ]);
  });

  it("answers invalid input with 400 and the field paths, and writes nothing", async () => {
    const before = await rows();
    const cases: [string, Json, string][] = [
      ["NEW-1", { priceCents: 100 }, "name"],
      ["NEW-1", { name: "No price" }, "priceCents"],
      ["NEW-1", { name: "x", priceCents: "12" }, "priceCents"],
      ["NEW-1", { name: "x", priceCents: 100, categoryCodes: ["POD", "NOPE"] }, "categoryCodes.1"],
      ["NEW-1", { name: "x", priceCents: 100, brandCode: "NOPE" }, "brandCode"],
      ["NEW-1", { name: "x", priceCents: 100, salePriceCents: 200 }, "salePriceCents"],
      [
        "NEW-1",
        { name: "x", priceCents: 100, variants: [{ colorName: "A", color: "red", priceCents: 1 }] },
        "variants.0.color",
      ],
      [
        "NEW-1",
        { name: "x", priceCents: 100, priceListPrices: [{ priceListCode: "NOPE", priceCents: 1 }] },
        "priceListPrices.0.priceListCode",
      ],
      ["NEW-1", { name: "x", priceCents: 100, slug: "xros-4-pod-kit" }, "slug"],
      ["bad code!", { name: "x", priceCents: 100 }, "code"],
    ];
    for (const [code, body, path] of cases) {
      const r = await erp()<{ error: string; issues: { path: string; message: string }[] }>(
        "PUT",
        `/products/${encodeURIComponent(code)}`,
        body,
      );
      expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(400);
      expect(
        r.json.issues.map((i) => i.path),
        JSON.stringify(r.json),
      ).toContain(path);
    }
    expect(await rows()).toEqual(before);
  });

  it("takes a batch with a result per item: a bad item fails alone, a repeated code fails its second item", async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({
      code: `BATCH-${i}`,
      name: `Batch liquid ${i}`,
      priceCents: 500 + i,
      categoryCodes: ["POD"],
      stock: i,
    }));
    const r = await erp()<{
      results: { code: string; status: string; id: number | null; issues?: { path: string }[] }[];
      created: number;
      failed: number;
    }>("POST", "/products/batch", {
      products: [
        ...items,
        { code: "BATCH-BAD", name: "Bad", priceCents: -1 },
        { code: "BATCH-0", name: "dup", priceCents: 1 },
        { name: "no code" },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.created).toBe(5);
    expect(r.json.failed).toBe(3);
    expect(r.json.results.map((x) => x.status)).toEqual([
      "created",
      "created",
      "created",
      "created",
      "created",
      "failed",
      "failed",
      "failed",
    ]);
    expect(r.json.results[5]?.issues?.[0]?.path).toBe("priceCents");
    expect(r.json.results[6]?.issues?.[0]?.path).toBe("code");
    expect(r.json.results[7]?.issues?.[0]?.path).toBe("code");

    const again = await erp()<{ unchanged: number; results: { id: number | null }[] }>(
      "POST",
      "/products/batch",
      {
        products: items,
      },
    );
    expect(again.json.unchanged).toBe(5);
    expect(again.json.results.map((x) => x.id)).toEqual(r.json.results.slice(0, 5).map((x) => x.id));

    const namesakes = await erp()<{ results: { id: number | null }[] }>("POST", "/products/batch", {
      products: [
        { code: "SAME-1", name: "Batch liquid 0", priceCents: 100 },
        { code: "SAME-2", name: "Batch liquid 0", priceCents: 100 },
        { code: "SAME-3", name: "Batch liquid 0", priceCents: 100, slug: "own-address" },
        { code: "SAME-4", name: "Other", priceCents: 100, slug: "own-address" },
      ],
    });
    expect(namesakes.status).toBe(200);
    const slugs = await (await db())
      .select({ code: s.products.code, slug: s.products.slug })
      .from(s.products)
      .where(inArray(s.products.code, ["BATCH-0", "SAME-1", "SAME-2", "SAME-3"]))
      .orderBy(s.products.code);
    expect(slugs.map((x) => x.slug)).toEqual([
      "batch-liquid-0",
      "batch-liquid-0-2",
      "batch-liquid-0-3",
      "own-address",
    ]);
    expect(namesakes.json.results[3]?.id).toBeNull();

    const tooMany = await erp()("POST", "/products/batch", {
      products: Array.from({ length: 1001 }, (_, i) => ({ code: `T${i}` })),
    });
    expect(tooMany.status).toBe(400);
  });

  it("fetches pictures from their address once, keeps their order, and removes those no longer named", async () => {
    served.length = 0;
    const body = {
      name: "Pictured kit",
      priceCents: 1500,
      pictures: [{ url: `${picturesBase}/red.png` }, { url: `${picturesBase}/blue.png` }],
    };
    const r = await erp()<Product>("PUT", "/products/PIC-1", body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.pictures.map((x) => x.width)).toEqual([600, 300]);
    expect(r.json.pictures[0]?.url).toMatch(/^\/images\/products\/pictured-kit-[0-9a-f]+\.webp$/);
    expect(served.sort()).toEqual(["/blue.png", "/red.png"]);
    const file = await p.request(HOST, r.json.pictures[0]?.url as string);
    expect(file.status).toBe(200);

    served.length = 0;
    const again = await erp()<Product>("PUT", "/products/PIC-1", body);
    expect(served).toEqual([]);
    expect(again.json.updatedAt).toBe(r.json.updatedAt);

    const reordered = await erp()<Product>("PUT", "/products/PIC-1", {
      pictures: [{ url: `${picturesBase}/blue.png` }],
    });
    expect(reordered.json.pictures.map((x) => x.source)).toEqual([`url:${picturesBase}/blue.png`]);
    expect(served).toEqual([]);
    expect((await p.request(HOST, r.json.pictures[0]?.url as string)).status).toBe(404);

    const broken = await erp()<{ issues: { path: string; message: string }[] }>("PUT", "/products/PIC-2", {
      name: "Broken",
      priceCents: 100,
      pictures: [
        { url: `${picturesBase}/moved.png` },
        { url: `${picturesBase}/missing.png` },
        { url: `${picturesBase}/text` },
      ],
    });
    expect(broken.status).toBe(400);
    expect(broken.json.issues.map((i) => i.path)).toEqual(["pictures.1", "pictures.2"]);
    expect(broken.json.issues[0]?.message).toBe(
      `The picture at ${picturesBase}/missing.png ${PICTURE_NOT_FETCHED}.`,
    );
    expect(broken.json.issues[1]?.message).toContain("is not a picture this shop can read");
  });

  it("takes an uploaded picture by its token", async () => {
    const res = await p.request(HOST, "/api/v1/integration/pictures", {
      method: "POST",
      headers: { "x-api-key": "alpha-key", "content-type": "image/png" },
      body: new Uint8Array(await png(400, 400, 90)),
    });
    expect(res.status).toBe(201);
    const up = (await res.json()) as { token: string; url: string; width: number };
    expect(up.width).toBe(400);
    const r = await erp()<Product>("PUT", "/products/PIC-3", {
      name: "Uploaded",
      priceCents: 100,
      pictures: [{ upload: up.token }],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.pictures[0]?.url).toBe(up.url);
    const bad = await p.request(HOST, "/api/v1/integration/pictures", {
      method: "POST",
      headers: { "x-api-key": "alpha-key", "content-type": "image/png" },
      body: "hello",
    });
    expect(bad.status).toBe(400);
    const unknown = await erp()<{ issues: { path: string }[] }>("PUT", "/products/PIC-4", {
      name: "x",
      priceCents: 1,
      pictures: [{ upload: "a".repeat(32) }],
    });
    expect(unknown.json.issues[0]?.path).toBe("pictures.0");
  });

  it("never fetches from a private address unless told to", async () => {
    configureServices({ ...serviceConfig(), pictureFetchPrivate: false });
    try {
      served.length = 0;
      const port = new URL(picturesBase).port;
      // The URL parser writes the mapped address in hex (::ffff:7f00:1): still loopback.
      for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "localhost"]) {
        const url = `http://${host}:${port}/red.png`;
        const r = await erp()<{ issues: { message: string }[] }>("PUT", "/products/PIC-5", {
          name: "Private",
          priceCents: 100,
          pictures: [{ url }],
        });
        expect(r.status, host).toBe(400);
        expect(r.json.issues[0]?.message).toBe(`The picture at ${url} ${PICTURE_NOT_FETCHED}.`);
      }
      expect(served).toEqual([]);
    } finally {
      configureServices({ ...serviceConfig(), pictureFetchPrivate: true });
    }
  });

  it("takes a product off the shop with active: false, and back", async () => {
    const off = await erp()<Product>("PUT", "/products/BATCH-1", { active: false });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json.active).toBe(false);
    const { db: d } = await p.registry.storeHandle("alpha");
    const [row] = await d.select().from(s.products).where(eq(s.products.code, "BATCH-1"));
    expect(row?.deleted).toBe(true);
    expect((await p.request(HOST, `/api/v1/products/${row?.id}`)).status).toBe(404);
    expect((await erp()<Product>("PUT", "/products/BATCH-1", { active: true })).json.active).toBe(true);
    expect((await erp()("GET", "/products/NOPE")).status).toBe(404);
  });
});
