// The two mails of a confirmed order (the spec's SendContactEmail after SaveOrder): a new-order
// mail to the company and a confirmation to the customer. Both use the shared branded layout and
// are queued in the transaction that confirms the order, under dedupe keys, so exactly one pair
// is ever queued whichever path (placing, redirect, webhook, sweep) confirms it. The customer's
// mail is written in the order's language (orders.lang), the company's in English.

import { eq } from "drizzle-orm";
import type { PaymentMethod } from "../../core/checkout";
import { escapeHtml } from "../../core/html";
import { type Lang, LOCALE_TAGS, SOURCE_LANG } from "../../core/language";
import { translateCoreText } from "../../core/messages/core-text-lookup";
import { formatDecimalIn, formatEuro, formatMoney } from "../../core/money";
import { vatText } from "../../core/settings";
import { STORE_TIME_ZONE } from "../../core/time-zone";
import type { Tx } from "../../db/client";
import { orderLines, orderRefundLines } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { enqueueMail } from "../mail/outbox";
import { brandOf, mailLang, mailTexts, pageUrlIn, renderLayout, shopperLayout } from "../mail/templates";
import { coreTextsFor, translatorFor } from "../messages";
import { orderPath } from "./order-link";
import { withdrawalInformation } from "./withdrawal-mail";

export interface MailOrder {
  code: string;
  /** Null for a guest order: its mail links to the order's signed page. */
  customerId: number | null;
  createdAt: Date;
  status: string;
  /** The language of the page the order was placed on: the customer's mail is written in it. */
  lang: string;
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

const METHOD_KEY = {
  cod: "methodCod",
  card: "methodCard",
  bank: "methodBank",
  wallet: "methodWallet",
} as const satisfies Record<PaymentMethod, string>;

/** The words, money and dates of an order mail in one language. */
function orderWords(lang: Lang) {
  const t = mailTexts(lang);
  const checkout = translatorFor(lang, "Checkout");
  const core = coreTextsFor(lang);
  const date =
    lang === SOURCE_LANG
      ? (d: Date) => d.toISOString().slice(0, 16).replace("T", " ")
      : (d: Date) =>
          new Intl.DateTimeFormat(LOCALE_TAGS[lang].intl, {
            day: "numeric",
            month: "numeric",
            year: "numeric",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
            timeZone: STORE_TIME_ZONE,
          }).format(d);
  return {
    t,
    money: (cents: number) => formatMoney(cents, lang),
    /** Reward points (1 point = €1), with 1 to 2 decimals (spec section 9). */
    points: (cents: number) => formatDecimalIn(cents, lang),
    date,
    method: (method: string) => {
      const key = METHOD_KEY[method as PaymentMethod];
      return key ? checkout(key) : method;
    },
    vat: (excluded: boolean) => translateCoreText(core, vatText(excluded)),
  };
}
type OrderWords = ReturnType<typeof orderWords>;

function totalsRows(order: MailOrder, w: OrderWords): [string, string][] {
  const { t, money } = w;
  const rows: [string, string][] = [[t("orderGoods"), money(order.goodsTotalCents)]];
  rows.push([
    order.shippingDescription
      ? t("orderShippingWith", { method: order.shippingDescription })
      : t("orderShipping"),
    order.shippingCostCents === 0 ? t("orderFree") : money(order.shippingCostCents),
  ]);
  if (order.pointsRedeemedCents > 0)
    rows.push([t("orderPointsRedeemed"), `-${money(order.pointsRedeemedCents)}`]);
  rows.push([t("orderTotal"), money(order.totalCents)]);
  return rows;
}

function orderBody(
  store: Brandable,
  order: MailOrder,
  opts: {
    forCompany: boolean;
    words: OrderWords;
    /** A status mail's own first line and closing lines: no bank details, no points promise. */
    status?: { intro: string; closing: string[] };
  },
): { html: string; text: string } {
  const w = opts.words;
  const { t, money } = w;
  const lineRows = order.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 8px 6px 0;border-bottom:1px solid #e2e8f0">${escapeHtml(l.description)}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${l.qty}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap">${escapeHtml(money(l.unitPriceCents))}</td><td style="padding:6px 0 6px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap">${escapeHtml(money(l.lineTotalCents))}</td></tr>`,
    )
    .join("");
  const totals = totalsRows(order, w)
    .map(
      ([k, v], i, all) =>
        `<tr><td colspan="3" style="padding:4px 8px 4px 0;text-align:right;${i === all.length - 1 ? "font-weight:700;" : "color:#475569;"}">${escapeHtml(k)}</td><td style="padding:4px 0 4px 8px;text-align:right;white-space:nowrap;${i === all.length - 1 ? "font-weight:700;" : ""}">${escapeHtml(v)}</td></tr>`,
    )
    .join("");
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 8px"><tr><th align="left" style="padding:6px 8px 6px 0;border-bottom:2px solid #cbd5e1">${escapeHtml(t("orderProduct"))}</th><th align="right" style="padding:6px 8px;border-bottom:2px solid #cbd5e1">${escapeHtml(t("orderQty"))}</th><th align="right" style="padding:6px 8px;border-bottom:2px solid #cbd5e1">${escapeHtml(t("orderPrice"))}</th><th align="right" style="padding:6px 0 6px 8px;border-bottom:2px solid #cbd5e1">${escapeHtml(t("orderSum"))}</th></tr>${lineRows}${totals}</table><p style="margin:0 0 16px;font-size:12px;color:#64748b">${escapeHtml(w.vat(order.vatExcluded))}</p>`;

