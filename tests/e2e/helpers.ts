import type { Page } from "@playwright/test";

export const port = Number(process.env.E2E_PORT || 3190);

/** The URL of a path on one demo store's host (Chromium maps *.localhost to loopback). */
export function storeUrl(
  host: "localhost" | "cy.localhost" | "wholesale.localhost" | string,
  path = "/",
): string {
  return `http://${host}:${port}${path}`;
}

export const DEMO_STORES = [
  { host: "localhost", name: "Vape Haven" },
  { host: "cy.localhost", name: "Cyprus Cloud Co." },
  { host: "wholesale.localhost", name: "Vape Haven Wholesale" },
] as const;

/** Fails the test on any uncaught page error or console error. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}
