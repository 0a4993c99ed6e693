// Mail bodies: one branded HTML layout plus a plain-text twin for every mail the shop sends.
// Everything a shopper typed is escaped; nothing here does I/O, so callers render inside their
// own transaction and hand the result to enqueueMail.
// A shopper's mail is written in the language of the page the order, the account or the request
// was made on (docs/decisions/0035-languages.md): its texts are the catalogue's `Mail` namespace,
// its links go to that language's pages. The mails to the shop and to staff stay in English.
import { escapeHtml } from "../../core/html";
import { type Lang, LOCALE_TAGS, localizedPath, SOURCE_LANG } from "../../core/language";
import { traderLines, traderView } from "../../core/trader";
import type { TraderIdentity } from "../../core/trader-schema";
import type { StoreContext } from "../context";
import { translatorFor } from "../messages";
import type { MailMessage } from "./outbox";

type Brandable = Pick<StoreContext, "config" | "settings">;

/**
 * The language a shopper's mail is written in: `stored` (orders.lang, customers.lang,
 * notify_requests.lang) when the store offers it, else the store's default.
 */
export function mailLang(store: Brandable, stored: string | null | undefined): Lang {
  const offered = store.config.languages;
  return offered.find((l) => l === stored) ?? offered[0] ?? SOURCE_LANG;
}