  const details: [string, string | null][] = [
    [t("orderCode"), order.code],
    [t("orderDate"), w.date(order.createdAt)],
    [
      t("orderPayment"),
      `${w.method(order.paymentMethod)}${order.paymentReference ? ` (${order.paymentReference})` : ""}`,
    ],
    [t("orderShipping"), order.shippingDescription],
    [t("orderCustomer"), order.customerName],
    [t("orderEmail"), order.customerEmail || null],
    [t("orderPhone"), order.customerPhone],
    [
      t("orderAddress"),
      [order.shipAddress, order.shipCity, order.shipCountry].filter(Boolean).join(", ") || null,
    ],
    [t("orderNotes"), order.notes],
  ];
  const shown = details.filter((d): d is [string, string] => Boolean(d[1]?.trim()));
  const detailHtml = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${shown
    .map(
      ([k, v]) =>
        `<tr><td style="padding:3px 16px 3px 0;color:#64748b;vertical-align:top">${escapeHtml(k)}</td><td style="padding:3px 0">${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("")}</table>`;

  const bank =
    order.paymentMethod === "bank" && store.settings.bankDetails && !opts.status
      ? {
          html: `<p style="margin:0 0 8px"><strong>${escapeHtml(t("orderBankDetails"))}</strong></p><div style="padding:12px 16px;background:#f8fafc;border-left:4px solid #cbd5e1;margin:0 0 16px">${escapeHtml(store.settings.bankDetails).replace(/\r?\n/g, "<br>")}</div>`,
          text: `${t("orderBankDetails")}:\n${store.settings.bankDetails}\n`,
        }
      : { html: "", text: "" };
  const earned = opts.status
    ? opts.status.closing.join("\n")
    : !opts.forCompany && order.pointsEarnedCents > 0
      ? t("orderPointsEarned", {
          points: w.points(order.pointsEarnedCents),
          amount: money(order.pointsEarnedCents),
        })
      : "";
  const intro = opts.forCompany
    ? `A new web order ${order.code} was placed by ${order.customerName}.`
    : (opts.status?.intro ?? t("orderThanks", { name: order.customerName }));

  const closingHtml = earned
    .split("\n")
    .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
    .join("");
  const html = `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>${detailHtml}${table}${opts.forCompany ? "" : bank.html}${earned ? closingHtml : ""}`;
  const textLines = order.lines.map(
    (l) => `${l.qty} x ${l.description} @ ${money(l.unitPriceCents)} = ${money(l.lineTotalCents)}`,
  );
  const text = [
    intro,
    "",
    ...shown.map(([k, v]) => `${k}: ${v}`),
    "",
    ...textLines,
    "",
    ...totalsRows(order, w).map(([k, v]) => `${k}: ${v}`),
    w.vat(order.vatExcluded),
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
    const body = orderBody(store, order, { forCompany: true, words: orderWords(SOURCE_LANG) });
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

/** The button of a customer's order mail: a guest's signed order page, or the account's orders. */
async function orderButton(store: Brandable, order: MailOrder, lang: Lang, t: OrderWords["t"]) {
  const brand = brandOf(store);
  // A guest has no account to look in: the button is the order's own signed page.
  return order.customerId === null
    ? {
        label: t("viewYourOrder"),
        href: `${brand.url}${pageUrlIn(store, lang, await orderPath(store.config.id, order.code))}`,
      }
    : { label: t("viewYourOrders"), href: `${brand.url}${pageUrlIn(store, lang, "/shop/dashboard")}` };
}

/**
 * Tells the customer that the shop completed or cancelled their order, in the order's language,
 * queued in the transaction that changed it (once per order and outcome: a completed order that
 * is later cancelled gets both). Orders without an email address (a phone order) get none.
 */
export async function queueOrderStatusMail(
  tx: Tx,
  store: Brandable,
  order: MailOrder,
  outcome: "completed" | "cancelled",
): Promise<boolean> {
  if (!order.customerEmail.includes("@")) return false;
  const brand = brandOf(store);
  const lang = mailLang(store, order.lang);
  const words = orderWords(lang);
  const { t } = words;
  const points = (cents: number) => ({ points: words.points(cents), amount: words.money(cents) });
  const status =
    outcome === "completed"
      ? {
          intro: t("orderCompletedIntro", { code: order.code, name: order.customerName }),
          closing:
            order.pointsEarnedCents > 0 ? [t("orderCompletedPoints", points(order.pointsEarnedCents))] : [],
        }
      : {
          intro: t("orderCancelledIntro", { code: order.code, name: order.customerName }),
          closing: [
            t("orderCancelledRefund"),
            ...(order.pointsRedeemedCents > 0
              ? [t("orderCancelledPointsBack", points(order.pointsRedeemedCents))]
              : []),
          ],
        };
  const body = orderBody(store, order, { forCompany: false, words, status });
  const titleKey = outcome === "completed" ? "orderCompletedTitle" : "orderCancelledTitle";
  const subjectKey = outcome === "completed" ? "orderCompletedSubject" : "orderCancelledSubject";
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t(titleKey, { code: order.code }),
    bodyHtml: body.html,
    bodyText: body.text,
    button: await orderButton(store, order, lang, t),
  });
  return enqueueMail(tx, {
    kind: `order-${outcome}`,
    to: order.customerEmail,
    replyTo: store.settings.email || undefined,
    subject: t(subjectKey, { code: order.code, shop: brand.name }).slice(0, 200),
    html,
    text,
    dedupeKey: `order:${order.code}:customer:${outcome}`,
  });
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
  const lang = mailLang(store, order.lang);
  const words = orderWords(lang);
  const { t } = words;
  const body = orderBody(store, order, { forCompany: false, words });
  // A consumer's confirmation carries the right of withdrawal and the model form (docs/decisions/0050).
  const withdrawal = await withdrawalInformation(tx, store, order);
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("orderTitle", { code: order.code }),
    bodyHtml: body.html + withdrawal.html,
    bodyText: body.text + withdrawal.text,
    button: await orderButton(store, order, lang, t),
  });
  return enqueueMail(tx, {
    kind: "order-customer",
    to: order.customerEmail,
    replyTo: store.settings.email || undefined,
    subject: t("orderSubject", { code: order.code, shop: brand.name }).slice(0, 200),
    html,
    text,
    dedupeKey,
  });
}

