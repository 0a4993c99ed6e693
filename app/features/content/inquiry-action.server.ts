// The contact and partner pages' action: form data -> services/inquiries (validation, rate
// limit, honeypot, stored + mailed in one transaction) -> the spec's message.
import { data, type RouterContextProvider } from "react-router";
import type { InquiryKind } from "../../../core/contact";
import { normalizeInquiry } from "../../../core/contact";
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
  const result = await submitInquiry(env.store, kind, raw, { ip: env.clientIp });
  if (result.error) console.error(`[${env.requestId}] ${kind} inquiry not stored:`, result.error);
  const body: InquiryActionData =
    result.code === "ok"
      ? { ok: true, message: result.message }
      : { ok: false, message: result.message, values: normalizeInquiry(raw) };
  return data(body, {
    status: result.status,
    headers: result.code === "rate_limited" ? { "Retry-After": "900" } : undefined,
  });
}