/** `url`, a page of the store (absolute or a path), as the page in `lang`: /el/... where Greek is not the default. */
export function pageUrlIn(store: Brandable, lang: Lang, url: string): string {
  const m = /^(https?:\/\/[^/?#]+)?(.*)$/i.exec(url);
  const origin = m?.[1] ?? "";
  const rest = m?.[2] || "/";
  return `${origin}${localizedPath(store.config.languages, lang, rest.startsWith("/") ? rest : `/${rest}`)}`;
}

/** The layout's language and home link of a shopper's mail in `lang`. */
export function shopperLayout(store: Brandable, lang: Lang): Pick<LayoutInput, "lang" | "homeUrl"> {
  const origin = store.config.url.replace(/\/+$/, "");
  const home = localizedPath(store.config.languages, lang, "/");
  return { lang, homeUrl: home === "/" ? origin : `${origin}${home}` };
}

/** The Mail texts of `lang`. */
export function mailTexts(lang: Lang) {
  return translatorFor(lang, "Mail");
}

/** Renders `<b>` of a message as bold in HTML, and as the bare words in plain text. */
const boldHtml = (chunks: unknown[]) => `<strong>${chunks.join("")}</strong>`;
const boldText = (chunks: unknown[]) => chunks.join("");

export interface MailBrand {
  name: string;
  url: string;
  primary: string;
  accent: string;
  /** Absolute URL of a raster logo; SVG logos are left out because most mail clients drop them. */
  logoUrl: string | null;
  telephone: string;
  email: string;
  /** The trader's identity, in every mail's footer (docs/decisions/0049); null while none is saved. */
  trader: TraderIdentity | null;
}

export function brandOf(store: Brandable): MailBrand {
  const { config, settings } = store;
  const origin = config.url.replace(/\/+$/, "");
  const logo = config.theme.logo ?? "";
  const raster = /\.(png|jpe?g|gif|webp)(\?|$)/i.test(logo);
  return {
    name: settings.companyName || config.name,
    url: origin,
    primary: safeColour(config.theme.primary, "#0f766e"),
    accent: safeColour(config.theme.accent, "#f59e0b"),
    logoUrl: raster ? absoluteUrl(origin, logo) : null,
    telephone: settings.telephone,
    email: settings.email,
    trader: settings.trader,
  };
}

function safeColour(value: string | undefined, fallback: string): string {
  return value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback;
}

function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Escaped text with line breaks kept. */
function paragraphs(text: string): string {
  return escapeHtml(text.trim()).replace(/\r?\n/g, "<br>");
}

export interface LayoutInput {
  title: string;
  /** Trusted HTML (built by the helpers below from escaped parts). */
  bodyHtml: string;
  bodyText: string;
  /** An optional call to action. */
  button?: { label: string; href: string };
  /** The mail's language (`<html lang>`); English when not given. */
  lang?: Lang;
  /** Where the store's name and address link to: the home page in the mail's language; the store's address when not given. */
  homeUrl?: string;
}

/**
 * The trader's identity as a mail's footer shows it, in the mail's language, with the lines of
 * core/trader.ts traderLines (the storefront's footer uses the same); none while none is saved.
 */
function traderFooter(brand: MailBrand, lang: Lang): { html: string; text: string } {
  if (!brand.trader) return { html: "", text: "" };
  const t = translatorFor(lang, "Trader");
  const l = traderLines(traderView(brand.trader, LOCALE_TAGS[lang].intl), t);
  const lines = [[l.name, ...l.address].join(", "), [...l.contact, ...l.registration].join(" · ")];
  return {
    html: `<br>${lines.map(escapeHtml).join("<br>")}`,
    text: lines.join("\n"),
  };
}

/** The shared layout: store name in the store's colour, the body, an optional button, a footer. */
export function renderLayout(brand: MailBrand, input: LayoutInput): { html: string; text: string } {
  const header = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="48" style="height:48px;border:0">`
    : `<span style="font-size:22px;font-weight:700;color:#ffffff">${escapeHtml(brand.name)}</span>`;
  const button = input.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.button.href)}" style="display:inline-block;background:${brand.accent};color:#111827;text-decoration:none;font-weight:700;padding:12px 24px;border-radius:6px">${escapeHtml(input.button.label)}</a></p>`
    : "";
  const contact = [brand.telephone, brand.email].filter(Boolean).map(escapeHtml).join(" &middot; ");
  const home = input.homeUrl ?? brand.url;
  const trader = traderFooter(brand, input.lang ?? SOURCE_LANG);
  const html = `<!doctype html>
<html lang="${input.lang ?? SOURCE_LANG}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${brand.primary};padding:20px 24px"><a href="${escapeHtml(home)}" style="text-decoration:none">${header}</a></td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">
<h1 style="font-size:20px;margin:0 0 16px;color:${brand.primary}">${escapeHtml(input.title)}</h1>
${input.bodyHtml}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${escapeHtml(brand.name)}${contact ? ` &middot; ${contact}` : ""}<br><a href="${escapeHtml(home)}" style="color:#64748b">${escapeHtml(home)}</a>${trader.html}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    brand.name,
    "",
    input.title,
    "",
    input.bodyText.trim(),
    input.button ? `\n${input.button.label}: ${input.button.href}` : "",
    "",
    "--",
    [brand.name, brand.telephone, brand.email].filter(Boolean).join(" | "),
    home,
    ...(trader.text ? [trader.text] : []),
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return { html, text };
}

function fieldTable(rows: [string, string | null | undefined][]): { html: string; text: string } {
  const present = rows.filter(([, v]) => v && v.trim() !== "") as [string, string][];
  const html = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${present
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#64748b;vertical-align:top">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
  const text = present.map(([k, v]) => `${k}: ${v}`).join("\n");
  return { html, text };
}

export interface InquiryMailInput {
  name: string;
  email: string;
  phone?: string | null;
  subject?: string | null;
  message: string;
}

/** The contact form's message, to the shop; replying answers the shopper. */
export function contactMail(store: Brandable, to: string, input: InquiryMailInput): MailMessage {
  return inquiryMail(store, to, input, "contact", "New message from the contact form");
}

/** A 'Become a Partner' application, to the shop. */
export function partnerMail(store: Brandable, to: string, input: InquiryMailInput): MailMessage {
  return inquiryMail(store, to, input, "partner", "New partner application");
}

function inquiryMail(
  store: Brandable,
  to: string,
  input: InquiryMailInput,
  kind: "contact" | "partner",
  title: string,
): MailMessage {
  const brand = brandOf(store);
  const fields = fieldTable([
    ["Name", input.name],
    ["Email", input.email],
    ["Phone", input.phone],
    ["Subject", input.subject],
  ]);
  const body = layoutBody(fields, input.message);
  const { html, text } = renderLayout(brand, { title, ...body });
  const subjectLine = input.subject?.trim()
    ? `${title}: ${input.subject.trim()}`
    : `${title} (${input.name})`;
  return {
    kind,
    to,
    replyTo: input.email,
    subject: `[${brand.name}] ${subjectLine}`.slice(0, 200),
    html,
    text,
  };
}

function layoutBody(fields: { html: string; text: string }, message: string) {
  return {
    bodyHtml: `${fields.html}<div style="padding:12px 16px;background:#f8fafc;border-left:4px solid #cbd5e1">${paragraphs(message)}</div>`,
    bodyText: `${fields.text}\n\n${message.trim()}`,
  };
}

export interface BackInStockMailInput {
  productName: string;
  /** The product's page (the mail links to it in the mail's language). */
  productUrl: string;
  /** The request's language (notify_requests.lang). */
  lang: string;
}

/** 'Notify me when product is available': the product is back. */
export function backInStockMail(store: Brandable, to: string, input: BackInStockMailInput): MailMessage {
  const brand = brandOf(store);
  const lang = mailLang(store, input.lang);
  const t = mailTexts(lang);
  const product = input.productName;
  const hurry = t("backInStockHurry");
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("backInStockTitle", { product }),
    bodyHtml: `<p>${t("backInStockNews", { product: escapeHtml(product), shop: escapeHtml(brand.name), b: boldHtml })}</p><p>${escapeHtml(hurry)}</p>`,
    bodyText: `${t("backInStockNews", { product, shop: brand.name, b: boldText })}\n\n${hurry}`,
    button: { label: t("backInStockButton"), href: pageUrlIn(store, lang, input.productUrl) },
  });
  return {
    kind: "back-in-stock",
    to,
    subject: t("backInStockSubject", { product, shop: brand.name }).slice(0, 200),
    html,
    text,
  };
}

export interface PasswordResetMailInput {
  name: string;
  /** The reset page's link (the mail links to it in the mail's language). */
  resetUrl: string;
  /** How long the link stays valid. */
  validMinutes: number;
  /** The customer's language (customers.lang). */
  lang: string;
}

/** The forgot-password mail, for the accounts feature to reuse. */
export function passwordResetMail(store: Brandable, to: string, input: PasswordResetMailInput): MailMessage {
  const brand = brandOf(store);
  const lang = mailLang(store, input.lang);
  const t = mailTexts(lang);
  const hours = input.validMinutes >= 60 && input.validMinutes % 60 === 0;
  const validity = hours
    ? t("resetHours", { hours: input.validMinutes / 60 })
    : t("resetMinutes", { minutes: input.validMinutes });
  const hello = t("hello", { name: input.name });
  const ignore = t("resetIgnore");
  const requested = (shop: string) => t("resetRequested", { shop, validity });
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("resetTitle"),
    bodyHtml: `<p>${t("hello", { name: escapeHtml(input.name) })}</p><p>${requested(escapeHtml(brand.name))}</p><p>${escapeHtml(ignore)}</p>`,
    bodyText: `${hello}\n\n${requested(brand.name)}\n\n${ignore}`,
    button: { label: t("resetButton"), href: pageUrlIn(store, lang, input.resetUrl) },
  });
  return { kind: "password-reset", to, subject: t("resetSubject", { shop: brand.name }), html, text };
}

/**
 * Links a Google or Facebook sign-in to the account once its owner opens the mailed link (a
 * server route, not a page: the link is the same in every language).
 */
export function socialLinkMail(
  store: Brandable,
  to: string,
  input: { name: string; provider: string; linkUrl: string; validMinutes: number; lang: string },
): MailMessage {
  const brand = brandOf(store);
  const lang = mailLang(store, input.lang);
  const t = mailTexts(lang);
  const { provider } = input;
  const line = t("socialAsked", { shop: brand.name, provider, minutes: input.validMinutes });
  const ignore = t("socialIgnore");
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("socialTitle", { provider }),
    bodyHtml: `<p>${t("hello", { name: escapeHtml(input.name) })}</p><p>${escapeHtml(line)}</p><p>${escapeHtml(ignore)}</p>`,
    bodyText: `${t("hello", { name: input.name })}\n\n${line}\n\n${ignore}`,
    button: { label: t("socialButton", { provider }), href: input.linkUrl },
  });
  return { kind: "social-link", to, subject: t("socialSubject", { provider, shop: brand.name }), html, text };
}

export interface CustomerInvitationMailInput {
  name: string;
  /** The one-use link to the password page. */
  setPasswordUrl: string;
  /** How long the link stays valid. */
  validDays: number;
  /** The customer's language (customers.lang); English when not given, as the ERP makes customers. */
  lang?: string;
}

/** A customer the shop's ERP added: choose a password to sign in (one mail per customer). */
export function customerInvitationMail(
  store: Brandable,
  to: string,
  input: CustomerInvitationMailInput & { customerId: number },
): MailMessage {
  const brand = brandOf(store);
  const lang = mailLang(store, input.lang ?? SOURCE_LANG);
  const t = mailTexts(lang);
  const opened = (shop: string) => t("invitationOpened", { shop, days: input.validDays });
  const ignore = t("invitationIgnore");
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("invitationTitle", { shop: brand.name }),
    bodyHtml: `<p>${t("hello", { name: escapeHtml(input.name) })}</p><p>${opened(escapeHtml(brand.name))}</p><p>${escapeHtml(ignore)}</p>`,
    bodyText: `${t("hello", { name: input.name })}\n\n${opened(brand.name)}\n\n${ignore}`,
    button: { label: t("invitationButton"), href: pageUrlIn(store, lang, input.setPasswordUrl) },
  });
  return {
    kind: "customer-invitation",
    to,
    subject: t("invitationSubject", { shop: brand.name }).slice(0, 200),
    html,
    text,
    dedupeKey: `customer-invitation:${input.customerId}`,
  };
}

/**
 * Asks the owner of a new account's address to confirm it (docs/decisions/0041). The link is a
 * server route that works in every language; the mail is in the language of the page the
 * account was made or changed on.
 */
export function emailProofMail(
  store: Brandable,
  to: string,
  input: { name: string; proofUrl: string; validDays: number; lang: string },
): MailMessage {
  const brand = brandOf(store);
  const lang = mailLang(store, input.lang);
  const t = mailTexts(lang);
  const asked = (shop: string) => t("emailProofAsked", { shop, days: input.validDays });
  const ignore = t("emailProofIgnore");
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("emailProofTitle"),
    bodyHtml: `<p>${t("hello", { name: escapeHtml(input.name) })}</p><p>${asked(escapeHtml(brand.name))}</p><p>${escapeHtml(ignore)}</p>`,
    bodyText: `${t("hello", { name: input.name })}\n\n${asked(brand.name)}\n\n${ignore}`,
    button: { label: t("emailProofButton"), href: input.proofUrl },
  });
  return { kind: "email-proof", to, subject: t("emailProofSubject", { shop: brand.name }), html, text };
}

/**
 * The header fields of every newsletter-related mail (docs/decisions/0052): RFC 2369's
 * List-Unsubscribe with one HTTPS URI, and RFC 8058's List-Unsubscribe-Post, which tells the mail
 * provider that a POST to that URI unsubscribes in one click.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The double opt-in mail: nothing is sent to the address until its reader confirms. It says what
 * they agree to (the stored consent text), and carries the unsubscribe link in its body and headers.
 */
export function newsletterConfirmMail(
  store: Brandable,
  to: string,
  input: { confirmUrl: string; unsubscribeUrl: string; validDays: number; consentText: string; lang: string },
): MailMessage {
  const brand = brandOf(store);
  const lang = mailLang(store, input.lang);
  const t = translatorFor(lang, "Subscription");
  const asked = (shop: string) => t("mailAsked", { shop, days: input.validDays });
  const ignore = t("mailIgnore");
  const unsubscribeText = t("mailUnsubscribe", { url: input.unsubscribeUrl });
  const unsubscribeHtml = escapeHtml(t("mailUnsubscribe", { url: "\u0000" })).replace(
    "\u0000",
    `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#64748b">${escapeHtml(input.unsubscribeUrl)}</a>`,
  );
  const { html, text } = renderLayout(brand, {
    ...shopperLayout(store, lang),
    title: t("mailTitle"),
    bodyHtml: `<p>${asked(escapeHtml(brand.name))}</p><p style="padding:12px 16px;background:#f8fafc;border-left:4px solid #cbd5e1">${escapeHtml(t("mailConsent", { text: input.consentText }))}</p><p>${escapeHtml(ignore)}</p><p style="font-size:12px;color:#64748b">${unsubscribeHtml}</p>`,
    bodyText: `${asked(brand.name)}\n\n${t("mailConsent", { text: input.consentText })}\n\n${ignore}\n\n${unsubscribeText}`,
    button: { label: t("mailButton"), href: input.confirmUrl },
  });
  return {
    kind: "newsletter-confirm",
    to,
    subject: t("mailSubject", { shop: brand.name }).slice(0, 200),
    html,
    text,
    headers: listUnsubscribeHeaders(input.unsubscribeUrl),
  };
}
