// The contact and partner pages' action: form data -> services/inquiries (validation, rate
// limit, honeypot, stored + mailed in one transaction) -> the spec's message, with the status
// the failure's code has everywhere.
import { data, type RouterContextProvider } from "react-router";
import type { InquiryKind } from "../../../core/contact";
import { normalizeInquiry } from "../../../core/contact";
import { failureStatus } from "../../../core/failures";
import { isServiceError } from "../../../services/failure";
import { submitInquiry } from "../../../services/inquiries";
import { requestEnv } from "../../context";
import type { InquiryActionData } from "./InquiryForm";

export async function inquiryAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  kind: InquiryKind,
) {
  const env = context.get(requestEnv);
  let raw: Record<string, unknown> = {};
  try {
    raw = Object.fromEntries(await request.formData());
  } catch {
    raw = {};
  }
  try {
    const sent = await submitInquiry(env.store, kind, raw, { ip: env.clientIp });
    return data<InquiryActionData>({ ok: true, message: sent }, { status: 200 });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.cause !== undefined) console.error(`[${env.requestId}] ${kind} inquiry not stored:`, err.cause);
    const body: InquiryActionData = {
      ok: false,
      // What the shopper can correct is a warning; the shop's own trouble an error.
      message: {
        kind: err.code === "invalid" ? "warning" : "error",
        title: err.title ?? "",
        text: err.message,
      },
      values: normalizeInquiry(raw),
    };
    // The same status as the JSON API gives this failure (core/failures.ts).
    return data(body, {
      status: failureStatus(err.code),
      headers:
        err.retryAfterSeconds !== undefined ? { "Retry-After": String(err.retryAfterSeconds) } : undefined,
    });
  }
}
