// The blog's back office in Chromium: the demo owner writes a post with a picture in its text and
// a cover, recommends a product, previews it (the storefront's own article), publishes it and
// opens it on the shop at /blog/<slug>; the list filters it; a post without a title is refused
// with the field marked; a post is deleted after a confirmation and leaves the shop. The blog's
// admin screens have no axe violation of any impact and the published post none serious or
// critical, at 1280 and at 375 px.
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { allViolations, seriousViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

const url = (path: string) => storeUrl("localhost", path);

const picture = async (width: number, height: number, colour: string) => ({
  name: `picture-${width}.png`,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});

async function adminAxe(page: Page, where: string, problems: string[]) {
  for (const v of await allViolations(page)) problems.push(`${where}: ${v}`);
}

test("the owner writes a post with pictures and a product, previews it, publishes it and reads it on the shop", async ({
  page,
}) => {
  // Desktop project only: the writing journey runs at desktop width and checks 375 px itself.
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  const problems: string[] = [];
  await openAdminAs(page);

  await page.goto(url("/admin/blog"));
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await adminAxe(page, "/admin/blog", problems);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
  await adminAxe(page, "/admin/blog/new", problems);

  // Nothing typed: the title is marked and nothing is saved.
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page.getByText("Enter a title.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  const stamp = Date.now().toString(36);
  const title = `Choosing your first coil ${stamp}`;
  const slug = `choosing-your-first-coil-${stamp}`;
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await expect(page.getByLabel("Web address")).toHaveValue(slug);
  await page
    .getByLabel("Summary", { exact: true })
    .fill("Mesh or wire, ohms and wattage: what suits a first kit.");

  const text = page.getByRole("textbox", { name: "Text", exact: true });
  await text.click();
  await page.keyboard.type("What to look at");
  await page.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Paragraph", exact: true }).click();
  await page.keyboard.type("Start with a mesh coil at the wattage printed on it.");

  // A picture in the text: uploaded through the picture pipeline, put at the caret with its words.
  await page.getByRole("button", { name: "Insert picture" }).click();
  const insert = page.getByRole("dialog", { name: /Insert a picture/ });
  await insert.getByLabel(/^Picture/).setInputFiles(await picture(2000, 1200, "#2f6f9f"));
  await insert
    .getByLabel("Description for visitors who cannot see it")
    .fill("A mesh coil next to a wire coil");
  await insert.getByRole("button", { name: "Insert" }).click();
  await expect(insert).toBeHidden();
  await expect(text.getByRole("img", { name: "A mesh coil next to a wire coil" })).toBeVisible();

  // The cover, and its description.
  await page.getByLabel("New picture for “Cover”").setInputFiles(await picture(1600, 900, "#a13d63"));
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel("Cover", { exact: true })).toHaveValue(/^\/images\/blog\/.+\.webp$/);
  await page.getByLabel("Cover description", { exact: true }).fill("Coils laid out on a workbench");
  await page.getByLabel("Tags").fill("Guides, coils");
  await page.getByLabel("Author").fill("Eleni from the shop");
  await page.getByLabel("Search title", { exact: true }).fill("First coil guide");
  await expect(page.getByText("16 of 70 characters.")).toBeVisible();

  // A related product, found by name in the catalogue.
  await page.getByLabel("Find a product by name or code").fill("kit");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("listitem").first()).toBeVisible();
  const productName = (
    (await results.getByRole("listitem").first().locator("span.min-w-0").textContent()) ?? ""
  )
    .replace(/\s*\(.*\)$/, "")
    .trim();
  await results.getByRole("button", { name: /^Add/ }).first().click();
  await expect(page.getByRole("button", { name: `Remove ${productName}` })).toBeVisible();
  await adminAxe(page, "/admin/blog/new (filled)", problems);

  // Preview: the storefront's article, with the body as the server will store it.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: /Preview/ });
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "What to look at" })).toBeVisible();
  const bodyPicture = preview.getByRole("img", { name: "A mesh coil next to a wire coil" });
  await expect(bodyPicture).toHaveAttribute("width", "1200");
  await expect(bodyPicture).toHaveAttribute("height", "720");
  await expect(preview.getByRole("img", { name: "Coils laid out on a workbench" })).toHaveAttribute(
    "width",
    "1200",
  );
  await expect(preview.getByText(productName)).toBeVisible();
  await adminAxe(page, "/admin/blog/new (preview)", problems);
  await preview.getByRole("button", { name: "Close preview" }).click();
  await expect(preview).toBeHidden();

  // Publish now.
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
  const view = page.getByRole("link", { name: /View on the shop/ });
  await expect(view).toHaveAttribute("href", `/blog/${slug}`);
  await adminAxe(page, "/admin/blog/:id", problems);

  // The list finds it by title and state.
  await page.goto(url(`/admin/blog?state=published&q=${stamp}`));
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.goto(url(`/admin/blog?state=draft&q=${stamp}`));
  await expect(page.getByText("No posts match these filters.")).toBeVisible();

  // On the shop, at 1280 and 375 px.
  await page.goto(url(`/blog/${slug}`));
  const article = page.getByTestId("blog-article");
  await expect(article.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const shown = article.getByRole("img", { name: "A mesh coil next to a wire coil" });
  await expect(shown).toHaveAttribute("width", "1200");
  await expect(shown).toHaveAttribute("height", "720");
  await expect(page.getByText(productName).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(article.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(url("/admin/blog"));
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await adminAxe(page, "/admin/blog at 375", problems);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await adminAxe(page, "/admin/blog/:id at 375", problems);

  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});

test("a scheduled post stays off the shop; a deleted one leaves it", async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const stamp = Date.now().toString(36);
  const title = `Short notice ${stamp}`;
  await page.goto(url("/admin/blog/new"));
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Text", exact: true }).click();
  await page.keyboard.type("We close early on Friday.");
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Publish date and time").fill("2099-01-01T09:00");
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /View on the shop/ })).toHaveCount(0);
  const shop = await page.request.get(url(`/blog/short-notice-${stamp}`));
  expect(shop.status()).toBe(404);

  // Published now instead, then deleted after the confirmation.
  await page.getByLabel("Publish date and time").fill("");
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page.getByRole("link", { name: /View on the shop/ })).toBeVisible();
  expect((await page.request.get(url(`/blog/short-notice-${stamp}`))).status()).toBe(200);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this post?" });
  await confirm.getByRole("button", { name: "Delete post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText("Post deleted.")).toBeVisible();
  expect((await page.request.get(url(`/blog/short-notice-${stamp}`))).status()).toBe(404);
  expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
});

test("the blog's screens at phone width", { tag: "@phone-only" }, async ({ page }) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  const problems: string[] = [];
  for (const path of ["/admin/blog", "/admin/blog/new"]) {
    await page.goto(url(path));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await adminAxe(page, path, problems);
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
