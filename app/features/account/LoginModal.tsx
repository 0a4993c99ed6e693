// The login modal shell. Its forms load on first open, so they stay out of every page's
// first-load JavaScript. Absent when the store switched sign-in off.
import { lazy, Suspense } from "react";
import { useRootData } from "../../root-data";
import { CloseButton, Overlay, useDialogIds } from "../../ui/Overlay";
import { closeLoginModal, useLoginModal } from "./login-modal";

const Body = lazy(() => import("./LoginModalBody"));

export function LoginModal() {
  const { open, view } = useLoginModal();
  const data = useRootData();
  const { titleId } = useDialogIds();
  if (!data?.account?.showSignin || data.customer) return null;
  return (
    <Overlay open={open} onClose={closeLoginModal} labelledBy={titleId} testId="login-modal">
      <CloseButton onClick={closeLoginModal} />
      <Suspense fallback={<div className="h-96" aria-busy="true" />}>
        <Body view={view} titleId={titleId} showSignup={data.account.showSignup} />
      </Suspense>
    </Overlay>
  );
}
