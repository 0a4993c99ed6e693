// With JavaScript, the contact and partner forms post through this wrapper: an answer from the
// server (success or the spec's warnings) passes through; a failure to reach it (network down,
// a server error) becomes 'Ooops something went wrong' / 'Please try again later' instead of
// an error page.
import { FAILURE_MESSAGE } from "../../../core/contact";
import type { InquiryActionData } from "./InquiryForm";

export async function inquiryClientAction(serverAction: () => Promise<unknown>): Promise<InquiryActionData> {
  try {
    const result = (await serverAction()) as InquiryActionData | undefined;
    if (result && typeof result === "object" && "message" in result) return result;
  } catch {
    // fall through to the failure message
  }
  return { ok: false, message: FAILURE_MESSAGE };
}
