// The customer's shipment mail (docs/decisions/0055): which parcel left, with which courier, the
// tracking number and the courier's tracking link, in the order's language. Queued in the
// transaction that records the shipment, under the order's keys, so the back office's timeline
// lists it with the order's other mails; one per shipment.
import { escapeHtml } from "../../core/html";
import type { Tx } from "../../db/client";
import type { StoreContext } from "../context";
import { enqueueMail } from "../mail/outbox";
import { brandOf, mailLang, renderLayout, shopperLayout } from "../mail/templates";
import { translatorFor } from "../messages";
import type { MailOrder } from "./mail";
import type { ShipmentRecord } from "./shipment-records";
import { orderPageUrl } from "./withdrawal-mail";

type Brandable = Pick<StoreContext, "config" | "settings">;

const P = (html: string) => `<p style="margin:0 0 12px">${html}</p>`;

/** Queues the shipment's mail; false when the order has no email address or it was queued before. */
export async function queueShipmentMail(
  tx: Tx,
  store: Brandable,
  order: MailOrder,
  shipment: ShipmentRecord,
): Promise<boolean> {
  if (!order.customerEmail.includes("@")) return false;
  const lang = mailLang(store, order.lang);
  const t = translatorFor(lang, "Shipments");
  const brand = brandOf(store);
  const everything = order.status === "shipped";
  const intro = t(everything ? "mailIntroAll" : "mailIntroPart", {
    name: order.customerName,
    code: order.code,
  });
  const rows: [string, string][] = [
    [t("mailShipment"), `${shipment.seq}`],
    [t("mailCarrier"), shipment.carrier],
    ...(shipment.trackingNumber ? [[t("mailTracking"), shipment.trackingNumber] as [string, string]] : []),
  ];
  const detail = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:3px 16px 3px 0;color:#64748b">${escapeHtml(k)}</td><td style="padding:3px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  const goods = shipment.lines.map((l) => `${l.qty} × ${l.description}`);
  const orderUrl = await orderPageUrl(store, order, lang);
  const noLink = shipment.trackingNumber && !shipment.trackingUrl ? t("mailNoLink") : null;
  const orderLine = t("mailOrderLink", { url: orderUrl });
  const html = [
    P(escapeHtml(intro)),
    detail,
    noLink ? P(escapeHtml(noLink)) : "",
    `<p style="margin:0 0 8px"><strong>${escapeHtml(t("mailGoods"))}</strong></p>`,
    `<ul style="margin:0 0 16px;padding-left:20px">${goods.map((g) => `<li>${escapeHtml(g)}</li>`).join("")}</ul>`,
    shipment.trackingUrl
      ? P(
          escapeHtml(t("mailOrderLink", { url: "\u0000" })).replace(
            "\u0000",
            `<a href="${escapeHtml(orderUrl)}">${escapeHtml(orderUrl)}</a>`,
          ),
        )
      : "",
  ].join("");
  const text = [
    intro,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(shipment.trackingUrl ? [`${t("mailTrackButton")}: ${shipment.trackingUrl}`] : []),
    ...(noLink ? [noLink] : []),
    "",
    `${t("mailGoods")}:`,
    ...goods.map((g) => `- ${g}`),
    "",
    ...(shipment.trackingUrl ? [orderLine] : []),
  ].join("\n");
  const rendered = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("mailTitle", { code: order.code }),
    bodyHtml: html,
    bodyText: text,
    // The parcel's own tracking page when the courier has one; the order page otherwise.
    button: shipment.trackingUrl
      ? { label: t("mailTrackButton"), href: shipment.trackingUrl }
      : { label: translatorFor(lang, "Mail")("viewYourOrder"), href: orderUrl },
  });
  return enqueueMail(tx, {
    kind: "order-shipment",
    to: order.customerEmail,
    replyTo: store.settings.email || undefined,
    subject: t("mailSubject", { code: order.code, shop: brand.name }).slice(0, 200),
    html: rendered.html,
    text: rendered.text,
    dedupeKey: `order:${order.code}:shipment:${shipment.id}`,
  });
}
