// The mobile menu (spec section 2): tabs Menu and Categories, a required 'Search in...' box
// submitting to /shop/sidebar/list?searchTerm=, the menu links with their conditions, parent
// categories with expandable sub-categories, social links; the overlay closes it.
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLocalePath } from "../../lib/localized";
import { ChevronDownIcon, CloseIcon, SearchIcon } from "../../ui/icons";
import { openLoginModal } from "../account/login-modal";
import { LanguageSwitcher } from "../language/LanguageSwitcher";
import { SocialIcons } from "./Footer";
import { keepsScroll, mainMenu } from "./menu";
import { closeMobileMenu, useMobileMenu } from "./mobile-menu";
import { subCategoryHref, useLayout } from "./use-layout";

function CategoriesTab() {
  const { layout } = useLayout();
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <ul className="divide-y divide-white/10" data-testid="mobile-categories">
      {layout.menu.map((m) => {
        const open = expanded === m.id;
        return (
          <li key={m.id}>
            <button
              type="button"
              aria-expanded={open}
              onClick={() => setExpanded(open ? null : m.id)}
              className="flex w-full items-center justify-between px-5 py-3.5 text-left text-sm font-medium text-white"
            >
              <span lang={fallbackLang(m, "name")}>{m.name}</span>
              <ChevronDownIcon
                size={16}
                className={`transition-transform duration-300 ${open ? "rotate-180" : ""}`}
              />
            </button>
            {/* Submenus slide in 300 ms (spec section 9). */}
            <div
              className={`grid transition-[grid-template-rows] duration-300 ease-out ${open ? "grid-rows-[1fr]" : "grid-rows-[0fr]"}`}
            >
              <ul className="overflow-hidden bg-black/15" hidden={!open}>
                {m.subcategories.map((c) => (
                  <li key={c.id}>
                    <LocalLink
                      to={subCategoryHref(c)}
                      preventScrollReset
                      className="block px-8 py-2.5 text-sm text-white/80 hover:text-accent"
                      data-testid="mobile-subcategory"
                      lang={fallbackLang(c, "name")}
                    >
                      {c.name}
                    </LocalLink>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function MenuTab() {
  const { signedIn, showSignin, showSignup } = useLayout();
  const entries = mainMenu({ signedIn, showSignin, showSignup }, "mobile");
  const t = useTranslations("Shell");
  const item = "block w-full px-5 py-3.5 text-left text-sm font-medium text-white hover:text-accent";
  return (
    <ul className="divide-y divide-white/10" data-testid="mobile-menu-links">
      {entries.map((e) => (
        <li key={e.testId}>
          {"to" in e ? (
            <LocalLink
              to={e.to}
              preventScrollReset={keepsScroll(e.to)}
              className={item}
              data-testid={`mobile-${e.testId}`}
            >
              {t(e.label)}
            </LocalLink>
          ) : (
            <button
              type="button"
              className={item}
              data-testid={`mobile-${e.testId}`}
              onClick={() => {
                closeMobileMenu();
                // The login modal gives focus back to what had it when it opened: that is the
                // menu button, since this one goes (inert) with the closing menu.
                document.querySelector<HTMLElement>('[data-testid="mobile-menu-toggle"]')?.focus();
                openLoginModal();
              }}
            >
              {t(e.label)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea';

/**
 * Keeps Tab and Shift+Tab inside the open menu (a modal dialog): past the last control focus
 * wraps to the first, and back again. Controls in collapsed sub-menus (hidden) are skipped.
 */
function trapTab(panel: HTMLElement, e: KeyboardEvent) {
  const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0,
  );
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && panel.contains(active);
  if (e.shiftKey && (!inside || active === first || active === panel)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (!inside || active === last)) {
    e.preventDefault();
    first.focus();
  }
}

export default function MobileMenu() {
  const open = useMobileMenu((s) => s.open);
  const [tab, setTab] = useState<"menu" | "categories">("menu");
  const panel = useRef<HTMLDivElement>(null);
  const t = useTranslations("Shell");
  const localePath = useLocalePath();

  useEffect(() => {
    const node = panel.current;
    if (!open || !node) return;
    // Focus goes back to what opened the menu (the menu button) when it closes.
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeMobileMenu();
      else if (e.key === "Tab") trapTab(node, e);
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("mmenu-active");
    node.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("mmenu-active");
      const active = document.activeElement;
      // Only when focus would otherwise be lost: not if the shopper has already moved it on
      // (a dialog the menu opened takes it, and gives it back itself).
      if (active && active !== document.body && !node.contains(active)) return;
      const back =
        opener?.isConnected && opener !== document.body && !node.contains(opener)
          ? opener
          : document.querySelector<HTMLElement>('[data-testid="mobile-menu-toggle"]');
      back?.focus({ preventScroll: true });
    };
  }, [open]);

  const tabClass = (active: boolean) =>
    `flex-1 py-3 text-sm font-semibold uppercase tracking-wide transition ${active ? "border-b-2 border-accent text-white" : "border-b-2 border-transparent text-white/60 hover:text-white"}`;
  return (
    <>
      <div
        aria-hidden="true"
        data-testid="mobile-menu-overlay"
        onClick={closeMobileMenu}
        className={`fixed inset-0 z-50 bg-slate-900/60 transition-opacity duration-300 lg:hidden ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
      />
      {/* The shadow only while open: pushed off screen, it still darkened the page's left edge. */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={t("menu")}
        tabIndex={-1}
        inert={!open}
        data-testid="mobile-menu"
        data-open={open ? "true" : "false"}
        className={`fixed inset-y-0 left-0 z-50 flex w-[300px] max-w-[85vw] flex-col overflow-y-auto bg-slate-900 outline-none transition-transform duration-300 lg:hidden ${open ? "translate-x-0 shadow-2xl" : "-translate-x-full"}`}
      >
        <div className="flex items-center justify-between px-3 pt-3">
          <LanguageSwitcher className="pl-2 text-sm text-white/80 [&_a:hover]:text-white" />
          <button
            type="button"
            aria-label={t("closeMenu")}
            onClick={closeMobileMenu}
            className="ml-auto rounded-full p-2 text-white/70 hover:bg-white/10 hover:text-white"
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <Form
          method="get"
          action={localePath("/shop/sidebar/list")}
          preventScrollReset
          role="search"
          className="mx-5 mb-4 mt-1 flex h-11 overflow-hidden rounded-full bg-white/10 focus-within:ring-2 focus-within:ring-accent"
        >
          <label htmlFor="mobile-search" className="sr-only">
            {t("search")}
          </label>
          <input
            id="mobile-search"
            type="search"
            name="searchTerm"
            required
            placeholder={t("searchIn")}
            className="min-w-0 flex-1 bg-transparent px-4 text-sm text-white placeholder:text-white/60 focus:outline-none"
          />
          <button type="submit" aria-label={t("search")} className="px-4 text-white/80 hover:text-accent">
            <SearchIcon size={18} />
          </button>
        </Form>
        <div className="flex border-b border-white/10" role="tablist" aria-label={t("menuSections")}>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "menu"}
            className={tabClass(tab === "menu")}
            onClick={() => setTab("menu")}
          >
            {t("menu")}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "categories"}
            className={tabClass(tab === "categories")}
            onClick={() => setTab("categories")}
          >
            {t("categories")}
          </button>
        </div>
        <div className="flex-1" role="tabpanel">
          {tab === "menu" ? <MenuTab /> : <CategoriesTab />}
        </div>
        <SocialIcons className="px-5 py-6" />
      </div>
    </>
  );
}
