// When the newsletter modal may open (spec sections 4 and 9): 5 s after it is requested, only on
// the home route, only without the hideNewsletter-{store} cookie and with no newsletter modal open.
// Ticking 'hide' and closing sets that cookie (value true) for 7 days.
import { create } from "zustand";

export const NEWSLETTER_DELAY_MS = 5000;
/** How often a due modal looks again whether the dialog or menu in its way has closed. */
export const NEWSLETTER_RETRY_MS = 500;
/**
 * How long nothing else must have been open before a due modal shows: a shopper who closes one
 * dialog and reaches for the menu is not cut off by the newsletter in between.
 */
export const NEWSLETTER_QUIET_MS = 1000;
export const HIDE_COOKIE_DAYS = 7;

export function hideCookieName(storeId: string): string {
  return `hideNewsletter-${storeId}`;
}

export function hasHideCookie(storeId: string): boolean {
  if (typeof document === "undefined") return false;
  const name = hideCookieName(storeId);
  return document.cookie.split(";").some((c) => c.trim() === `${name}=true`);
}

export function setHideCookie(storeId: string): void {
  const maxAge = HIDE_COOKIE_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party flag cookie is what the spec stores
  document.cookie = `${hideCookieName(storeId)}=true; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export const useNewsletterModal = create<{ open: boolean }>(() => ({ open: false }));

export function closeNewsletter(): void {
  useNewsletterModal.setState({ open: false });
}

/**
 * Opens the modal if every condition still holds (called when the 5 s have passed). `home` is
 * the home route's path in the page's language ("/el" for Greek on an English-default store).
 */
export function openNewsletterIfAllowed(storeId: string, pathname: string, home = "/"): boolean {
  if (pathname !== home || hasHideCookie(storeId) || useNewsletterModal.getState().open) return false;
  useNewsletterModal.setState({ open: true });
  return true;
}
