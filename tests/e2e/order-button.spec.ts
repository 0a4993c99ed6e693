// Issue 40 section 2 (docs/decisions/0049): a cash-on-delivery order placed with the button that
// states the obligation to pay, at 375 px (phone) and 1280 px (desktop). Above the button: the
// links to the terms, the withdrawal information and the legal guarantee, and the total with
// delivery; the trader's identity in the footer, on the contact and terms pages; the Greek words on
// the Cyprus store; axe clean on the checkout's summary, the guarantee page and the identity blocks.
import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, pageApi, visit } from "./account-helpers";
import { seriousViolations } from "./axe";
import { cartItem, findProducts, openStore, seedLists } from "./cart-helpers";
import { collectPageErrors, rawStoreUrl, storeUrl } from "./helpers";

/** One product in the cart, then the cart page (`url`: the store's cart in the page's language). */
async function cartOnCheckout(page: Page, host: string, url = storeUrl(host, "/shop/cart")) {
  const products = (await findProducts(page)).filter((p) => p.stock >= 5).slice(0, 1);
  expect(products).toHaveLength(1);
  await seedLists(page, host, { cart: [cartItem(products[0], 1)] });
  await page.goto(url);
  await expect(page.getByTestId("checkout")).toBeVisible();
}

test("cash on delivery: ordered with 'Order with obligation to pay', the links and the total with delivery right above it", {
  tag: "@phone",
}, async ({ page }) => {
  const errors = collectPageErrors(page);
  await visit(page, "localhost", "/");
  expect(
    (await pageApi(page, "POST", "/api/v1/auth/login", { ...ACCOUNTS.maria, remember: false })).status,
  ).toBe(200);
  await page.reload();
  await cartOnCheckout(page, "localhost");
  await page
    .getByTestId("checkout")
    .getByRole("radio", { name: /Cash on delivery/ })
    .check();

  const button = page.getByTestId("place-order");
  await expect(button).toHaveText("Order with obligation to pay");
  await expect(button).toBeEnabled();

  const links = page.getByTestId("precontract-links");
  await expect(links).toBeVisible();
  for (const [name, href] of [
    ["Terms and conditions", "/pages/terms"],
    ["Right of withdrawal", "/pages/returns"],
    ["Legal guarantee", "/pages/guarantee"],
  ] as const)
    await expect(links.getByRole("link", { name })).toHaveAttribute("href", href);

  const total = page.getByTestId("total-above-button");
  await expect(total).toContainText("Total to pay, delivery included");
  const summaryTotal = (await page.getByTestId("summary-total").textContent()) ?? "";
  expect(summaryTotal).toMatch(/€/);
  await expect(total).toContainText(summaryTotal);
  // The links, then the total, then the button, one under the other.
  await button.scrollIntoViewIfNeeded();
  const [l, t, b] = await Promise.all([links.boundingBox(), total.boundingBox(), button.boundingBox()]);
  expect(l && t && b && l.y < t.y && t.y < b.y && b.y - (t.y + t.height) < 40).toBe(true);
  await expect(total).toBeInViewport();
  expect(await seriousViolations(page, { include: "[data-testid=checkout-summary]" })).toEqual([]);

  // The trader's identity in the footer.
  const footer = page.getByTestId("trader-footer");
  await expect(footer).toContainText("Vape Haven Demo Ltd");
  await expect(footer).toContainText("Agiou Andreou 145, 3036 Limassol, Cyprus");
  await expect(footer).toContainText("VAT number: CY99000001D");
  expect(await seriousViolations(page, { include: "[data-testid=site-footer]" })).toEqual([]);

  await button.click();
  const confirmation = page.getByTestId("order-confirmation");
  await expect(confirmation).toContainText("Thank you for your order!");
  expect(errors).toEqual([]);
});

test("the guarantee page, the identity on the contact and terms pages, and the Greek words on the Cyprus store", {
  tag: "@phone",
}, async ({ page }) => {
  await page.goto(storeUrl("localhost", "/pages/guarantee"));
  await expect(page.getByRole("heading", { level: 1, name: "Legal guarantee of conformity" })).toBeVisible();
  await expect(page.getByText("becomes apparent within two years of that time").first()).toBeVisible();
  // Directive (EU) 2024/1799: the repair extension and the duty to say so before a remedy.
  await expect(page.getByText("extended once by 12 months (Article 10(2a))").first()).toBeVisible();
  await expect(page.getByText("the possible extension of the liability period").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  for (const path of ["/pages/contact", "/pages/terms"]) {
    await page.goto(storeUrl("localhost", path));
    const block = page.getByTestId("trader-identity");
    await expect(block).toContainText("Vape Haven Demo Ltd");
    await expect(block).toContainText("Registration number HE 999001");
    expect(await seriousViolations(page, { include: "[data-testid=trader-identity]" })).toEqual([]);
  }

  // Cyprus Cloud speaks Greek first: a guest's checkout, the footer and the guarantee page.
  await openStore(page, "cy.localhost", "/", { exact: true });
  await cartOnCheckout(page, "cy.localhost", rawStoreUrl("cy.localhost", "/shop/cart"));
  await expect(page.getByTestId("place-order")).toHaveText("Παραγγελία με υποχρέωση πληρωμής");
  const links = page.getByTestId("precontract-links");
  await expect(links.getByRole("link", { name: "Νόμιμη εγγύηση" })).toHaveAttribute(
    "href",
    "/pages/guarantee",
  );
  await expect(page.getByTestId("total-above-button")).toContainText(
    "Σύνολο πληρωμής, μαζί με τα έξοδα αποστολής",
  );
  await expect(page.getByTestId("trader-footer")).toContainText("Cyprus Cloud Demo Trading Ltd");
  await expect(page.getByTestId("trader-footer")).toContainText("Αριθμός μητρώου ΦΠΑ: CY99000002B");
  expect(await seriousViolations(page, { include: "[data-testid=checkout-summary]" })).toEqual([]);
  await page.goto(rawStoreUrl("cy.localhost", "/pages/guarantee"));
  await expect(page.getByRole("heading", { level: 1, name: "Νόμιμη εγγύηση συμμόρφωσης" })).toBeVisible();
  await expect(page.getByText("εντός δύο (2) ετών από την ημερομηνία παράδοσης").first()).toBeVisible();
  await expect(page.getByText("παρατείνεται μία φορά κατά 12 μήνες").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
