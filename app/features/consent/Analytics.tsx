// Page views to the store's GA4 property (registry `ga4_id`): nothing is loaded when the store
// has none, or before the visitor accepts cookies. The layout emits a page view with the path on
// every finished navigation (app/lib/analytics.ts, spec section 2); this provider sends them.
import { useEffect } from "react";
import { onPageView } from "../../lib/analytics";
import { useRootData } from "../../root-data";
import { useConsent } from "./consent";

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GTAG_SRC = "https://www.googletagmanager.com/gtag/js";

function loadGtag(id: string, nonce: string): Gtag {
  if (window.gtag) return window.gtag;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the arguments object itself, as Google's snippet does.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: the GA4 queue expects the arguments object.
    window.dataLayer?.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
  });
  window.gtag("config", id, { send_page_view: false, anonymize_ip: true });
  const s = document.createElement("script");
  s.async = true;
  s.src = `${GTAG_SRC}?id=${encodeURIComponent(id)}`;
  if (nonce) s.nonce = nonce;
  document.head.appendChild(s);
  return window.gtag;
}

/** Stops GA4 on this page (its documented `ga-disable-<id>` flag) and removes its `_ga` cookies. */
function withdraw(id: string): void {
  (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = true;
  window.gtag?.("consent", "update", { analytics_storage: "denied" });
  const host = window.location.hostname;
  const domains = ["", `; domain=${host}`, `; domain=.${host.split(".").slice(-2).join(".")}`];
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (name !== "_ga" && !name.startsWith("_ga_")) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: expiring GA's own first-party cookies.
    for (const d of domains) document.cookie = `${name}=; Max-Age=0; Path=/${d}`;
  }
}

export function sendPageView(path: string): void {
  window.gtag?.("event", "page_view", {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}

export function Analytics() {
  const data = useRootData();
  const ga4Id = data?.content?.analytics.ga4Id ?? null;
  const serverChoice = data?.content?.consent ?? null;
  const choice = useConsent((s) => s.choice);
  const granted = (choice === undefined ? serverChoice : choice) === "granted";

  useEffect(() => {
    if (!ga4Id) return;
    if (!granted) {
      // Withdrawn on this page after gtag loaded: Google's opt-out flag stops it, and its cookies go.
      if (window.gtag) withdraw(ga4Id);
      return;
    }
    (window as unknown as Record<string, unknown>)[`ga-disable-${ga4Id}`] = false;
    loadGtag(ga4Id, data?.nonce ?? "");
    return onPageView(sendPageView);
  }, [ga4Id, granted, data?.nonce]);
  return null;
}
