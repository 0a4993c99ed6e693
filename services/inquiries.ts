// Contact-form messages and 'Become a Partner' applications: validated, rate-limited, stored in
// `inquiries` and mailed to the shop (settings `email`) through the outbox, in one transaction.
import {
  FAILURE_MESSAGE,
  type FormMessage,
  HONEYPOT_FIELD,
  type InquiryKind,
  normalizeInquiry,
  SUCCESS_MESSAGE,
  validateInquiry,
} from "../core/contact";
import { inquiries } from "../db/store/schema";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";
import { enqueueMail } from "./mail/outbox";
import { contactMail, partnerMail } from "./mail/templates";
import { hitRateLimit } from "./rate-limit";

/** Per visitor (IP) and form: a person writes a few messages an hour, a spam bot many. */
export const INQUIRY_RATE_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

const refused = (
  code: "rate_limited" | "unavailable",
  extra: { retryAfterSeconds?: number; cause?: unknown },
) => new ServiceError(code, FAILURE_MESSAGE.text, { title: FAILURE_MESSAGE.title, ...extra });

/**
 * The spec's success message, also for a caught bot (it must not learn that it was caught); or
 * a ServiceError: invalid (the form's warning), rate_limited, unavailable (the cause is logged).
 */
export async function submitInquiry(
  store: StoreContext,
  kind: InquiryKind,
  raw: Record<string, unknown>,
  meta: { ip: string },
): Promise<FormMessage> {
  const trap = raw[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "") return SUCCESS_MESSAGE;

  const input = normalizeInquiry(raw);
  const invalid = validateInquiry(input);
  if (invalid) throw new ServiceError("invalid", invalid.text, { title: invalid.title });

  const limit = await hitRateLimit(store.db, `inquiry:${kind}:ip:${meta.ip}`, INQUIRY_RATE_LIMIT);
  // The whole window, as this form has always answered, rather than what is left of it.
  if (!limit.allowed)
    throw refused("rate_limited", { retryAfterSeconds: INQUIRY_RATE_LIMIT.windowMs / 1000 });

  const to = store.settings.email;
  if (!to) throw refused("unavailable", { cause: new Error("the store has no email setting") });

  const mailInput = {
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    subject: input.subject || null,
    message: input.message,
  };
  const mail = kind === "partner" ? partnerMail(store, to, mailInput) : contactMail(store, to, mailInput);
  try {
    await store.db.transaction(async (tx) => {
      await tx.insert(inquiries).values({ kind, ...mailInput });
      await enqueueMail(tx, mail);
    });
  } catch (error) {
    throw refused("unavailable", { cause: error });
  }
  return SUCCESS_MESSAGE;
}
