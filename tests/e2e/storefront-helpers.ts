// Helpers for the storefront (layout, home, catalogue, product) browser tests.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Product } from "../../core/product-rules";
import { port, storeUrl } from "./helpers";

export const STORES = [
  { host: "localhost", name: "Vape Haven" },
  { host: "cy.localhost", name: "Cyprus Cloud Co." },
] as const;

/** The API answers the catalogue's own Product shape. */
export type ApiProduct = Product;

/** Waits until React has hydrated (the layout marks the body as loaded). */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.classList.contains("loaded"), null, { timeout: 30_000 });
}

export async function open(page: Page, host: string, path = "/"): Promise<void> {
  await page.goto(storeUrl(host, path));
  await ready(page);
}

/**
 * A GET of the store API from the test runner. Node does not resolve *.localhost (Chromium
 * does), so the request goes to 127.0.0.1 with the store's Host header.
 */
export async function api<T = Record<string, unknown>>(
  request: APIRequestContext,
  host: string,
  path: string,
): Promise<T> {
  const res = await request.get(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

export async function catalogue(request: APIRequestContext, host: string): Promise<ApiProduct[]> {
  return (await api<{ products: ApiProduct[] }>(request, host, "/api/v1/products?perPage=100")).products;
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;

/** The pages' prices: euros with two decimals and the euro symbol. */
export const euro = (cents: number) =>
  new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(
    cents / 100,
  );

/** Records the page views the layout emits (window event of app/lib/analytics). */
export async function watchPageViews(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __views: string[] };
    w.__views = [];
    window.addEventListener("storefront:pageview", (e) =>
      w.__views.push((e as CustomEvent<{ path: string }>).detail.path),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __views: string[] }).__views);
}
