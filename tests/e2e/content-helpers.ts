// Helpers for the content browser tests: per-test client addresses (rate limits), the mail the
// outbox worker wrote as .eml files, map tiles served locally, out-of-stock products.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join, resolve } from "node:path";
import { type BrowserContext, expect } from "@playwright/test";
import sharp from "sharp";
import { port } from "./helpers";

export const STORE_IDS: Record<string, string> = {
  localhost: "main",
  "cy.localhost": "cy",
  "wholesale.localhost": "wholesale",
};

const dataDir = resolve(process.env.E2E_DATA_DIR || ".tmp/e2e-data");

let ipCounter = 0;
/** A client address no other test used (the server believes X-Forwarded-For in the tests). */
export function freshIp(): string {
  ipCounter++;
  const n = (Date.now() % 60_000) + ipCounter * 7;
  return `10.${(process.pid % 200) + 20}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export async function asNewVisitor(context: BrowserContext): Promise<string> {
  const ip = freshIp();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  return ip;
}

/** A unique word to find one test's mail among all the others. */
export function marker(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

function unfoldHeaders(eml: string): string {
  const end = eml.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? eml.slice(0, end) : eml).replace(/\r?\n[ \t]+/g, " ");
  return end >= 0 ? head + eml.slice(end) : head;
}

function decodeQp(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

export interface Mail {
  file: string;
  raw: string;
  headers: string;
  body: string;
}

/** Waits for the .eml the outbox worker writes for a mail of `kind` whose text contains `needle`. */
export async function waitForMail(
  storeId: string,
  kind: string,
  needle: string,
  timeout = 20_000,
): Promise<Mail> {
  const dir = join(dataDir, "mail", storeId);
  let found: Mail | null = null;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).filter((f) => f.endsWith(".eml") && f.includes(`-${kind}-`));
        } catch {
          return false;
        }
        files.sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs);
        for (const f of files.slice(0, 200)) {
          const raw = readFileSync(join(dir, f), "utf8");
          const text = decodeQp(unfoldHeaders(raw));
          if (text.includes(needle)) {
            const end = text.search(/\r?\n\r?\n/);
            found = { file: f, raw, headers: text.slice(0, end), body: text.slice(end) };
            return true;
          }
        }
        return false;
      },
      { timeout, message: `a ${kind} mail for ${storeId} containing ${needle}` },
    )
    .toBe(true);
  return found as unknown as Mail;
}

/** Map tiles answered locally: no request leaves the machine. */
export async function serveTiles(
  context: BrowserContext,
  mode: "ok" | "fail" = "ok",
): Promise<{ requests: string[] }> {
  const requests: string[] = [];
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eef2e6"/><path d="M0 90 H256 M70 0 V256" stroke="#fff" stroke-width="10"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  await context.route("https://tile.openstreetmap.org/**", (route) => {
    requests.push(route.request().url());
    if (mode === "fail") return route.abort("failed");
    return route.fulfill({ status: 200, contentType: "image/png", body: png });
  });
  return { requests };
}

/**
 * A JSON call to a store by its host name from the test process. Node does not resolve
 * *.localhost the way Chromium does, so the request goes to loopback with the Host header.
 */
export function storeApi<T = unknown>(
  host: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  return new Promise((resolvePromise, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: {
          host,
          accept: "application/json",
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolvePromise({ status: res.statusCode ?? 0, body: parsed as T });
        });
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}

interface ListedProduct {
  id: number;
  name: string;
  stock: number | null;
  variants: unknown[];
  varRel: unknown[];
}

export interface OutOfStock extends ListedProduct {
  /** Puts the stock back as it was (when the test had to take it). */
  restore(): Promise<void>;
}

/**
 * A product without variants that is out of stock in the store's warehouse: one the demo data
 * has, or else an in-stock one whose stock the ERP API sets to 0 until restore().
 */
export async function outOfStockProduct(host: string): Promise<OutOfStock> {
  let inStock: ListedProduct | null = null;
  for (let page = 1; page <= 5; page++) {
    const res = await storeApi<{ products: ListedProduct[] }>(
      host,
      "GET",
      `/api/v1/products?perPage=100&page=${page}`,
    );
    expect(res.status).toBe(200);
    const simple = res.body.products.filter((p) => p.variants.length === 0 && p.varRel.length === 0);
    const hit = simple.find((p) => (p.stock ?? 0) < 1);
    if (hit) return { ...hit, restore: async () => {} };
    inStock ??= simple.find((p) => (p.stock ?? 0) > 0) ?? null;
    if (res.body.products.length < 100) break;
  }
  if (!inStock) throw new Error(`no product without variants on ${host}`);
  const product = inStock;
  await setStockViaErp(host, product.id, 0);
  return {
    ...product,
    stock: 0,
    restore: () => setStockViaErp(host, product.id, product.stock ?? 0).then(() => {}),
  };
}

/** Sets stock through the ERP API (the demo stores' keys are public demo data). */
export async function setStockViaErp(host: string, productId: number, qty: number) {
  const res = await storeApi<{ items: { notified: number }[] }>(
    host,
    "PUT",
    "/api/v1/integration/stock",
    { items: [{ productId, qty }] },
    { "x-api-key": `demo-erp-key-${STORE_IDS[host]}` },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
