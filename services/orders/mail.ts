// The two mails of a confirmed order (the spec's SendContactEmail after SaveOrder): a new-order
// mail to the company and a confirmation to the customer. Both use the shared branded layout and
// are queued in the transaction that confirms the order, under dedupe keys, so exactly one pair
// is ever queued whichever path (placing, redirect, webhook, sweep) confirms it.
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from "../../core/checkout";
import { escapeHtml } from "../../core/html";
import { formatEuro } from "../../core/money";
import { vatText } from "../../core/settings";
import type { Tx } from "../../db/client";
import type { StoreContext } from "../context";
import { enqueueMail } from "../mail/outbox";
import { brandOf, renderLayout } from "../mail/templates";
import { orderPath } from "./order-link";

export interface MailOrder {
  code: string;
  /** Null for a guest order: its mail links to the order's signed page. */
  customerId: number | null;
  createdAt: Date;
  status: string;
  goodsTotalCents: number;
  shippingCostCents: number;
  pointsRedeemedCents: number;
  pointsEarnedCents: number;
  totalCents: number;
  vatExcluded: boolean;
  shippingDescription: string | null;
  notes: string | null;
  paymentMethod: string;
  paymentReference: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  shipAddress: string | null;
  shipCity: string | null;
  shipCountry: string | null;
  lines: { description: string; qty: number; unitPriceCents: number; lineTotalCents: number }[];
}

type Brandable = Pick<StoreContext, "config" | "settings">;

function methodLabel(method: string): string {
  return PAYMENT_METHOD_LABEL[method as PaymentMethod] ?? method;
}

function totalsRows(order: MailOrder): [string, string][] {
  const rows: [string, string][] = [["Goods", formatEuro(order.goodsTotalCents)]];
  rows.push([
    `Shipping${order.shippingDescription ? ` (${order.shippingDescription})` : ""}`,
    order.shippingCostCents === 0 ? "Free" : formatEuro(order.shippingCostCents),
  ]);
  if (order.pointsRedeemedCents > 0)
    rows.push(["Reward points redeemed", `-${formatEuro(order.pointsRedeemedCents)}`]);
  rows.push(["Total", formatEuro(order.totalCents)]);
  return rows;
}

