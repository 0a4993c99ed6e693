// Greek texts from the back office (docs/decisions/0035-languages.md, step 3) in Chromium: the
// demo owner opens a product's "Ελληνικά" tab with the keyboard, sees the English as placeholders
// and the fallback notes, writes a Greek name and saves; then a terms section's Greek title. The
// Greek pages show both, the English pages do not. The editor's Greek tab is axe-clean, and is
// photographed at 1280 and 375 px (test-results/.../admin-translations-*.png).
import { expect, test } from "@playwright/test";
import { allViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

// The back office's translation journey runs on the desktop project (docs/decisions/0039-e2e-plan.md).

const at = (path: string) => storeUrl("localhost", path);
const FALLBACK = "Shown in English until translated";

test("the owner writes a product's and a terms section's Greek texts; the Greek pages show them", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const stamp = Date.now().toString(36);

  // The product editor: English first, Greek one arrow key away.
  await page.goto(at("/admin/products/1"));
  const tabs = page.getByRole("tablist", { name: "Language of the product's texts" });
  await expect(tabs).toBeVisible();
  const englishName = await page.getByRole("textbox", { name: "Name", exact: true }).inputValue();
  expect(englishName).not.toBe("");
  await tabs.getByRole("tab", { name: "English" }).focus();
  await page.keyboard.press("ArrowRight");
  const greekTab = tabs.getByRole("tab", { name: "Ελληνικά" });
  await expect(greekTab).toBeFocused();
  await expect(greekTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeHidden();

  const greekName = page.getByRole("textbox", { name: "Name (Ελληνικά)" });
  await expect(greekName).toBeVisible();
  await expect(greekName).toHaveAttribute("placeholder", englishName);
  await greekName.fill("");
  // Every empty Greek field says the shop shows the English there.
  await expect(page.getByText(FALLBACK).first()).toBeVisible();
  const notesBefore = await page.getByText(FALLBACK).count();
  expect(notesBefore).toBeGreaterThanOrEqual(1);

  expect(await allViolations(page, { include: "#admin-main" })).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await tabs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`admin-translations-product-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const name = `Κιτ δοκιμής ${stamp}`;
  await greekName.fill(name);
  await expect(page.getByText(FALLBACK)).toHaveCount(notesBefore - 1);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Product saved. The shop shows it now.")).toBeVisible();

  // A terms section's Greek title.
  await page.goto(at("/admin/pages?page=terms"));
  await page
    .getByRole("table", { name: /Sections of the Terms and Conditions page/ })
    .getByRole("link", { name: /^Edit/ })
    .first()
    .click();
  const sectionTabs = page.getByRole("tablist", { name: "Language of the section" });
  await expect(sectionTabs).toBeVisible();
  const englishTitle = await page.getByRole("textbox", { name: "Title", exact: true }).inputValue();
  await sectionTabs.getByRole("tab", { name: "Ελληνικά" }).click();
  const greekTitle = page.getByRole("textbox", { name: "Title (Ελληνικά)" });
  await expect(greekTitle).toHaveAttribute("placeholder", englishTitle);
  const title = `Όροι χρήσης ${stamp}`;
  await greekTitle.fill(title);
  await page.getByRole("button", { name: "Save section" }).click();
  await expect(page.getByText("Section saved.")).toBeVisible();

  // The Greek pages show the translations; the English pages are unchanged.
  await page.goto(at("/el/product/default/1"));
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.goto(at("/product/default/1"));
  // The page's title is the name without its variant label (" - 10 ml / 0 mg").
  await expect(page.getByRole("heading", { level: 1 })).toContainText(englishName.split(" - ")[0] ?? "");
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto(at("/el/pages/terms"));
  await expect(page.getByText(title)).toBeVisible();
  await page.goto(at("/pages/terms"));
  await expect(page.getByText(englishTitle).first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the owner writes the Greek SEO title of a page; the Greek page's title is it, the English page keeps its own", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  await page.goto(at("/admin/seo"));
  const tabs = page.getByRole("tablist", { name: "SEO texts" });
  await tabs.getByRole("tab", { name: "Ελληνικά" }).click();
  const partner = page.getByRole("group", { name: "Become a partner" }).last();
  const greekTitle = partner.getByRole("textbox", { name: "Title (Ελληνικά)" });
  // The English (or nothing) shows as the placeholder until a Greek title is written.
  await expect(greekTitle).toBeVisible();
  const title = `Γίνετε συνεργάτης ${Date.now().toString(36)} | Vape Haven`;
  await greekTitle.fill(title);
  await page.getByRole("button", { name: "Save SEO texts" }).click();
  await expect(page.getByText("SEO texts saved.", { exact: false })).toBeVisible();

  await page.goto(at("/el/pages/partner"));
  await expect(page).toHaveTitle(title);
  await page.goto(at("/pages/partner"));
  await expect(page).not.toHaveTitle(title);
  await expect(page).toHaveTitle(/Vape Haven/);
  expect(errors).toEqual([]);
});
