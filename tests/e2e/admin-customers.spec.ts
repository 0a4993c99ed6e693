// The back office's customers and inbox in Chromium: the owner finds maria, adds 5.00 points with
// a reason, sees the new balance, and maria's storefront dashboard shows it; a message sent
// through the contact page shows in the inbox; axe finds no violation of any impact on the
// customers list, a customer and the inbox at 1280 and 768 px.
import { expect, test } from "@playwright/test";
import { formatDecimal } from "../../core/money";
import { allViolations } from "./axe";
import { asNewVisitor, marker } from "./content-helpers";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs, openDashboardAs } from "./roles";

// The customers and inbox journeys run on the desktop project (docs/decisions/0039-e2e-plan.md).

test("the owner adjusts maria's points and her dashboard shows the new balance", async ({
  page,
  browser,
}) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page);
  await page.goto(storeUrl("localhost", "/admin/customers"));
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  const search = page.getByRole("search", { name: "Find customers" });
  await search.getByLabel("Search").fill("maria");
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=maria/);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table).toContainText("maria@example.com");
  await table.getByRole("row").filter({ hasText: "maria@example.com" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const available = page.getByTestId("points-available");
  const before = Number(await available.getAttribute("data-cents"));
  const form = page.getByRole("form", { name: "Adjust points" });
  // A reason is required: the field says so and nothing changes.
  await form.getByLabel("Amount").fill("5.00");
  await form.getByRole("button", { name: "Adjust points" }).click();
  await expect(form.getByText("Say why the points change.")).toBeVisible();
  await form.getByLabel("Reason").fill("Goodwill after a late delivery");
  await form.getByRole("button", { name: "Adjust points" }).click();
  await expect(page.getByText("Points adjusted.")).toBeVisible();
  await expect(available).toHaveAttribute("data-cents", String(before + 500));
  const after = before + 500;

  // Maria, on the storefront in her own browser.
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await openDashboardAs(shop);
  await expect(shop.getByTestId("reward-points")).toContainText(formatDecimal(after));
  await shopper.close();

  // The audit log keeps the reason.
  await page.goto(storeUrl("localhost", "/admin/audit?entity=customer"));
  await expect(page.getByRole("table", { name: "Audit log" })).toContainText(
    "Goodwill after a late delivery",
  );
  expect(errors).toEqual([]);
});

test("a message sent through the contact page shows in the inbox", async ({ page, browser }) => {
  const visitor = await browser.newContext();
  await asNewVisitor(visitor);
  const shop = await visitor.newPage();
  await shop.goto(storeUrl("localhost", "/pages/contact"));
  const subject = marker("inbox");
  const form = shop.locator("form", { has: shop.getByLabel("Message*") });
  await form.getByLabel("Name*").fill("Inbox Tester");
  await form.getByLabel("Email*").fill("inbox.tester@example.com");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message*").fill(`Is the Aurora kit back in stock soon? (${subject})`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(shop.getByTestId("contact-message")).toContainText("Your email has been sent successfully");
  await visitor.close();

  await openAdminAs(page);
  await page.goto(storeUrl("localhost", "/admin/inbox"));
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const search = page.getByRole("search", { name: "Find messages" });
  await search.getByLabel("Search").fill(subject);
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${subject}`));
  const table = page.getByRole("table", { name: "Messages" });
  await expect(table).toContainText(subject);
  await table.getByRole("cell").getByRole("link").first().click();
  const opened = page.locator("section", { has: page.getByRole("heading", { level: 2, name: subject }) });
  await expect(opened).toContainText(`Is the Aurora kit back in stock soon? (${subject})`);
  await expect(opened.getByRole("link", { name: "inbox.tester@example.com" })).toBeVisible();
  // The search is kept while a message is open.
  await expect(table.getByRole("row")).toHaveCount(2);

  // The newsletter's CSV download answers a file with its header row.
  await page.getByRole("link", { name: "Newsletter" }).click();
  const csv = await page.request.get(storeUrl("localhost", "/admin/api/inbox/newsletter.csv"));
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\r\n")[0]).toBe(
    '"email","language","confirmed_at","consent_version","consent_text"',
  );
});

for (const width of [1280, 768]) {
  test(`customers, a customer and the inbox have no axe violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdminAs(page);
    await page.goto(storeUrl("localhost", "/admin/customers"));
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    expect(await allViolations(page), "list").toEqual([]);
    await page.getByRole("table", { name: "Customers" }).getByRole("cell").getByRole("link").first().click();
    await expect(page.getByRole("form", { name: "Customer details" })).toBeVisible();
    expect(await allViolations(page), "detail").toEqual([]);
    // A bad phone number: the server's message on the field, nothing saved.
    const details = page.getByRole("form", { name: "Customer details" });
    await details.getByLabel(/^Mobile phone/).fill("99 12ab");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByText("Mobile should consist of numbers", { exact: true })).toBeVisible();
    await expect(details.getByRole("alert")).toHaveText("Please correct the marked fields.");
    await expect(details.getByLabel(/^Mobile phone/)).toHaveAttribute("aria-invalid", "true");
    expect(await allViolations(page), "detail with a field error").toEqual([]);
    // The deactivate confirmation, open.
    await page.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await allViolations(page), "confirm").toEqual([]);
    await page.getByRole("button", { name: "Keep it" }).click();
    for (const tab of ["messages", "newsletter", "notify"]) {
      await page.goto(storeUrl("localhost", `/admin/inbox?tab=${tab}`));
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      expect(await allViolations(page), `inbox ${tab}`).toEqual([]);
    }
  });
}
