// The withdrawal's two mails to the consumer (docs/decisions/0050), in the order's language:
// - in every order confirmation of a consumer shop, the withdrawal information (Annex I(A) of the
//   Consumer Rights Directive, adapted to goods delivered in one parcel), a link to the terms and
//   the model withdrawal form (Annex I(B)), naming the trader;
// - the acknowledgement of a withdrawal made on the website (art. 11a(3)): its content, date and
//   time, on a durable medium (a mail kept in the outbox and the shopper's mailbox).
import { escapeHtml } from "../../core/html";
import { type Lang, LOCALE_TAGS } from "../../core/language";
import { STORE_TIME_ZONE } from "../../core/time-zone";
import type { Tx } from "../../db/client";
import type { StoreContext } from "../context";
import { enqueueMail } from "../mail/outbox";
import { brandOf, mailLang, pageUrlIn, renderLayout, shopperLayout } from "../mail/templates";
import { translatorFor } from "../messages";
import { orderPath } from "./order-link";
import { traderIdentity, traderLine } from "./trader";
import type { WithdrawalRecord } from "./withdrawal-records";

type Brandable = Pick<StoreContext, "config" | "settings">;

/** A moment as the consumer's record shows it: day, time and zone, in the shop's time zone. */
export function withdrawalTime(at: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[lang].intl, {
    dateStyle: "long",
    timeStyle: "long",
    timeZone: STORE_TIME_ZONE,
  }).format(at);
}

/** Where the consumer withdraws online: a guest's signed order page, or My Account's orders. */
export async function orderPageUrl(
  store: Brandable,
  order: { code: string; customerId: number | null },
  lang: Lang,
): Promise<string> {
  const origin = brandOf(store).url;
  const path = order.customerId === null ? await orderPath(store.config.id, order.code) : "/shop/dashboard";
  return `${origin}${pageUrlIn(store, lang, path)}`;
}

const P = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
const H = (text: string) => `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(text)}</h2>`;

/**
 * The withdrawal information, terms link and model form of an order confirmation, or nothing for a
 * shop that sells only to businesses.
 */
export async function withdrawalInformation(
  tx: Tx,
  store: Brandable,
  order: { code: string; customerId: number | null; lang: string },
): Promise<{ html: string; text: string }> {
  if (!store.settings.consumerSales) return { html: "", text: "" };
  const lang = mailLang(store, order.lang);
  const t = translatorFor(lang, "WithdrawalMail");
  const trader = traderLine(await traderIdentity(tx, store, lang));
  const days = store.settings.withdrawalDays;
  const url = await orderPageUrl(store, order, lang);
  const terms = `${brandOf(store).url}${pageUrlIn(store, lang, "/pages/terms")}`;
  const info = [
    t("infoPeriod", { days }),
    t("infoStart", { days }),
    t("infoHow", { trader }),
    t("infoOnline", { url }),
    t("infoDeadline"),
  ];
  const effects = [
    t("effectsRefund"),
    t("effectsWithhold"),
    t("effectsReturn", { trader }),
    t("effectsCost"),
    t("effectsValue"),
  ];
  const form = [
    t("formTo", { trader }),
    t("formNotice"),
    "",
    t("formOrdered"),
    t("formName"),
    t("formAddress"),
    t("formSignature"),
    t("formDate"),
  ];
  const formHtml = `<div style="margin:8px 0 16px;padding:12px 16px;border:1px dashed #94a3b8" data-model-form>${P(
    t("formNote"),
  )}${form.map((l) => (l ? P(`— ${l}`) : P("____________________________________"))).join("")}${P(t("formDelete"))}</div>`;
  const html = `<div data-withdrawal-information>${H(t("infoTitle"))}${info.map(P).join("")}${H(
    t("effectsTitle"),
  )}${effects.map(P).join("")}${P(t("terms", { url: terms }))}${H(t("formTitle"))}${formHtml}</div>`;
  // Appended to the order's text, which ends without a line break: one blank line between them.
  const text = [
    "",
    "",
    t("infoTitle").toUpperCase(),
    ...info,
    "",
    t("effectsTitle").toUpperCase(),
    ...effects,
    "",
    t("terms", { url: terms }),
    "",
    t("formTitle").toUpperCase(),
    t("formNote"),
    ...form.map((l) => (l ? `- ${l}` : "____________________________________")),
    t("formDelete"),
  ].join("\n");
  return { html, text };
}

/** Queues the acknowledgement of a withdrawal (once per withdrawal). */
export async function queueWithdrawalMail(
  tx: Tx,
  store: Brandable,
  order: { code: string; customerId: number | null; customerName: string; createdAt: Date },
  w: WithdrawalRecord & { email: string },
  pageLang: Lang,
): Promise<boolean> {
  const lang = mailLang(store, pageLang);
  const t = translatorFor(lang, "WithdrawalMail");
  const brand = brandOf(store);
  const at = new Date(w.createdAt);
  const time = withdrawalTime(at, lang);
  const trader = traderLine(await traderIdentity(tx, store, lang));
  const intro = t("ackIntro", {
    name: order.customerName,
    time,
    code: order.code,
    placed: withdrawalTime(order.createdAt, lang),
  });
  const statement = t("ackStatement", { code: order.code });
  const rows: [string, string][] = [
    [t("ackOrder"), order.code],
    [t("ackReceived"), time],
  ];
  const detail = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:3px 16px 3px 0;color:#64748b">${escapeHtml(k)}</td><td style="padding:3px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  const lines = w.lines.map((l) => `${l.qty} × ${l.description}`);
  const html = `${P(intro)}${detail}${P(statement)}<p style="margin:0 0 8px"><strong>${escapeHtml(
    t("ackGoods"),
  )}</strong></p><ul style="margin:0 0 16px;padding-left:20px">${lines
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join("")}</ul>${P(t("ackNext"))}${P(trader)}`;
  const text = [
    intro,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    statement,
    `${t("ackGoods")}:`,
    ...lines.map((l) => `- ${l}`),
    "",
    t("ackNext"),
    trader,
  ].join("\n");
  const rendered = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("ackTitle"),
    bodyHtml: html,
    bodyText: text,
    button: { label: t("ackButton"), href: await orderPageUrl(store, order, lang) },
  });
  return enqueueMail(tx, {
    kind: "order-withdrawal",
    to: w.email,
    replyTo: store.settings.email || undefined,
    subject: t("ackSubject", { code: order.code, shop: brand.name }).slice(0, 200),
    html: rendered.html,
    text: rendered.text,
    // Under the order's keys, so the back office's timeline lists it with the order's mails.
    dedupeKey: `order:${order.code}:withdrawal:${w.id}`,
  });
}
