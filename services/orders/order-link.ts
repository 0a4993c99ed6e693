// The signed link to a guest order (docs/decisions/0030): `/shop/order/<code>?k=<signature>`, where
// the signature is an HMAC-SHA256 of the store and the order code with the server's session secret
// (SESSION_SECRET, or the one kept in the control database: the key of the CSRF tokens). Order
// codes alone are short and guessable; without the key nobody can make a signature for one.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The server (run by tsx) and the route modules (bundled by Vite) load this file as two module
// copies, and both sign and check links (the API places orders, the order page's loader opens
// them): the key's source lives in the global symbol registry so both copies share it, as
// app/context.ts does for the request env. A process that never configured one (a test calling
// services directly) still signs with a real secret, only one no other process shares.
interface KeyHolder {
  source: (() => Promise<string>) | null;
  fallback: string | null;
}
const KEY = Symbol.for("storefront.orderLinkKey");
const registry = globalThis as unknown as Record<symbol, KeyHolder | undefined>;
registry[KEY] ??= { source: null, fallback: null };
const holder: KeyHolder = registry[KEY];

/** Called by the composition root (server/app.ts) with the session secret's source. */
export function configureOrderLinks(source: () => Promise<string>): void {
  holder.source = source;
}

async function key(): Promise<string> {
  if (holder.source) return holder.source();
  holder.fallback ??= randomBytes(32).toString("base64url");
  return holder.fallback;
}

/** 128 bits of HMAC are plenty for a link and keep it short enough for a mail client. */
const SIG_LENGTH = 22;

/**
 * A 128-bit HMAC of `text` under the server's session secret. `text` starts with what it signs
 * (`guest-order:`, `email-proof:`), so a signature made for one purpose never passes for another.
 */
export async function serverSignature(text: string): Promise<string> {
  return createHmac("sha256", await key())
    .update(text)
    .digest("base64url")
    .slice(0, SIG_LENGTH);
}

/** Whether `sig` is serverSignature(text), compared in constant time. */
export async function verifyServerSignature(text: string, sig: string): Promise<boolean> {
  if (typeof sig !== "string" || sig.length !== SIG_LENGTH) return false;
  const want = Buffer.from(await serverSignature(text));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function orderSignature(storeId: string, code: string): Promise<string> {
  return serverSignature(`guest-order:${storeId}:${code}`);
}

export function verifyOrderSignature(storeId: string, code: string, sig: string): Promise<boolean> {
  return verifyServerSignature(`guest-order:${storeId}:${code}`, sig);
}

export const ORDER_PAGE_PREFIX = "/shop/order/";

/** The path of a guest order's page, signed. */
export async function orderPath(storeId: string, code: string): Promise<string> {
  return `${ORDER_PAGE_PREFIX}${encodeURIComponent(code)}?k=${await orderSignature(storeId, code)}`;
}
