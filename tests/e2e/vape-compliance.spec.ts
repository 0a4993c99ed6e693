// Issue 41 section 1, the product's compliance data (docs/decisions/0058), in the browser: a nicotine
// liquid's page shows the boxed nicotine health warning and the safety block (manufacturer,
// identification, strength, volume) in English, in Greek after the language switch, and in the
// Cyprus store's Greek; the product form refuses 25 mg/ml on its field and saves nothing; the
// Compliance list and the product page are axe-clean. The same refusal from the ERP, the file and
// the seed is the integration test's (tests/integration/vape-compliance.test.ts).
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { allViolations, seriousViolations } from "./axe";
import { openStore } from "./cart-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { catalogue as messages } from "./messages";
import { openAdminAs } from "./roles";
import { api, catalogue } from "./storefront-helpers";

interface Compliance {
  regulatoryClass: string;
  nicotineMgPerMl: number | null;
  volumeMl: number | null;
  manufacturer: { name: string } | null;
  nicotineWarning: string | null;
}

const shot = (page: Page, name: string) =>
  `${process.env.SHOTS_DIR ?? ".tmp/shots"}/vape-compliance/${name}-${page.viewportSize()?.width ?? 0}.png`;

/** The store's first nicotine liquid with a manufacturer, as the product API describes it. */
async function nicotineLiquid(request: APIRequestContext, host: string) {
  // Names that carry a strength first ("10 ml / 3 mg"): fewer product answers to read.
  const all = await catalogue(request, host);
  const likely = (p: { name: string }) => (/\d\s*mg\b/i.test(p.name) ? 0 : 1);
  for (const p of [...all].sort((a, b) => likely(a) - likely(b))) {
    const { compliance } = (
      await api<{ product: { compliance?: Compliance | null } }>(request, host, `/api/v1/products/${p.id}`)
    ).product;
    if (compliance?.regulatoryClass === "nicotine_liquid" && compliance.manufacturer)
      return { id: p.id, compliance };
  }
  throw new Error(`no nicotine liquid with a manufacturer in ${host}'s demo catalogue`);
}

/** Follows the language link: in the top bar from 640 px up, in the menu on a phone (greek.spec.ts). */
async function switchLanguage(page: Page, language: string) {
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    await page.getByTestId("mobile-menu-toggle").click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toHaveAttribute("data-open", "true");
    await menu.getByRole("navigation", { name: "Language" }).getByRole("link", { name: language }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Language" })
      .first()
      .getByRole("link", { name: language })
      .click();
  }
}

/** The block on the open page: the warning (exactly the catalogue's text), the heading, the data. */
async function expectSafetyBlock(page: Page, lang: "en" | "el", c: Compliance) {
  const words = messages(lang, "Product");
  const block = page.getByTestId("compliance");
  await expect(block.getByTestId("nicotine-warning")).toHaveText(words.nicotineWarning);
  await expect(block.getByRole("heading", { name: words.complianceTitle })).toBeVisible();
  await expect(block).toContainText(words.complianceManufacturer);
  await expect(block).toContainText(c.manufacturer?.name ?? "");
  await expect(block).toContainText(words.complianceNicotine.replace("{mg}", String(c.nicotineMgPerMl)));
  await expect(block).toContainText(words.complianceVolume.replace("{ml}", String(c.volumeMl)));
  // The warning is read before the heading and boxed so it stands out (art. 20(4)(b)).
  const look = await block.getByTestId("nicotine-warning").evaluate((el) => ({
    weight: Number(getComputedStyle(el).fontWeight),
    border: getComputedStyle(el).borderTopWidth,
  }));
  expect(look.weight).toBeGreaterThanOrEqual(700);
  expect(look.border).not.toBe("0px");
}

test("a nicotine liquid's page shows the nicotine warning and the safety block in English and Greek", {
  tag: "@phone",
}, async ({ page, request }) => {
  // Three product pages and two axe runs: past the default minute on a busy machine.
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const main = await nicotineLiquid(request, "localhost");
  await openStore(page, "localhost", `/product/default/${main.id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectSafetyBlock(page, "en", main.compliance);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId("compliance").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(page, "product-en") });

  await switchLanguage(page, "Ελληνικά");
  await expect(page).toHaveURL(new RegExp(`/el/product/default/${main.id}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await expectSafetyBlock(page, "el", main.compliance);

  // The Cyprus store speaks Greek first.
  const cy = await nicotineLiquid(request, "cy.localhost");
  await openStore(page, "cy.localhost", `/product/default/${cy.id}`, { exact: true });
  await expect(page.locator("html")).toHaveAttribute("lang", "el");
  await expectSafetyBlock(page, "el", cy.compliance);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId("compliance").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(page, "product-cy-el") });
  expect(errors).toEqual([]);
});

test("the product form refuses 25 mg/ml of nicotine on its field and saves nothing; the Compliance list is axe-clean", async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const { id, compliance } = await nicotineLiquid(request, "localhost");
  await openAdminAs(page, "owner", `/admin/products/${id}`);
  const field = page.getByLabel("Nicotine (mg/ml)");
  await expect(field).toHaveValue(String(compliance.nicotineMgPerMl));
  await field.fill("25");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const message = "The nicotine strength is 25 mg/ml; the law allows at most 20 mg/ml.";
  await expect(page.getByText(message).first()).toBeVisible();
  // The message is the field's own description, so a screen reader names the field with it.
  const described = await field.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((ref) => document.getElementById(ref)?.textContent ?? "")
      .join(" "),
  );
  expect(described).toContain(message);
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(page, "form-refused") });

  // Nothing was saved: the form and the shop still have the stored strength.
  await page.goto(storeUrl("localhost", `/admin/products/${id}`));
  await expect(page.getByLabel("Nicotine (mg/ml)")).toHaveValue(String(compliance.nicotineMgPerMl));
  const stored = await api<{ product: { compliance?: Compliance | null } }>(
    request,
    "localhost",
    `/api/v1/products/${id}`,
  );
  expect(stored.product.compliance?.nicotineMgPerMl).toBe(compliance.nicotineMgPerMl);

  // The list of stored products out of the limits: the demo keeps them all.
  await page.goto(storeUrl("localhost", "/admin/compliance"));
  await expect(
    page.getByRole("heading", { level: 1, name: "Products out of the legal limits" }),
  ).toBeVisible();
  await expect(page.getByText("Every stored product keeps the limits.")).toBeVisible();
  expect(await allViolations(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shot(page, "compliance-list"), fullPage: true });
  }
  expect(errors).toEqual([]);
});
