// The footer (spec section 2): links to the content pages, cart and wishlist; copyright with
// the year and the client version; the five social icons, each only when its setting is set;
// the payment-methods image.
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { LocalLink } from "../../lib/localized";
import { FacebookIcon, InstagramIcon, PhoneIcon, TikTokIcon, TwitterIcon, YoutubeIcon } from "../../ui/icons";
import { CookieSettingsLink } from "../consent/CookieSettingsLink";
import { WorkingHoursList } from "../content/WorkingHours";
import { TraderFooterLines } from "../trader/TraderIdentity";
import paymentMethods from "./payment-methods.svg?no-inline";
import { useLayout } from "./use-layout";
import { CLIENT_VERSION } from "./version";

const NETWORKS = [
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "twitter", label: "Twitter", Icon: TwitterIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "youtube", label: "Youtube", Icon: YoutubeIcon },
  { key: "tiktok", label: "TikTok", Icon: TikTokIcon },
] as const;

/** The social links of the store, each only when its setting is non-empty. */
export function SocialIcons({
  className = "",
  tone = "dark",
}: {
  className?: string;
  tone?: "dark" | "light";
}) {
  const { layout } = useLayout();
  const links = NETWORKS.filter((n) => layout.social[n.key].trim() !== "");
  if (links.length === 0) return null;
  const ring =
    tone === "dark"
      ? "border-white/25 text-white/80 hover:border-accent hover:bg-accent hover:text-slate-900"
      : "border-slate-300 text-slate-600 hover:border-brand hover:bg-brand hover:text-white";
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} data-testid="social-icons">
      {links.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={layout.social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            title={label}
            data-testid={`social-${key}`}
            className={`flex h-9 w-9 items-center justify-center rounded-full border transition ${ring}`}
          >
            <Icon size={16} />
          </a>
        </li>
      ))}
    </ul>
  );
}

type FooterLabel =
  | "linkAbout"
  | "linkContact"
  | "linkBlog"
  | "linkReturns"
  | "linkTerms"
  | "linkPrivacy"
  | "linkViewCart"
  | "linkWishlist"
  | "linkCompare";

const INFO_LINKS: { to: string; label: FooterLabel }[] = [
  { to: "/pages/about", label: "linkAbout" },
  { to: "/pages/contact", label: "linkContact" },
  { to: "/blog", label: "linkBlog" },
  { to: "/pages/returns", label: "linkReturns" },
  { to: "/pages/terms", label: "linkTerms" },
  { to: "/pages/privacy", label: "linkPrivacy" },
];
const SHOP_LINKS: { to: string; label: FooterLabel }[] = [
  { to: "/shop/cart", label: "linkViewCart" },
  { to: "/shop/wishlist", label: "linkWishlist" },
  { to: "/shop/compare", label: "linkCompare" },
];

function LinkColumn({
  title,
  links,
  children,
}: {
  title: string;
  links: { to: string; label: FooterLabel }[];
  children?: ReactNode;
}) {
  const t = useTranslations("Shell");
  return (
    <nav aria-label={title}>
      <h2 className="mb-4 text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="space-y-2.5 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <LocalLink to={l.to} className="text-white/75 transition hover:text-accent">
              {t(l.label)}
            </LocalLink>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { layout, store } = useLayout();
  const t = useTranslations("Shell");
  const trader = useTranslations("Trader");
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-white/75" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          {store ? (
            <LocalLink
              to="/"
              className="inline-block rounded-lg bg-white px-3 py-2"
              aria-label={t("storeHome", { name: store.name })}
            >
              <img
                src={store.theme.logo}
                alt={store.name}
                width={150}
                height={40}
                loading="lazy"
                className="h-9 w-auto"
              />
            </LocalLink>
          ) : null}
          <p className="mt-4 max-w-sm text-sm leading-relaxed">{t("footerBlurb")}</p>
          {layout.callInfo ? (
            <p className="mt-4 flex items-center gap-2 text-sm">
              <PhoneIcon size={16} className="text-accent" />
              <span>
                {t.rich("gotQuestions", {
                  number: layout.callInfo,
                  phone: (chunks) => <span className="font-semibold text-white">{chunks}</span>,
                })}
              </span>
            </p>
          ) : null}
          <SocialIcons className="mt-5" />
          {/* Opening hours per weekday from the store registry (content feature). */}
          <WorkingHoursList className="mt-6 max-w-xs" title={t("workingHours")} />
        </div>
        <LinkColumn title={t("information")} links={INFO_LINKS}>
          <li>
            <LocalLink to="/pages/guarantee" className="text-white/75 transition hover:text-accent">
              {trader("linkGuarantee")}
            </LocalLink>
          </li>
          <li>
            <CookieSettingsLink className="text-left text-white/75 transition hover:text-accent" />
          </li>
        </LinkColumn>
        <LinkColumn title={t("myAccount")} links={SHOP_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <TraderFooterLines className="mx-auto max-w-7xl px-4 pt-5 text-xs leading-relaxed" />
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-5 text-xs sm:flex-row">
          <p data-testid="copyright">
            {t("copyright", {
              year: String(year),
              company: layout.companyName || store?.name || "",
              version: CLIENT_VERSION,
            })}
          </p>
          <img
            src={paymentMethods}
            alt={t("paymentMethods")}
            width={272}
            height={30}
            loading="lazy"
            data-testid="payment-methods"
          />
        </div>
      </div>
    </footer>
  );
}
