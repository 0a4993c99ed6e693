// The content part of the root loader data: what SEO meta, JSON-LD, the footer's working hours,
// the consent banner and analytics need on every page. Spread into the root loader's result.
import { CONSENT_COOKIE, type ConsentChoice, currentConsent } from "../../../core/consent";
import type { Lang } from "../../../core/language";
import type { DayHours } from "../../../core/working-hours";
import type { RequestEnv } from "../../context";

export interface SiteSeo {
  name: string;
  /** Canonical origin (store registry `url`), no trailing slash. */
  url: string;
  title: string;
  description: string;
  keywords: string;
  pages: Record<string, { title: string; description: string }>;
  robots: "index, follow" | "noindex, nofollow";
  /** Absolute logo URL for Open Graph and Organization. */
  logo: string;
  telephone: string;
  email: string;
  companyName: string;
  /** Social profiles (Organization sameAs). */
  sameAs: string[];
  /** The store's languages, its default first: hreflang alternates and the switcher. */
  languages: Lang[];
}

export interface ContentRootData {
  site: SiteSeo;
  workingHours: DayHours[];
  analytics: { ga4Id: string | null };
  /** The visitor's answer to the banner as it is now (core/consent.ts), so the banner is not rendered again. */
  consent: ConsentChoice | null;
}

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

export function contentRootData(
  env: Pick<RequestEnv, "store" | "robots" | "lang">,
  request: Request,
): { content: ContentRootData } {
  const { config, settings: s } = env.store;
  const url = config.url.replace(/\/+$/, "");
  const logo = config.theme.logo.startsWith("http") ? config.theme.logo : `${url}${config.theme.logo}`;
  const consent = readCookie(request.headers.get("cookie"), CONSENT_COOKIE);
  // The SEO text in the page's language, field by field the English where the shop wrote none.
  const own = config.seo.translations?.[env.lang];
  const seo = {
    title: own?.title || config.seo.title,
    description: own?.description || config.seo.description,
    keywords: own?.keywords || config.seo.keywords,
  };
  const english = config.seo.pages ?? {};
  const pages = Object.fromEntries(
    [...new Set([...Object.keys(english), ...Object.keys(own?.pages ?? {})])].map((k) => [
      k,
      {
        title: own?.pages?.[k]?.title || english[k]?.title || "",
        description: own?.pages?.[k]?.description || english[k]?.description || "",
      },
    ]),
  );
  return {
    content: {
      site: {
        name: config.name,
        url,
        title: seo.title,
        description: seo.description,
        keywords: seo.keywords ?? "",
        pages,
        robots: env.robots,
        logo,
        telephone: s.telephone,
        email: s.email,
        companyName: s.companyName || config.name,
        languages: config.languages,
        sameAs: [s.facebook, s.twitter, s.instagram, s.youtube, s.tiktok].filter((u) =>
          /^https?:\/\//.test(u),
        ),
      },
      workingHours: config.workingHours,
      analytics: { ga4Id: config.ga4Id?.trim() || null },
      consent: currentConsent(consent),
    },
  };
}
