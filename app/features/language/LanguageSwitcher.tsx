// The header's language links (docs/decisions/0035-languages.md): the same page, path and query
// kept, in each other language the store speaks. Plain links: another language is another
// document (its own catalogue, <html lang>, canonical URL), and no cookie remembers the choice.
import { useLocation } from "react-router";
import { useTranslations } from "use-intl";
import { LANGUAGE_NAMES, languageOf, localizedPath } from "../../../core/language";
import { useLanguage } from "../../lib/localized";
import { useSite } from "../../lib/seo";

export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useTranslations("Seo");
  const site = useSite();
  const { lang } = useLanguage();
  const location = useLocation();
  const languages = site?.languages ?? [];
  if (languages.length < 2) return null;
  const { rest } = languageOf(languages, location.pathname);
  return (
    <nav aria-label={t("languageSwitcher")} className={className}>
      <ul className="flex items-center gap-3">
        {languages
          .filter((l) => l !== lang)
          .map((l) => (
            <li key={l}>
              <a
                href={`${localizedPath(languages, l, rest)}${location.search}`}
                hrefLang={l}
                lang={l}
                className="font-semibold underline-offset-2 hover:underline"
                data-testid={`language-${l}`}
              >
                {LANGUAGE_NAMES[l]}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}
