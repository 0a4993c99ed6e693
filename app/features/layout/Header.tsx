// The header (spec section 2): top bar (call number, Sign in / Sign up or My Account), logo,
// live search, reward points, wishlist, cart, category dropdown and the main menu. The
// middle row sticks to the top above 991 px once the page is scrolled past the header.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, LocalNavLink } from "../../lib/localized";
import { BelowFold } from "../../ui/BelowFold";
import { useDismiss } from "../../ui/dismiss";
import { ChevronDownIcon, ChevronRightIcon, MenuIcon, PhoneIcon, SearchIcon } from "../../ui/icons";
import { AccountLinks, PointsBadge } from "../account/HeaderAccount";
import { openLoginModal } from "../account/login-modal";
import { CartDropdown } from "../cart/CartDropdown";
import { CompareBadge } from "../compare/CompareBadge";
import { LanguageSwitcher } from "../language/LanguageSwitcher";
import { HeaderSearch } from "../search/HeaderSearch";
import { WishlistBadge } from "../wishlist/WishlistBadge";
import { keepsScroll, mainMenu } from "./menu";
import { openMobileMenu } from "./mobile-menu";
import { masterCategoryHref, subCategoryHref, useLayout } from "./use-layout";

/** The sticky header applies above this window width (spec section 9). */
export const STICKY_MIN_WIDTH = 991;

/** True once the page is scrolled past `el`'s bottom on a window wider than 991 px. */
export function useSticky(ref: React.RefObject<HTMLElement | null>, minWidth = STICKY_MIN_WIDTH) {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    let threshold = 0;
    const measure = () => {
      const el = ref.current;
      threshold = el ? el.getBoundingClientRect().bottom + window.scrollY : 0;
    };
    const update = () => setSticky(window.innerWidth > minWidth && window.scrollY > threshold);
    const onResize = () => {
      measure();
      update();
    };
    measure();
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", onResize);
    };
  }, [ref, minWidth]);
  return sticky;
}

function TopBar() {
  const { layout } = useLayout();
  const t = useTranslations("Shell");
  return (
    <div className="bg-brand-dark text-[13px] text-white/90">
      {/* One line at any width: below 360 px the word 'Call:' is left to the phone icon (and to
          screen readers), and the type and gaps tighten, so the number and 'Sign in / Sign up'
          (longer in Greek) never break in two nor push the page wider than the screen. */}
      <div className="mx-auto flex h-10 max-w-7xl items-center justify-between gap-2 whitespace-nowrap px-3 max-[359px]:text-[12px] sm:gap-4 sm:px-4">
        {layout.callInfo ? (
          <a
            href={`tel:${layout.callInfo.replace(/[^\d+]/g, "")}`}
            className="inline-flex items-center gap-2 hover:text-white"
            data-testid="call-info"
          >
            <PhoneIcon size={14} />
            <span>
              <span className="max-[359px]:sr-only">{t("call")}</span>
              {layout.callInfo}
            </span>
          </a>
        ) : (
          <span />
        )}
        <div className="flex items-center gap-4">
          <AccountLinks className="text-white/90 [&_a:hover]:text-white [&_button:hover]:text-white" />
          <LanguageSwitcher className="border-l border-white/30 pl-4 text-white/90 max-sm:hidden [&_a:hover]:text-white" />
        </div>
      </div>
    </div>
  );
}

