// The sales report at 1280 px: the owner picks last month, the figures on the screen are the API's
// (the demo history gives last month sales: db/seed/order-history.ts), the month's table downloads
// as CSV with its header and the first day's row, and the screen is axe-clean.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { presetRange } from "../../core/admin/reports";
import { allViolations } from "./axe";
import { collectPageErrors, storeUrl } from "./helpers";
import { openAdminAs } from "./roles";

const euros = (cents: number) =>
  new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }).format(cents / 100);
const decimal = (cents: number) => (cents / 100).toFixed(2);

test("the owner reads last month's sales, against the month before, and downloads them as CSV", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openAdminAs(page, "owner", "/admin/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await page.getByLabel("Period", { exact: true }).selectOption("lastMonth");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/range=lastMonth/);

  const { from, to } = presetRange("lastMonth");
  const api = await page.request.get(storeUrl("localhost", `/admin/api/reports/sales?from=${from}&to=${to}`));
  expect(api.status()).toBe(200);
  const report = (await api.json()) as {
    totals: { orders: number; netCents: number };
    previous: { totals: { netCents: number } };
    periods: { period: string; orders: number; units: number; grossCents: number; netCents: number }[];
  };
  // The demo history sells every month: a report that shows nothing would prove nothing.
  expect(report.totals.orders).toBeGreaterThan(20);
  const compared = page.getByRole("table", { name: /against/ });
  const net = compared.getByRole("row", { name: /^Net sales/ });
  await expect(net.getByRole("cell").nth(0)).toHaveText(euros(report.totals.netCents));
  await expect(net.getByRole("cell").nth(1)).toHaveText(euros(report.previous.totals.netCents));
  await expect(
    compared
      .getByRole("row", { name: /^Orders/ })
      .getByRole("cell")
      .nth(0),
  ).toHaveText(report.totals.orders.toLocaleString("en-IE"));
  await expect(page.getByRole("table", { name: "Sales by day" }).getByRole("row")).toHaveCount(
    report.periods.length + 1,
  );

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sales-period-main-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), "utf8")).split("\r\n");
  expect(lines[0]).toBe(
    '"period_start","orders","units","gross_eur","discounts_eur","shipping_eur","refunds_eur","net_eur","average_order_eur"',
  );
  expect(lines).toHaveLength(report.periods.length + 2);
  const first = report.periods[0] as (typeof report.periods)[number];
  expect(first.period).toBe(from);
  expect(lines[1]).toMatch(
    new RegExp(
      `^"${from}","${first.orders}","${first.units}","${decimal(first.grossCents)}",.*,"${decimal(first.netCents)}","[0-9.]+"$`,
    ),
  );

  expect(await allViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
