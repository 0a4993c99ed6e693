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
import { enqueueMail } from "./mail/outbox";
import { contactMail, partnerMail } from "./mail/templates";
import { hitRateLimit } from "./rate-limit";

/** Per visitor (IP) and form: a person writes a few messages an hour, a spam bot many. */
export const INQUIRY_RATE_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

export interface InquiryResult {
  status: 200 | 400 | 429 | 503;
  /** 'ok' also for a caught bot: it must not learn that it was caught. */
  code: "ok" | "invalid" | "rate_limited" | "unavailable";
  message: FormMessage;
  /** Why it was unavailable, for the caller's log. */
  error?: unknown;
}

export async function submitInquiry(
  store: StoreContext,
  kind: InquiryKind,
  raw: Record<string, unknown>,
  meta: { ip: string },
): Promise<InquiryResult> {
  const trap = raw[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "")
    return { status: 200, code: "ok", message: SUCCESS_MESSAGE };

  const input = normalizeInquiry(raw);
  const invalid = validateInquiry(input);
  if (invalid) return { status: 400, code: "invalid", message: invalid };

  const limit = await hitRateLimit(store.db, `inquiry:${kind}:ip:${meta.ip}`, INQUIRY_RATE_LIMIT);
  if (!limit.allowed) return { status: 429, code: "rate_limited", message: FAILURE_MESSAGE };

  const to = store.settings.email;
  if (!to)
    return {
      status: 503,
      code: "unavailable",
      message: FAILURE_MESSAGE,
      error: new Error("the store has no email setting"),
    };

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
    return { status: 503, code: "unavailable", message: FAILURE_MESSAGE, error };
  }
  return { status: 200, code: "ok", message: SUCCESS_MESSAGE };
}
