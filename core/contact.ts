// The contact and 'Become a Partner' forms: fields, limits and the spec's messages (sections 5
// and 8), word for word. Pure: the form (browser) and the action/API (server) share it.

export const CONTACT_TEXT = {
  requiredTitle: "Required Fields Empty",
  requiredText: "Required fields (*) must not be left empty",
  wrongEmailTitle: "Wrong Email Format",
  /** Followed by an example address. */
  wrongEmailText: "Email format be like",
  exampleEmail: "john.smith@example.com",
  successTitle: "Your email has been sent successfully",
  successText: "We will get back to you as soon as possible",
  failureTitle: "Ooops something went wrong",
  failureText: "Please try again later",
} as const;

export const INQUIRY_LIMITS = { name: 100, email: 254, phone: 40, subject: 200, message: 5000 } as const;

/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export type InquiryKind = "contact" | "partner";

export interface InquiryInput {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export interface FormMessage {
  kind: "success" | "warning" | "error";
  title: string;
  text: string;
}

/** An address pattern: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmailFormat(email: string): boolean {
  return email.length <= INQUIRY_LIMITS.email && EMAIL_PATTERN.test(email);
}

/** Trims every field and cuts it to its limit, from any loosely typed source (form data, JSON). */
export function normalizeInquiry(raw: Record<string, unknown>): InquiryInput {
  const field = (k: keyof InquiryInput) => {
    const v = raw[k];
    return typeof v === "string" ? v.trim().slice(0, INQUIRY_LIMITS[k]) : "";
  };
  return {
    name: field("name"),
    email: field("email"),
    phone: field("phone"),
    subject: field("subject"),
    message: field("message"),
  };
}

/** The spec's order: required fields first, then the email format. Null means valid. */
export function validateInquiry(input: InquiryInput): FormMessage | null {
  if (!input.name || !input.email || !input.message) {
    return { kind: "warning", title: CONTACT_TEXT.requiredTitle, text: CONTACT_TEXT.requiredText };
  }
  if (!isEmailFormat(input.email)) {
    return {
      kind: "warning",
      title: CONTACT_TEXT.wrongEmailTitle,
      text: `${CONTACT_TEXT.wrongEmailText} ${CONTACT_TEXT.exampleEmail}`,
    };
  }
  return null;
}

export const SUCCESS_MESSAGE: FormMessage = {
  kind: "success",
  title: CONTACT_TEXT.successTitle,
  text: CONTACT_TEXT.successText,
};

export const FAILURE_MESSAGE: FormMessage = {
  kind: "error",
  title: CONTACT_TEXT.failureTitle,
  text: CONTACT_TEXT.failureText,
};
