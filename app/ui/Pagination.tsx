// Page links under a paged list (the product listings, the blog): Prev, the first and last page,
// the pages beside the current one, Next. Plain links, so paging works without JavaScript; the
// scroll position is kept (spec section 2: these pages bring the content into view themselves).
import { useTranslations } from "use-intl";
import { LocalLink } from "../lib/localized";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

export function Pagination({
  current,
  pages,
  href,
}: {
  current: number;
  pages: number;
  /** The URL of page p (1-based). */
  href: (p: number) => string;
}) {
  const t = useTranslations("Common");
  if (pages <= 1) return null;
  const numbers: (number | "…")[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 1) numbers.push(p);
    else if (numbers[numbers.length - 1] !== "…") numbers.push("…");
  }
  const box = "flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition";
  return (
    <nav
      aria-label={t("pages")}
      className="mt-10 flex items-center justify-center gap-1.5"
      data-testid="pagination"
    >
      {current > 1 ? (
        <LocalLink
          to={href(current - 1)}
          preventScrollReset
          className={`${box} text-slate-600 hover:bg-slate-100`}
          rel="prev"
        >
          <ChevronLeftIcon size={16} /> {t("prev")}
        </LocalLink>
      ) : null}
      {numbers.map((n, i) =>
        n === "…" ? (
          <span key={`gap-after-${numbers[i - 1]}`} className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <LocalLink
            key={n}
            to={href(n)}
            preventScrollReset
            aria-current={n === current ? "page" : undefined}
            className={`${box} ${n === current ? "bg-brand text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {n}
          </LocalLink>
        ),
      )}
      {current < pages ? (
        <LocalLink
          to={href(current + 1)}
          preventScrollReset
          className={`${box} text-slate-600 hover:bg-slate-100`}
          rel="next"
        >
          {t("next")} <ChevronRightIcon size={16} />
        </LocalLink>
      ) : null}
    </nav>
  );
}
