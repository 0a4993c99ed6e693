// The page frame every route renders in: header, content, footer, mobile menu and the
// navigation helpers.
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { BelowFold, HydrateInTurn } from "../../ui/BelowFold";
import { gateIsUp, useAgeGateState } from "../age-gate/age-state";
import { ProductModalsHost } from "../catalog/ProductModalsHost";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { useMobileMenu } from "./mobile-menu";
import { NavigationEffects } from "./NavigationEffects";
import { NavProgress } from "./NavProgress";
import { ScrollTop } from "./ScrollTop";

// The mobile menu's code loads when it is first opened (or the browser is idle): it is never
// visible on the first paint, so it stays out of the first-load JavaScript.
let mobileMenuModule: Promise<ComponentType> | null = null;
const loadMobileMenu = () => {
  mobileMenuModule ??= import("./MobileMenu").then((m) => m.default);
  return mobileMenuModule;
};

function LazyMobileMenu() {
  const open = useMobileMenu((s) => s.open);
  const [Menu, setMenu] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      void loadMobileMenu().then((C) => {
        if (live) setMenu(() => C);
      });
    };
    if (open) load();
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    const id = w.requestIdleCallback ? w.requestIdleCallback(load) : window.setTimeout(load, 2000);
    return () => {
      live = false;
      if (w.cancelIdleCallback) w.cancelIdleCallback(id);
      else window.clearTimeout(id);
    };
  }, [open]);
  return Menu ? <Menu /> : null;
}

export function Shell({ children }: { children: ReactNode }) {
  // Inert from the server's first byte while the 18+ gate is up, rather than made inert by the
  // gate once it has hydrated: that restyled the whole page in the first second of every visit.
  const inert = gateIsUp(useAgeGateState());
  const t = useTranslations("Shell");
  return (
    <div className="flex min-h-screen flex-col" inert={inert}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[90] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("skipToContent")}
      </a>
      <NavProgress />
      <HydrateInTurn id="site-header">
        <Header />
      </HydrateInTurn>
      <main id="main" className="flex-1">
        <HydrateInTurn id="page-content">{children}</HydrateInTurn>
      </main>
      <BelowFold id="site-footer" estimatedHeight={950}>
        <Footer />
      </BelowFold>
      <LazyMobileMenu />
      <ScrollTop />
      <ProductModalsHost />
      <NavigationEffects />
    </div>
  );
}
