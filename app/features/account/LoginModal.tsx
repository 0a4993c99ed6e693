// The login modal shell. Its forms load on first open, so they stay out of every page's
// first-load JavaScript. Absent when the store switched sign-in off.
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { CHECKOUT_PATH } from "../../../core/safe-redirect";
import { useLocalePath } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { CloseButton, Overlay, useDialogIds } from "../../ui/Overlay";
import { useShop } from "../shop-state/store";
import { closeLoginModal, useLoginModal } from "./login-modal";

const Body = lazy(() => import("./LoginModalBody"));

export function LoginModal() {
  const { open, view, redirectTo } = useLoginModal();
  const data = useRootData();
  const { pathname } = useLocation();
  const localePath = useLocalePath();
  const hasCart = useShop((s) => s.cart.data.length > 0);
  // Signing in from the header or menu while on the cart page with items also comes back to the
  // checkout; anywhere else the dashboard stays the default.
  const target = redirectTo ?? (pathname === localePath("/shop/cart") && hasCart ? CHECKOUT_PATH : null);
  const { titleId } = useDialogIds();
  if (!data?.account?.showSignin || data.customer) return null;
  return (
    <Overlay open={open} onClose={closeLoginModal} labelledBy={titleId} testId="login-modal">
      <CloseButton onClick={closeLoginModal} />
      <Suspense fallback={<div className="h-96" aria-busy="true" />}>
        <Body view={view} titleId={titleId} showSignup={data.account.showSignup} redirectTo={target} />
      </Suspense>
    </Overlay>
  );
}
