// Issue 44, defects 6, 7 and 8 (docs/decisions/0060): what a product with related variants shows.
// - Picking a variant: the short description, the badges and the pictures are the variant's (they
//   stayed the first variant's), and the drop-down marks the sold-out options before they are chosen.
// - A card's Sale badge over a range says what is reduced (the product's own price struck through,
//   with its prior price, decision 0048), and the range stays a range when every variant is sold out
//   (it collapsed to the lowest price while the badge stayed).
// - A card's wishlist heart on such a product opens the quick view on the variant drop-down instead
//   of refusing ('Please choose a variant first' is kept there, as the prompt).
// English on the main store, Greek on the Cyprus store; at 1280 and 375 px (@phone).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { groupName, priceRange, productLabels } from "../../core/product-rules";
import { storedLists } from "./cart-helpers";
import { setStockViaErp } from "./content-helpers";
import { collectPageErrors, rawStoreUrl } from "./helpers";
import { type ApiProduct, catalogue, ready } from "./storefront-helpers";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-lead/variant-prices";

const STORES = [
  {
    host: "localhost",
    prefix: "",
    sale: "Sale",
    soldOut: "Out Of Stock",
    choose: "Please choose a variant first",
  },
  {
    host: "cy.localhost",
    prefix: "",
    sale: "Προσφορά",
    soldOut: "Εξαντλήθηκε",
    choose: "Επιλέξτε πρώτα μια παραλλαγή",
  },
] as const;

/** A group whose own product wears the Sale badge, with a variant in stock that is not reduced and one sold out. */
function saleGroup(all: ApiProduct[]) {
  for (const p of all) {
    if (p.varRel.length < 3 || !productLabels(p, true).includes("Sale")) continue;
    const plain = p.varRel.find(
      (v) => v.id !== p.id && v.salePriceCents === null && (v.stock ?? 0) > 0 && v.shortDesc !== p.shortDesc,
    );
    const soldOut = p.varRel.find((v) => v.id !== p.id && (v.stock ?? 0) < 1);
    if (plain && soldOut && p.pictures.length > 1 && plain.pictures.length === 1)
      return { p, plain, soldOut };
  }
  throw new Error("no sale group with a plain and a sold-out variant");
}

const width = (page: Page) => page.viewportSize()?.width ?? 1280;

async function openRaw(page: Page, host: string, path: string) {
  await page.goto(rawStoreUrl(host, path));
  await ready(page);
}

/** The card of this product (its name may read in Greek; its link holds its id). */
function cardLinkedTo(page: Page, id: number): Locator {
  return page
    .getByTestId("product-card")
    .filter({ has: page.locator(`a[href$="/product/default/${id}"]`) })
    .first();
}

/** The badges of the product itself (a card's, or the product page's heading, not its related products'). */
function labels(scope: Locator) {
  return scope.getByTestId("product-name").locator("xpath=..").getByTestId("product-label");
}

