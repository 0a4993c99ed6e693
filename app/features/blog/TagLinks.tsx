// A post's tags as links to the list of posts with that tag; `current` marks the one shown.
import { useTranslations } from "use-intl";
import { blogListPath } from "../../../core/blog";
import { LocalLink } from "../../lib/localized";

export function TagLinks({ tags, className = "" }: { tags: readonly string[]; className?: string }) {
  const t = useTranslations("Blog");
  if (tags.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label={t("tags")}>
      {tags.map((tag) => (
        <li key={tag}>
          <LocalLink
            to={blogListPath({ tag })}
            preventScrollReset
            className="inline-block rounded-full bg-brand/10 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-dark hover:bg-brand-dark hover:text-white"
          >
            {tag}
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}