function CategoryDropdown() {
  const { layout } = useLayout();
  const t = useTranslations("Shell");
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Focus inside the closing panel goes back to its button rather than to <body>.
  useDismiss(
    open,
    () => setOpen(false),
    root,
    () => button.current,
  );
  return (
    <div ref={root} className="relative" data-testid="category-dropdown">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="category-dropdown-panel"
        onClick={() => setOpen((o) => !o)}
        className="flex h-12 w-64 items-center justify-between gap-3 whitespace-nowrap bg-accent px-5 text-[13px] font-semibold uppercase tracking-wide text-slate-900 transition hover:brightness-105"
      >
        <span className="flex items-center gap-3">
          <MenuIcon size={18} />
          {t("browseCategories")}
        </span>
        <ChevronDownIcon size={16} className={`transition ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id="category-dropdown-panel"
        hidden={!open}
        className="absolute left-0 top-full z-40 w-64 border border-slate-200 bg-white py-2 text-sm text-slate-700 shadow-xl"
      >
        <ul>
          {layout.menu.map((m) => (
            <li key={m.id} className="group relative">
              <LocalLink
                to={masterCategoryHref(layout.categoriesLink, m)}
                preventScrollReset={keepsScroll(layout.categoriesLink)}
                onClick={() => setOpen(false)}
                className="flex items-center justify-between px-5 py-2.5 hover:bg-slate-50 hover:text-brand"
              >
                <span lang={fallbackLang(m, "name")}>{m.name}</span>
                {m.subcategories.length > 0 ? <ChevronRightIcon size={14} /> : null}
              </LocalLink>
              {m.subcategories.length > 0 ? (
                <ul className="invisible absolute left-full top-0 z-40 -ml-px min-h-full w-60 border border-slate-200 bg-white py-2 opacity-0 shadow-xl transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                  {m.subcategories.map((c) => (
                    <li key={c.id}>
                      <LocalLink
                        to={subCategoryHref(c)}
                        preventScrollReset
                        onClick={() => setOpen(false)}
                        className="block px-5 py-2 hover:bg-slate-50 hover:text-brand"
                        lang={fallbackLang(c, "name")}
                      >
                        {c.name}
                      </LocalLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function MainMenu() {
  const { signedIn, showSignin, showSignup } = useLayout();
  const entries = mainMenu({ signedIn, showSignin, showSignup }, "header");
  const t = useTranslations("Shell");
  const item =
    // One line per entry: between 1024 and 1280 px the entries are set smaller rather than broken.
    "flex h-12 items-center whitespace-nowrap px-1.5 text-xs font-medium uppercase transition hover:text-accent xl:px-3 xl:text-sm xl:tracking-wide";
  return (
    <nav aria-label={t("mainMenu")} className="min-w-0">
      <ul className="flex items-center text-white">
        {entries.map((e) => (
          <li key={e.testId}>
            {"to" in e ? (
              <LocalNavLink
                to={e.to}
                end
                preventScrollReset={keepsScroll(e.to)}
                data-testid={e.testId}
                className={({ isActive }) =>
                  `${item} ${isActive ? "text-white underline decoration-accent decoration-2 underline-offset-8" : ""}`
                }
              >
                {t(e.label)}
              </LocalNavLink>
            ) : (
              <button type="button" className={item} data-testid={e.testId} onClick={() => openLoginModal()}>
                {t(e.label)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Header() {
  const { store } = useLayout();
  const t = useTranslations("Shell");
  const header = useRef<HTMLElement>(null);
  const middle = useRef<HTMLDivElement>(null);
  const sticky = useSticky(header);
  const [searchOpen, setSearchOpen] = useState(false);
  return (
    <header ref={header} className="relative z-30 bg-white" data-testid="site-header">
      <TopBar />
      {/* Keeps the page from jumping when the middle row leaves the flow. */}
      <div style={sticky ? { height: middle.current?.offsetHeight } : undefined}>
        <div
          ref={middle}
          data-sticky={sticky ? "true" : "false"}
          data-testid="header-middle"
          className={`border-b border-slate-200 bg-white ${sticky ? "fixed inset-x-0 top-0 z-40 shadow-md motion-safe:animate-[slide-down_.3s_ease-out]" : ""}`}
        >
          <div
            className={`mx-auto flex max-w-7xl items-center gap-1.5 px-3 sm:gap-3 sm:px-4 lg:gap-8 ${sticky ? "py-2.5" : "py-4 lg:py-6"}`}
          >
            <button
              type="button"
              className="-ml-1.5 rounded p-1.5 text-slate-700 hover:text-brand sm:-ml-2 sm:p-2 lg:hidden"
              aria-label={t("openMenu")}
              data-testid="mobile-menu-toggle"
              onClick={openMobileMenu}
            >
              <MenuIcon size={24} />
            </button>
            <LocalLink
              to="/"
              className="min-w-0 shrink"
              aria-label={t("storeHome", { name: store?.name ?? t("storeFallback") })}
            >
              {store ? (
                <img
                  src={store.theme.logo}
                  alt={store.name}
                  width={180}
                  height={48}
                  className={`w-auto max-w-full object-contain object-left ${sticky ? "h-9" : "h-10 lg:h-12"}`}
                />
              ) : null}
            </LocalLink>
            <div className="hidden min-w-0 flex-1 lg:block">
              <HeaderSearch />
            </div>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <button
                type="button"
                className="rounded p-1.5 text-slate-700 hover:text-brand lg:hidden"
                aria-label={t("search")}
                aria-expanded={searchOpen}
                onClick={() => setSearchOpen((o) => !o)}
              >
                <SearchIcon size={22} />
              </button>
              <PointsBadge className="px-0.5 sm:px-3" />
              <CompareBadge className="hidden sm:flex" />
              <WishlistBadge />
              <CartDropdown />
            </div>
          </div>
          {searchOpen ? (
            <div className="border-t border-slate-100 px-4 py-3 lg:hidden">
              <HeaderSearch compact />
            </div>
          ) : null}
        </div>
      </div>
      {/* Desktop only: on a phone it is never shown, so it never needs hydrating there. */}
      <BelowFold id="header-bottom">
        <div className="hidden bg-brand lg:block" data-testid="header-bottom">
          <div className="mx-auto flex max-w-7xl items-center gap-6 px-4">
            <CategoryDropdown />
            <MainMenu />
          </div>
        </div>
      </BelowFold>
    </header>
  );
}