for (const store of STORES) {
  test(`${store.host}: picking a variant shows its description, badges and pictures; sold-out options are marked @phone`, async ({
    page,
    request,
  }) => {
    const errors = collectPageErrors(page);
    const { p, plain, soldOut } = saleGroup(await catalogue(request, store.host));
    await openRaw(page, store.host, `/product/default/${p.id}`);
    const view = page.getByTestId("product-page");
    await expect(labels(view).filter({ hasText: store.sale })).toHaveCount(1);
    await expect(view.getByTestId("gallery-thumb")).toHaveCount(p.pictures.length);
    const before = (await view.getByTestId("short-desc").textContent()) ?? "";
    expect(before.length).toBeGreaterThan(0);

    const select = view.getByTestId("variant-select");
    await expect(select.locator(`option[value="${soldOut.id}"]`)).toContainText(`– ${store.soldOut}`);
    await expect(select.locator(`option[value="${plain.id}"]`)).not.toContainText(store.soldOut);

    await select.selectOption(String(plain.id));
    // Not reduced: no Sale badge; its own description; its own picture, no thumbnails of another.
    await expect(labels(view).filter({ hasText: store.sale })).toHaveCount(0);
    await expect(view.getByTestId("short-desc")).not.toHaveText(before);
    if (store.host === "localhost") await expect(view.getByTestId("short-desc")).toHaveText(plain.shortDesc);
    await expect(view.getByTestId("gallery-thumb")).toHaveCount(0);
    await expect(view.getByTestId("gallery-main")).toHaveAttribute("src", plain.pictures[0].url);
    await page.screenshot({ path: `${SHOTS}/${store.host}-variant-${width(page)}.png` });

    await select.selectOption(String(soldOut.id));
    await expect(labels(view).filter({ hasText: store.soldOut })).toHaveCount(1);
    // Back to the product: its badges and its pictures again.
    await select.selectOption("");
    await expect(labels(view).filter({ hasText: store.sale })).toHaveCount(1);
    await expect(view.getByTestId("gallery-thumb")).toHaveCount(p.pictures.length);
    await expect(view.getByTestId("short-desc")).toHaveText(before);
    expect(errors).toEqual([]);
  });

  test(`${store.host}: a card's Sale badge says what is reduced, and its range stays when all is sold out @phone`, async ({
    page,
    request,
  }) => {
    const errors = collectPageErrors(page);
    const { p } = saleGroup(await catalogue(request, store.host));
    const name = groupName(p);
    const { minCents, maxCents } = priceRange(p);
    const cardOf = async () => {
      await openRaw(page, store.host, `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(name)}`);
      const card = cardLinkedTo(page, p.id);
      await expect(card).toBeVisible();
      return card;
    };
    const euroText = (cents: number) =>
      (cents / 100).toFixed(2).replace(".", store.host === "localhost" ? "." : ",");

    let card = await cardOf();
    await expect(card.getByTestId("product-label").filter({ hasText: store.sale })).toHaveCount(1);
    const price = card.getByTestId("price");
    // The range, and under it the reduced price beside the regular one struck through.
    await expect(price).toContainText(euroText(minCents));
    await expect(price).toContainText(euroText(maxCents));
    await expect(price.getByTestId("was-price")).toContainText(euroText(p.priceCents));
    await expect(price.getByTestId("prior-price")).toBeVisible();
    await card.screenshot({ path: `${SHOTS}/${store.host}-card-sale-${width(page)}.png` });

    // Every variant sold out: still the range (and what the badge announces), greyed.
    for (const v of p.varRel) await setStockViaErp(store.host, v.id, 0);
    try {
      card = await cardOf();
      await expect(card.getByTestId("product-label").filter({ hasText: store.soldOut })).toHaveCount(1);
      await expect(card.getByTestId("product-label").filter({ hasText: store.sale })).toHaveCount(1);
      await expect(card.getByTestId("price")).toContainText(euroText(maxCents));
      await expect(card.getByTestId("price").getByTestId("was-price")).toBeVisible();
      await card.screenshot({ path: `${SHOTS}/${store.host}-card-sold-out-${width(page)}.png` });
    } finally {
      for (const v of p.varRel) await setStockViaErp(store.host, v.id, v.stock ?? 0);
    }
    expect(errors).toEqual([]);
  });

  test(`${store.host}: a card's wishlist heart on a product with variants opens the choice @phone`, async ({
    page,
    request,
  }) => {
    const errors = collectPageErrors(page);
    const { p, plain } = saleGroup(await catalogue(request, store.host));
    const name = groupName(p);
    await openRaw(page, store.host, `/shop/sidebar/3cols?searchTerm=${encodeURIComponent(name)}`);
    const card = cardLinkedTo(page, p.id);
    await card.hover();
    await card.getByTestId("card-wishlist").click();
    const quick = page.getByTestId("quick-view");
    await expect(quick).toBeVisible();
    await expect(quick.getByTestId("choose-variant-prompt")).toHaveText(store.choose);
    const select = quick.getByTestId("variant-select");
    await expect(select).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/${store.host}-wishlist-choice-${width(page)}.png` });
    await select.selectOption(String(plain.id));
    await quick.getByTestId("wishlist-action").click();
    await expect
      .poll(async () => (await storedLists(page, store.host))?.wishlist.data.map((w) => w.id))
      .toEqual([plain.id]);
    expect(errors).toEqual([]);
  });
}

test("Greek pages name countries in Greek and keep '5 αστέρια' on one line @phone", async ({
  page,
  request,
}) => {
  // Issue 44 defect 3: the country lists read in English on Greek pages, and the review
  // distribution's "5 αστέρια" wrapped at 375 px.
  const errors = collectPageErrors(page);
  await openRaw(page, "cy.localhost", "/register");
  const country = page.getByTestId("register-form").locator("select[name=country]");
  await expect(country.locator("option[value=CY]")).toHaveText("Κύπρος");
  await expect(country.locator("option[value=GR]")).toHaveText("Ελλάδα");
  const reviewed = (await catalogue(request, "cy.localhost")).find((p) => p.reviewCount > 0) as ApiProduct;
  await openRaw(page, "cy.localhost", `/product/default/${reviewed.id}`);
  const row = page.getByTestId("rating-row").first();
  await row.scrollIntoViewIfNeeded();
  const label = row.locator("span").first();
  await expect(label).toHaveText("5 αστέρια");
  // One line: its height is one line's.
  const { height, lineHeight } = await label.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
  // Review dates in Greek months.
  const date = page.getByTestId("review").first().locator("time");
  if ((await date.count()) > 0)
    await expect(date).not.toHaveText(/Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/);
  await page.screenshot({ path: `${SHOTS}/cy-reviews-${width(page)}.png` });
  expect(errors).toEqual([]);
});
