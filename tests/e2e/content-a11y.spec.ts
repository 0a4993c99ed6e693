// axe-core on every content page (and the notify modal and the cookie banner) of two stores, at
// both widths: no serious or critical violation.
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { outOfStockProduct, serveTiles } from "./content-helpers";
import { storeUrl } from "./helpers";
import { ADULT_VISITOR } from "./storage-state";

async function expectNoSeriousViolations(page: Page, what: string, include?: string) {
  // The whole page, header and footer included (shopper-a11y.spec.ts scans the other pages).
  const bad = await seriousViolations(page, { include });
  expect(bad, `${what}\n${bad.join("\n")}`).toEqual([]);
}

const PAGES = [
  "/pages/about",
  "/pages/contact",
  "/pages/partner",
  "/pages/terms",
  "/pages/privacy",
  "/pages/returns",
];

for (const host of ["localhost", "cy.localhost"] as const) {
  test(`content pages on ${host} have no serious or critical axe violations`, {
    tag: host === "localhost" ? "@phone" : [],
  }, async ({ page, context }) => {
    await serveTiles(context);
    for (const path of PAGES) {
      await page.goto(storeUrl(host, path));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (path === "/pages/contact" && host === "localhost") {
        await expect(page.getByTestId("contact-map")).toHaveAttribute("data-state", "ready");
      }
      await expectNoSeriousViolations(page, `${host}${path}`);
    }
  });

  test(`form messages and the notify modal on ${host} have no serious or critical axe violations`, {
    tag: host === "localhost" ? "@phone" : [],
  }, async ({ page }) => {
    await page.goto(storeUrl(host, "/pages/contact"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("contact-message")).toBeVisible();
    await expectNoSeriousViolations(page, `${host} contact message`);

    const product = await outOfStockProduct(host);
    try {
      await page.goto(storeUrl(host, `/product/default/${product.id}`));
      const modal = page.getByTestId("notify-modal");
      await expect(async () => {
        if (!(await modal.isVisible())) await page.getByTestId("notify-link").click({ timeout: 2000 });
        await expect(modal).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 20_000 });
      await modal.getByRole("button", { name: "Notify me" }).click();
      await expect(modal.getByTestId("notify-message")).toBeVisible();
      await expectNoSeriousViolations(page, `${host} notify modal`, '[data-testid="notify-modal"]');
    } finally {
      await product.restore();
    }
  });
}

test.describe("cookie banner", () => {
  test.use({
    storageState: {
      ...ADULT_VISITOR,
      cookies: ADULT_VISITOR.cookies.filter((c) => c.name !== "cookie_consent"),
    },
  });
  test("has no serious or critical axe violations", { tag: "@phone" }, async ({ page }) => {
    await page.goto(storeUrl("localhost", "/pages/about"));
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await expectNoSeriousViolations(page, "consent banner", '[data-testid="consent-banner"]');
  });
});
