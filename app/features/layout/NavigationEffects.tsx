// What happens around every navigation (spec section 2): the mobile menu closes when one
// starts; when it finishes, the page scrolls to the top (listing and blog pages keep their
// place and only bring the content into view), every open modal closes, and a page view is
// emitted. The first load marks the body as loaded.
import { useEffect, useRef } from "react";
import { useLocation, useNavigation, useNavigationType } from "react-router";
import { emitPageView } from "../../lib/analytics";
import { closeAllModals } from "../../ui/modals";
import { closeLoginModal } from "../account/login-modal";
import { closeNewsletter } from "../newsletter/newsletter";
import { closeNotifyModal } from "../notify/notify-modal";
import { keepsScroll } from "./menu";
import { closeMobileMenu } from "./mobile-menu";

/** Space kept above the content when a listing scrolls it into view (spec section 9). */
export const SCROLL_TO_CONTENT_OFFSET = 74;

function dismissModals() {
  closeAllModals();
  closeLoginModal();
  closeNotifyModal();
  closeNewsletter();
}

export function NavigationEffects() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    if (navigation.state !== "idle") closeMobileMenu();
  }, [navigation.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per finished navigation
  useEffect(() => {
    const path = location.pathname + location.search;
    if (first.current) {
      first.current = false;
      document.body.classList.add("loaded");
      emitPageView(path);
      return;
    }
    if (keepsScroll(path)) {
      const content = document.querySelector<HTMLElement>("[data-page-content]");
      if (content) {
        const top = content.getBoundingClientRect().top + window.scrollY - SCROLL_TO_CONTENT_OFFSET;
        if (window.scrollY > top) window.scrollTo({ top, behavior: "smooth" });
      }
    } else if (navigationType !== "POP" && !location.hash) {
      window.scrollTo(0, 0);
    }
    dismissModals();
    emitPageView(path);
  }, [location.key]);

  return null;
}
