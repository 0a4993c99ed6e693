// Issue 24, "done when": a scripted purchase on a 375 px phone, as a shopper taps it: home,
// search, the product, the cart, checkout as a guest, pay by card on the hosted test checkout.
// It counts the taps (every press on the screen, a field's first tap included) and the
// characters typed, times the whole run, and saves a screenshot of each step under
// /tmp/shots-lead/phone-purchase/ (SHOTS_DIR). The run fails when the path needs more taps than the budget.
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { newCustomer } from "./account-helpers";
import { seriousViolations } from "./axe";
import { storeUrl } from "./helpers";
import { DECLINED_CONSENT } from "./storage-state";
import { catalogue } from "./storefront-helpers";

/** Home to paid in at most this many taps (search, product, add, cart, view cart, 8 details, shipping, card, pay, approve). */
const TAP_BUDGET = 20;
// Outside test-results/, which Playwright empties at the start of every run.
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-lead/phone-purchase";

class Shopper {
  taps = 0;
  typed = 0;
  step = 0;
  constructor(private readonly page: Page) {}

  async tap(target: Locator): Promise<void> {
    this.taps++;
    await target.tap();
  }

  /** A field: one tap to focus it, then the characters. */
  async type(field: Locator, text: string): Promise<void> {
    await this.tap(field);
    this.typed += text.length;
    await field.pressSequentially(text);
  }

  async choose(select: Locator, value: string): Promise<void> {
    this.taps++;
    await select.selectOption(value);
  }

  async shot(name: string): Promise<void> {
    this.step++;
    await this.page.screenshot({ path: `${SHOTS}/${String(this.step).padStart(2, "0")}-${name}.png` });
  }
}

test(
  "a guest buys on a 375 px phone: home, search, product, cart, checkout, card",
  { tag: "@phone-only" },
  async ({ page, request }, info) => {
    mkdirSync(SHOTS, { recursive: true });
    const products = await catalogue(request, "localhost");
    const product = products.find(
      (p) => p.variants.length === 0 && p.varRel.length === 0 && (p.stock ?? 0) >= 5 && p.name.length > 8,
    );
    if (!product) throw new Error("the demo catalogue has a simple product in stock");
    const who = newCustomer("phone");
    const me = new Shopper(page);
    await page
      .context()
      .addCookies([{ name: "cookie_consent", value: DECLINED_CONSENT, domain: "localhost", path: "/" }]);

    const started = Date.now();
    await page.goto(storeUrl("localhost", "/"));
    await page.locator("body.loaded").waitFor({ state: "attached" });
    await me.shot("home");

    // Search: the header's button opens the box, focused; the suggestions list the product and
    // one tap opens it.
    await me.tap(page.getByRole("banner").getByRole("button", { name: "Search", exact: true }));
    const search = page
      .getByTestId("header-search-mobile")
      .getByRole("combobox", { name: "Search products" });
    await expect(search).toBeFocused();
    me.typed += product.name.length;
    await search.pressSequentially(product.name);
    const option = page.getByRole("option").filter({ hasText: product.name }).first();
    await expect(option).toBeVisible();
    await me.shot("suggestions");
    await me.tap(option);
    await expect(page).toHaveURL(new RegExp(`/product/default/${product.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await me.shot("product");

    // Add to cart, then the header's cart and its 'View Cart / Proceed to Checkout'.
    await me.tap(page.getByTestId("product-page").getByTestId("add-to-cart"));
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Product added to Cart." }),
    ).toBeVisible();
    await me.tap(page.getByRole("button", { name: /^Cart, 1 item/ }));
    await me.shot("cart-dropdown");
    await me.tap(page.getByRole("link", { name: "View Cart / Proceed to Checkout" }));
    await expect(page).toHaveURL(/\/shop\/cart/);

    // Checkout as a guest: the details, shipping, card.
    const form = page.getByTestId("guest-details");
    await expect(form).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await me.shot("checkout");
    await me.type(form.getByLabel("Email address"), who.email);
    await me.type(form.getByLabel("First Name"), who.firstName);
    await me.type(form.getByLabel("Last Name"), who.lastName);
    await me.type(form.getByLabel("Phone"), who.phone);
    await me.type(form.getByLabel("Street address"), who.street);
    await me.type(form.getByLabel("Postcode / ZIP"), who.postcode);
    await me.type(form.getByLabel("Town / City"), who.city);
    await me.choose(form.getByLabel("Country"), "CY");
    const checkout = page.getByTestId("checkout");
    await me.tap(checkout.getByRole("radio", { name: /Courier 1-2 working days/ }));
    await me.tap(checkout.getByRole("radio", { name: /^Card/ }));
    await expect(page.getByTestId("place-order")).toHaveText("Pay now");
    await me.shot("checkout-filled");
    expect(await seriousViolations(page)).toEqual([]);
    const total = (await page.getByTestId("summary-total").textContent()) ?? "";
    await me.tap(page.getByTestId("place-order"));

    // The hosted test checkout, then the shop's success page.
    await expect(page).toHaveURL(/\/payments\/test-checkout\?/);
    await expect(page.getByTestId("test-checkout-amount")).toHaveText(total);
    await me.shot("pay");
    await me.tap(page.getByRole("button", { name: /^Approve payment/ }));
    await expect(page.getByRole("heading", { name: "Congrats your order is on the way!" })).toBeVisible();
    const seconds = (Date.now() - started) / 1000;
    await me.shot("paid");
    await expect(page.getByRole("link", { name: "View your order" })).toBeVisible();

    // No sideways scroll on any screen of the way (checked on the last one too).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const summary = `phone purchase: ${me.taps} taps, ${me.typed} characters typed, ${seconds.toFixed(1)} s from home to paid (${total})`;
    console.log(summary);
    info.annotations.push({ type: "phone-purchase", description: summary });
    expect(me.taps).toBeLessThanOrEqual(TAP_BUDGET);
  },
);
