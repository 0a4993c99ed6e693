// Share links for a product (Facebook, Twitter). The address shared is the product's canonical URL
// (the store's registry `url` + the path, built by the same function as the page's
// <link rel="canonical">), so a shared post points at the store's real address, not at a relative
// path or whatever host the page was opened under.
import { useTranslations } from "use-intl";
import { canonicalUrl, useSite } from "../../lib/seo";
import { FacebookIcon, ShareIcon, TwitterIcon } from "../../ui/icons";

const enc = encodeURIComponent;
const NETWORKS = [
  {
    label: "shareOnFacebook",
    build: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
    Icon: FacebookIcon,
  },
  {
    label: "shareOnTwitter",
    build: (url: string, name: string) =>
      `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(name)}`,
    Icon: TwitterIcon,
  },
] as const;

export function ShareLinks({ path, name }: { path: string; name: string }) {
  const t = useTranslations("Product");
  const site = useSite();
  const url = site ? canonicalUrl(site, path) : path;
  return (
    <div className="flex items-center gap-2 text-sm text-slate-500" data-testid="share-links">
      <ShareIcon size={16} />
      <span>{t("share")}</span>
      {NETWORKS.map(({ label, build, Icon }) => (
        <a
          key={label}
          href={build(url, name)}
          data-share-url={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t(label)}
          title={t(label)}
          className="flex h-8 w-8 items-center justify-center rounded-full border border-slate-200 text-slate-600 transition hover:border-brand hover:bg-brand hover:text-white"
        >
          <Icon size={14} />
        </a>
      ))}
    </div>
  );
}
