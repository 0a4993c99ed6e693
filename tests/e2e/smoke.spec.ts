import { expect, test } from "@playwright/test";
import { collectPageErrors, DEMO_STORES, storeUrl } from "./helpers";

for (const store of DEMO_STORES) {
  test(`${store.host} shows its own store, logo and products`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(storeUrl(store.host));
    const logo = page.getByRole("img", { name: store.name, exact: true }).first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page).toHaveTitle(/.+/);
    const robots = await page.locator('meta[name="robots"]').getAttribute("content");
    expect(robots).toBe("noindex, nofollow");
    for (const other of DEMO_STORES.filter((s) => s.name !== store.name && !s.name.startsWith(store.name))) {
      await expect(page.getByRole("img", { name: other.name, exact: true })).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
}

test("the page hydrates and navigates without a full reload", async ({ page }) => {
  await page.goto(storeUrl("localhost", "/no-such-page"));
  await expect(page).toHaveURL(/\/pages\/404$/);
  await expect(page.getByText("Error 404")).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  await page.getByRole("link", { name: "BACK TO HOMEPAGE" }).click();
  await expect(page).toHaveURL(storeUrl("localhost", "/"));
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test("an unknown host gets a clear 404 page and no store's data", async ({ page }) => {
  const response = await page.goto(storeUrl("nobody.localhost"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Store not found" })).toBeVisible();
  for (const s of DEMO_STORES) await expect(page.getByText(s.name)).toHaveCount(0);
});
