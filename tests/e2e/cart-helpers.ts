// Helpers for the cart, wishlist and compare browser tests: real products of a demo store
// (found through the server's cart check) and the stored lists under the app state key.
import { expect, type Page } from "@playwright/test";
import { rawStoreUrl, storeUrl } from "./helpers";
import { DECLINED_CONSENT } from "./storage-state";

/** The cookie-banner choice cookie (app/features/consent). */
const CONSENT_COOKIE = "cookie_consent";

export const STORE_IDS: Record<string, string> = {
  localhost: "main",
  "cy.localhost": "cy",
  "wholesale.localhost": "wholesale",
};
export const stateKey = (host: string) => `shop-state-${STORE_IDS[host] ?? host}`;

export interface DemoProduct {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  price: number;
  sale_price: number | null;
  stock: number;
}

export interface StoredItem {
  id: number;
  name: string;
  qty?: number;
  price: number;
  sum?: number;
  stock: number | null;
}

/** A same-origin POST from the page itself (*.localhost resolves only inside Chromium), with the CSRF header. */
export async function postJson(
  page: Page,
  path: string,
  data: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([p, d]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
      const res = await fetch(p, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": token },
        body: JSON.stringify(d),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [path, data] as const,
  );
}

/** Products of the store whose page is open, with their current price and stock. */
export async function findProducts(
  page: Page,
  ids: number[] = Array.from({ length: 60 }, (_, i) => i + 1),
): Promise<DemoProduct[]> {
  const { status, body } = await postJson(page, "/api/v1/cart/check", {
    items: ids.map((id) => ({ id, qty: 1 })),
  });
  expect(status).toBe(200);
  const lines = (body as { lines: (DemoProduct & { status: string; stock: number | null })[] }).lines;
  return lines
    .filter((l) => l.status !== "removed")
    .map((l) => ({
      id: l.id,
      name: l.name,
      slug: l.slug,
      image: l.image,
      price: l.price,
      sale_price: l.sale_price,
      stock: l.stock ?? 0,
    }));
}

export function cartItem(p: DemoProduct, qty: number, overrides: Record<string, unknown> = {}) {
  const price = p.sale_price ?? p.price;
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    image: p.image,
    price,
    regular_price: p.price,
    sale_price: p.sale_price,
    stock: p.stock,
    qty,
    sum: qty * price,
    ...overrides,
  };
}

export function snapshot(p: DemoProduct, overrides: Record<string, unknown> = {}) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    image: p.image,
    price: p.price,
    sale_price: p.sale_price,
    stock: p.stock,
    ...overrides,
  };
}

/**
 * Waits for React to take over the server-rendered page (the layout marks the body as loaded):
 * on a busy machine a click before that would be lost.
 */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.classList.contains("loaded"), null, { timeout: 30_000 });
}

/** Goes to a page and waits until it is interactive. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await ready(page);
}

/** Writes the app state key and reloads, as a shopper coming back would. */
export async function seedLists(
  page: Page,
  host: string,
  lists: { cart?: unknown[]; wishlist?: unknown[]; compare?: unknown[] } | string,
): Promise<void> {
  const value =
    typeof lists === "string"
      ? lists
      : JSON.stringify({
          cart: { data: lists.cart ?? [] },
          wishlist: { data: lists.wishlist ?? [] },
          compare: { data: lists.compare ?? [] },
        });
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [stateKey(host), value] as const);
  await page.reload();
  await ready(page);
}

export async function storedLists(page: Page, host: string) {
  const raw = await page.evaluate((k) => localStorage.getItem(k), stateKey(host));
  return raw
    ? (JSON.parse(raw) as {
        cart: { data: StoredItem[] };
        wishlist: { data: StoredItem[] };
        compare: { data: StoredItem[] };
      })
    : null;
}

/**
 * Opens a page as an adult visitor who has answered the cookie banner: the 18+ gate and the
 * banner belong to other tests and would otherwise sit over the lists.
 */
/**
 * Opens a page past the age gate and the cookie banner: the store's English page for `path`
 * (storeUrl), or exactly `path` in whatever language the store serves there with `exact`.
 */
export async function openStore(
  page: Page,
  host: string,
  path: string,
  { exact = false }: { exact?: boolean } = {},
): Promise<void> {
  const url = exact ? rawStoreUrl(host, path) : storeUrl(host, path);
  const { hostname } = new URL(url);
  await page
    .context()
    .addCookies([{ name: CONSENT_COOKIE, value: DECLINED_CONSENT, domain: hostname, path: "/" }]);
  await page.goto(url);
  const { status } = await postJson(page, "/api/v1/session/age", { answer: "yes" });
  expect(status).toBe(200);
  await page.reload();
  await ready(page);
}

/** The sonner toast with this text (every toast of the spec's section 8). */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * Lets the toasts go: sonner keeps a toast while the pointer rests on it, and on a phone they
 * slide over the header's buttons.
 */
export async function clearToasts(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.mouse.move(5, (size?.height ?? 600) - 5);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
}

export const euro = (cents: number) =>
  new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(
    cents / 100,
  );
