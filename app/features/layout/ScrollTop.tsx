// The scroll-to-top button: appears once the page is scrolled past the header, above the product
// page's buy bar on phones while that shows (--buy-bar-height, set by the bar).
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { ArrowUpIcon } from "../../ui/icons";

export function ScrollTop() {
  const [visible, setVisible] = useState(false);
  const t = useTranslations("Shell");
  useEffect(() => {
    const header = document.querySelector<HTMLElement>("[data-testid=site-header]");
    const update = () => setVisible(window.scrollY > (header?.offsetHeight ?? 200));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
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
