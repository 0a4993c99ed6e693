// The scroll-to-top button: appears once the header is sticky (spec section 2), which the spec
// ties to windows wider than 991 px (Header.tsx useSticky): the same rule, so it never shows at
// 980 px without a sticky header, nor on a phone, where it sat over the end of full-width buttons
// at the foot of the screen (the order button, "Delete my account"; issue 44, decision 0060).
// Above the product page's buy bar while that shows (--buy-bar-height, set by the bar).
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { ArrowUpIcon } from "../../ui/icons";
import { useSticky } from "./Header";

export function ScrollTop() {
  const t = useTranslations("Shell");
  // The site header, as the header's own sticky rule measures it.
  const header = useMemo(
    () => ({
      get current() {
        return typeof document === "undefined"
          ? null
          : document.querySelector<HTMLElement>("[data-testid=site-header]");
      },
    }),
    [],
  );
  const visible = useSticky(header);
  return (
    <button
      type="button"
      aria-label={t("scrollToTop")}
      data-testid="scroll-top"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className={`fixed bottom-[calc(1.25rem+var(--buy-bar-height,0px))] right-5 z-40 flex h-11 w-11 items-center justify-center rounded-full bg-brand text-white shadow-lg transition hover:bg-brand-dark ${visible ? "translate-y-0 opacity-100" : "pointer-events-none translate-y-4 opacity-0"}`}
    >
      <ArrowUpIcon size={20} />
    </button>
  );
}