function orderBody(
  store: Brandable,
  order: MailOrder,
  opts: { forCompany: boolean },
): { html: string; text: string } {
  const lineRows = order.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 8px 6px 0;border-bottom:1px solid #e2e8f0">${escapeHtml(l.description)}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${l.qty}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap">${escapeHtml(formatEuro(l.unitPriceCents))}</td><td style="padding:6px 0 6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap">${escapeHtml(formatEuro(l.lineTotalCents))}</td></tr>`,
    )
    .join("");
  const totals = totalsRows(order)
    .map(
      ([k, v], i, all) =>
        `<tr><td colspan="3" style="padding:4px 8px 4px 0;text-align:right;${i === all.length - 1 ? "font-weight:700;" : "color:#475569;"}">${escapeHtml(k)}</td><td style="padding:4px 0 4px 8px;text-align:right;white-space:nowrap;${i === all.length - 1 ? "font-weight:700;" : ""}">${escapeHtml(v)}</td></tr>`,
    )
    .join("");
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 8px"><tr><th align="left" style="padding:6px 8px 6px 0;border-bottom:2px solid #cbd5e1">Product</th><th align="right" style="padding:6px 8px;border-bottom:2px solid #cbd5e1">Qty</th><th align="right" style="padding:6px 8px;border-bottom:2px solid #cbd5e1">Price</th><th align="right" style="padding:6px 0 6px 8px;border-bottom:2px solid #cbd5e1">Sum</th></tr>${lineRows}${totals}</table><p style="margin:0 0 16px;font-size:12px;color:#64748b">${escapeHtml(vatText(order.vatExcluded))}</p>`;

  const details: [string, string | null][] = [
    ["Order code", order.code],
    ["Date", order.createdAt.toISOString().slice(0, 16).replace("T", " ")],
    [
      "Payment",
      `${methodLabel(order.paymentMethod)}${order.paymentReference ? ` (${order.paymentReference})` : ""}`,
    ],
    ["Shipping", order.shippingDescription],
    ["Customer", order.customerName],
    ["Email", order.customerEmail || null],
    ["Phone", order.customerPhone],
    ["Address", [order.shipAddress, order.shipCity, order.shipCountry].filter(Boolean).join(", ") || null],
    ["Notes", order.notes],
  ];
  const shown = details.filter((d): d is [string, string] => Boolean(d[1]?.trim()));
  const detailHtml = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${shown
    .map(
      ([k, v]) =>
        `<tr><td style="padding:3px 16px 3px 0;color:#64748b;vertical-align:top">${escapeHtml(k)}</td><td style="padding:3px 0">${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("")}</table>`;

  const bank =
    order.paymentMethod === "bank" && store.settings.bankDetails
      ? {
          html: `<p style="margin:0 0 8px"><strong>Bank details for your transfer</strong></p><div style="padding:12px 16px;background:#f8fafc;border-left:4px solid #cbd5e1;margin:0 0 16px">${escapeHtml(store.settings.bankDetails).replace(/\r?\n/g, "<br>")}</div>`,
          text: `Bank details for your transfer:\n${store.settings.bankDetails}\n`,
        }
      : { html: "", text: "" };
  const earned =
    !opts.forCompany && order.pointsEarnedCents > 0
      ? `This order earns you ${formatEuro(order.pointsEarnedCents)} in reward points, credited once it is completed.`
      : "";
  const intro = opts.forCompany
    ? `A new web order ${order.code} was placed by ${order.customerName}.`
    : `Thank you for your order, ${order.customerName}. We are preparing it now and will let you know when it is on its way.`;

  const html = `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>${detailHtml}${table}${opts.forCompany ? "" : bank.html}${earned ? `<p style="margin:0 0 16px">${escapeHtml(earned)}</p>` : ""}`;
  const textLines = order.lines.map(
    (l) => `${l.qty} x ${l.description} @ ${formatEuro(l.unitPriceCents)} = ${formatEuro(l.lineTotalCents)}`,
  );
  const text = [
    intro,
    "",
    ...shown.map(([k, v]) => `${k}: ${v}`),
    "",
    ...textLines,
    "",
    ...totalsRows(order).map(([k, v]) => `${k}: ${v}`),
    vatText(order.vatExcluded),
    "",
    opts.forCompany ? "" : bank.text,
    earned,
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return { html, text };
}

/** Queues the company and customer mails of a confirmed order (no-ops when already queued). */
export async function queueOrderMails(tx: Tx, store: Brandable, order: MailOrder): Promise<void> {
  const brand = brandOf(store);
  const companyTo = store.settings.email;
  if (companyTo) {
    const body = orderBody(store, order, { forCompany: true });
    const { html, text } = renderLayout(brand, {
      title: `New order ${order.code}`,
      bodyHtml: body.html,
      bodyText: body.text,
    });
    await enqueueMail(tx, {
      kind: "order-company",
      to: companyTo,
      replyTo: order.customerEmail || undefined,
      subject: `[${brand.name}] New web order ${order.code} (${formatEuro(order.totalCents)})`.slice(0, 200),
      html,
      text,
      dedupeKey: `order:${order.code}:company`,
    });
  }
  if (order.customerEmail.includes("@")) await queueCustomerOrderMail(tx, store, order);
}

/**
 * Queues the customer's confirmation of an order; the back office's resend passes its own dedupe
 * key (`order:<code>:customer:resend:<n>`). Answers false when that key was queued before.
 */
export async function queueCustomerOrderMail(
  tx: Tx,
  store: Brandable,
  order: MailOrder,
  dedupeKey = `order:${order.code}:customer`,
): Promise<boolean> {
  const brand = brandOf(store);
  const body = orderBody(store, order, { forCompany: false });
  // A guest has no account to look in: the button is the order's own signed page.
  const button =
    order.customerId === null
      ? { label: "View your order", href: `${brand.url}${await orderPath(store.config.id, order.code)}` }
      : { label: "View your orders", href: `${brand.url}/shop/dashboard` };
  const { html, text } = renderLayout(brand, {
    title: `Your order ${order.code}`,
    bodyHtml: body.html,
    bodyText: body.text,
    button,
  });
  return enqueueMail(tx, {
    kind: "order-customer",
    to: order.customerEmail,
    replyTo: store.settings.email || undefined,
    subject: `Your order ${order.code} | ${brand.name}`.slice(0, 200),
    html,
    text,
    dedupeKey,
  });
}
