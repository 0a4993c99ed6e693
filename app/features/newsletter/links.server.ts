// Loaders of the newsletter's link pages: what the link is for, or what its POST did (`?done=`).
import type { RouterContextProvider } from "react-router";
import { isNewsletterOutcome } from "../../../core/newsletter";
import { newsletterLinkTarget } from "../../../services/newsletter";
import { requestEnv } from "../../context";
import type { NewsletterLinkData } from "./NewsletterLinkPage";

export async function newsletterLinkLoader(
  kind: "confirm" | "unsubscribe",
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
): Promise<NewsletterLinkData> {
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  if (isNewsletterOutcome(done)) return { state: done };
  const token = (url.searchParams.get("token") ?? "").slice(0, 200);
  const target = await newsletterLinkTarget(context.get(requestEnv).store, token, kind);
  if (!target) return { state: "expired" };
  // Confirmed or unsubscribed already: say so, no button.
  if (kind === "confirm" && target.status === "confirmed") return { state: "confirmed" };
  if (kind === "unsubscribe" && target.status === "unsubscribed") return { state: "unsubscribed" };
  return { state: "ask", kind, email: target.email, token };
}
