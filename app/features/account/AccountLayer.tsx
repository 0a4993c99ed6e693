// Everything accounts put into every page: message popups, the login modal, session timing,
// the 18+ gate and the newsletter modal. Mounted once by the root layout.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { PopupHost } from "../../ui/PopupHost";
import { AgeGate } from "../age-gate/AgeGate";
import { NewsletterModal } from "../newsletter/NewsletterModal";
import { useShopStore } from "../shop-state/store";
import { LoginModal } from "./LoginModal";
import { closeLoginModal } from "./login-modal";
import { SessionWatcher } from "./SessionWatcher";

export function AccountLayer() {
  // Binds the shop lists to this store's key, so logout clears the right cart.
  useShopStore();
  const { key } = useLocation();
  // Every finished navigation dismisses open modals (spec section 2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    closeLoginModal();
  }, [key]);
  return (
    <>
      <SessionWatcher />
      <AgeGate />
      <LoginModal />
      <NewsletterModal />
      <PopupHost />
    </>
  );
}