/** A refund as its mail tells it (docs/decisions/0056). */
export interface MailRefund {
  id: number;
  method: string;
  amountCents: number;
  shippingCents: number;
  extraCents: number;
  pointsReturnedCents: number;
  pointsTakenCents: number;
}

const REFUND_HOW = {
  provider: "refundToCard",
  cash: "refundByCash",
  bank_transfer: "refundByBankTransfer",
  other: "refundByOther",
} as const;

/**
 * Tells the customer, in the order's language, what a refund that went through gave back: the
 * lines and quantities, the delivery, any other amount, the points, and how the money comes back.
 * Queued in the transaction that finished the refund, once per refund.
 */
export async function queueRefundMail(
  tx: Tx,
  store: Brandable,
  order: MailOrder,
  refund: MailRefund,
): Promise<boolean> {
  if (!order.customerEmail.includes("@")) return false;
  const lines = await tx
    .select({
      description: orderLines.description,
      qty: orderRefundLines.qty,
      amountCents: orderRefundLines.amountCents,
    })
    .from(orderRefundLines)
    .innerJoin(orderLines, eq(orderLines.id, orderRefundLines.orderLineId))
    .where(eq(orderRefundLines.refundId, refund.id))
    .orderBy(orderRefundLines.id);
  const brand = brandOf(store);
  const lang = mailLang(store, order.lang);
  const w = orderWords(lang);
  const { t, money } = w;
  const rows: [string, string][] = lines.map((l) => [`${l.qty} × ${l.description}`, money(l.amountCents)]);
  if (refund.shippingCents > 0) rows.push([t("refundShipping"), money(refund.shippingCents)]);
  if (refund.pointsReturnedCents > 0)
    rows.push([t("refundPointsUsed"), `-${money(refund.pointsReturnedCents)}`]);
  if (refund.extraCents > 0) rows.push([t("refundExtra"), money(refund.extraCents)]);
  rows.push([t("refundTotal"), money(refund.amountCents)]);
  const points = (cents: number) => ({ points: w.points(cents), amount: money(cents) });
  const closing = [
    t(REFUND_HOW[refund.method as keyof typeof REFUND_HOW] ?? "refundByOther"),
    ...(refund.pointsReturnedCents > 0 ? [t("refundPointsBack", points(refund.pointsReturnedCents))] : []),
    ...(refund.pointsTakenCents > 0 ? [t("refundPointsTaken", points(refund.pointsTakenCents))] : []),
    t("refundQuestions"),
  ];
  const intro = t("refundIntro", {
    name: order.customerName,
    amount: money(refund.amountCents),
    code: order.code,
  });
  const cell = "padding:6px 0;border-bottom:1px solid #e2e8f0";
  const table = `<p style="margin:0 0 8px"><strong>${escapeHtml(t("refundLines"))}</strong></p><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">${rows
    .map(
      ([k, v], i) =>
        `<tr><td style="${cell};padding-right:8px;${i === rows.length - 1 ? "font-weight:700" : ""}">${escapeHtml(k)}</td><td style="${cell};text-align:right;white-space:nowrap;${i === rows.length - 1 ? "font-weight:700" : ""}">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  const html = `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>${table}${closing
    .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
    .join("")}`;
  const text = [
    intro,
    "",
    `${t("refundLines")}:`,
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    ...closing,
  ].join("\n");
  const rendered = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("refundTitle", { code: order.code }),
    bodyHtml: html,
    bodyText: text,
    button: await orderButton(store, order, lang, t),
  });
  return enqueueMail(tx, {
    kind: "order-refunded",
    to: order.customerEmail,
    replyTo: store.settings.email || undefined,
    subject: t("refundSubject", {
      code: order.code,
      shop: brand.name,
      amount: money(refund.amountCents),
    }).slice(0, 200),
    html: rendered.html,
    text: rendered.text,
    dedupeKey: `order:${order.code}:refund:${refund.id}`,
  });
}
