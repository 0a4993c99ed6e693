// Mail bodies: one branded HTML layout plus a plain-text twin for every mail the shop sends.
// Everything a shopper typed is escaped; nothing here does I/O, so callers render inside their
// own transaction and hand the result to enqueueMail.
import { escapeHtml } from "../../core/html";
import type { StoreContext } from "../context";
import type { MailMessage } from "./outbox";

export interface MailBrand {
  name: string;
  url: string;
  primary: string;
  accent: string;
  /** Absolute URL of a raster logo; SVG logos are left out because most mail clients drop them. */
  logoUrl: string | null;
  telephone: string;
  email: string;
}

export function brandOf(store: Pick<StoreContext, "config" | "settings">): MailBrand {
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
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${brand.primary};padding:20px 24px"><a href="${escapeHtml(brand.url)}" style="text-decoration:none">${header}</a></td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">
<h1 style="font-size:20px;margin:0 0 16px;color:${brand.primary}">${escapeHtml(input.title)}</h1>
${input.bodyHtml}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${escapeHtml(brand.name)}${contact ? ` &middot; ${contact}` : ""}<br><a href="${escapeHtml(brand.url)}" style="color:#64748b">${escapeHtml(brand.url)}</a></td></tr>
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
    brand.url,
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
export function contactMail(
  store: Pick<StoreContext, "config" | "settings">,
  to: string,
  input: InquiryMailInput,
): MailMessage {
  return inquiryMail(store, to, input, "contact", "New message from the contact form");
}

/** A 'Become a Partner' application, to the shop. */
export function partnerMail(
  store: Pick<StoreContext, "config" | "settings">,
  to: string,
  input: InquiryMailInput,
): MailMessage {
  return inquiryMail(store, to, input, "partner", "New partner application");
}

function inquiryMail(
  store: Pick<StoreContext, "config" | "settings">,
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
  productUrl: string;
}

/** 'Notify me when product is available': the product is back. */
export function backInStockMail(
  store: Pick<StoreContext, "config" | "settings">,
  to: string,
  input: BackInStockMailInput,
): MailMessage {
  const brand = brandOf(store);
  const { html, text } = renderLayout(brand, {
    title: `${input.productName} is available again`,
    bodyHtml: `<p>Good news: <strong>${escapeHtml(input.productName)}</strong>, which you asked us to tell you about, is back in stock at ${escapeHtml(brand.name)}.</p><p>Stock can run out quickly, so do not wait too long.</p>`,
    bodyText: `Good news: ${input.productName}, which you asked us to tell you about, is back in stock at ${brand.name}.\n\nStock can run out quickly, so do not wait too long.`,
    button: { label: "View the product", href: input.productUrl },
  });
  return {
    kind: "back-in-stock",
    to,
    subject: `${input.productName} is available again | ${brand.name}`.slice(0, 200),
    html,
    text,
  };
}

export interface PasswordResetMailInput {
  name: string;
  resetUrl: string;
  /** How long the link stays valid. */
  validMinutes: number;
}

/** The forgot-password mail, for the accounts feature to reuse. */
export function passwordResetMail(
  store: Pick<StoreContext, "config" | "settings">,
  to: string,
  input: PasswordResetMailInput,
): MailMessage {
  const brand = brandOf(store);
  const hours = input.validMinutes >= 60 && input.validMinutes % 60 === 0;
  const validity = hours
    ? `${input.validMinutes / 60} hour${input.validMinutes === 60 ? "" : "s"}`
    : `${input.validMinutes} minutes`;
  const { html, text } = renderLayout(brand, {
    title: "Password Reset",
    bodyHtml: `<p>Hello ${escapeHtml(input.name)},</p><p>We received a request to reset the password of your ${escapeHtml(brand.name)} account. The link below is valid for ${validity}.</p><p>If you did not ask for this, you can ignore this mail; your password stays as it is.</p>`,
    bodyText: `Hello ${input.name},\n\nWe received a request to reset the password of your ${brand.name} account. The link below is valid for ${validity}.\n\nIf you did not ask for this, you can ignore this mail; your password stays as it is.`,
    button: { label: "Reset your password", href: input.resetUrl },
  });
  return { kind: "password-reset", to, subject: `Password reset | ${brand.name}`, html, text };
}

/** Links a Google or Facebook sign-in to the account once its owner opens the mailed link. */
export function socialLinkMail(
  store: Pick<StoreContext, "config" | "settings">,
  to: string,
  input: { name: string; provider: string; linkUrl: string; validMinutes: number },
): MailMessage {
  const brand = brandOf(store);
  const line = `Someone asked to sign in to your ${brand.name} account with ${input.provider}. Open the link below within ${input.validMinutes} minutes to link your ${input.provider} account and sign in; it works once.`;
  const ignore =
    "If this was not you, ignore this mail: nothing is linked, and your password stays as it is.";
  const { html, text } = renderLayout(brand, {
    title: `Sign in with ${input.provider}`,
    bodyHtml: `<p>Hello ${escapeHtml(input.name)},</p><p>${escapeHtml(line)}</p><p>${escapeHtml(ignore)}</p>`,
    bodyText: `Hello ${input.name},\n\n${line}\n\n${ignore}`,
    button: { label: `Link ${input.provider} and sign in`, href: input.linkUrl },
  });
  return { kind: "social-link", to, subject: `Sign in with ${input.provider} | ${brand.name}`, html, text };
}

export interface CustomerInvitationMailInput {
  name: string;
  /** The one-use link to the password page. */
  setPasswordUrl: string;
  /** How long the link stays valid. */
  validDays: number;
}

/** A customer the shop's ERP added: choose a password to sign in (one mail per customer). */
export function customerInvitationMail(
  store: Pick<StoreContext, "config" | "settings">,
  to: string,
  input: CustomerInvitationMailInput & { customerId: number },
): MailMessage {
  const brand = brandOf(store);
  const days = `${input.validDays} day${input.validDays === 1 ? "" : "s"}`;
  const { html, text } = renderLayout(brand, {
    title: `Your ${brand.name} account`,
    bodyHtml: `<p>Hello ${escapeHtml(input.name)},</p><p>${escapeHtml(brand.name)} has opened an online account for you. Choose a password with the link below to sign in, see your prices and place orders. The link is valid for ${days} and works once.</p><p>If you did not expect this, you can ignore this mail.</p>`,
    bodyText: `Hello ${input.name},\n\n${brand.name} has opened an online account for you. Choose a password with the link below to sign in, see your prices and place orders. The link is valid for ${days} and works once.\n\nIf you did not expect this, you can ignore this mail.`,
    button: { label: "Choose your password", href: input.setPasswordUrl },
  });
  return {
    kind: "customer-invitation",
    to,
    subject: `Your ${brand.name} account: choose a password`.slice(0, 200),
    html,
    text,
    dedupeKey: `customer-invitation:${input.customerId}`,
  };
}
