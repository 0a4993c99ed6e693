// Requests the newsletter modal on the home route and shows it 5 s later when allowed.
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../root-data";
import { Overlay, useDialogIds } from "../../ui/Overlay";
import {
  closeNewsletter,
  NEWSLETTER_DELAY_MS,
  openNewsletterIfAllowed,
  setHideCookie,
  useNewsletterModal,
} from "./newsletter";

const Body = lazy(() => import("./NewsletterBody"));

export function NewsletterModal() {
  const data = useRootData();
  const open = useNewsletterModal((s) => s.open);
  const { pathname } = useLocation();
  const { titleId } = useDialogIds();
  const [hide, setHide] = useState(false);
  const storeId = data?.store?.id ?? "";
  // The age gate comes first: no newsletter over a blocking question.
  const gateOpen = data?.account?.ageGate === "ask" || data?.account?.ageGate === "under";

  useEffect(() => {
    if (pathname !== "/" || !storeId || gateOpen) return;
    const timer = window.setTimeout(
      () => openNewsletterIfAllowed(storeId, window.location.pathname),
      NEWSLETTER_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname, storeId, gateOpen]);

  // Only the home route shows it: leaving home closes it.
  useEffect(() => {
    if (pathname !== "/") closeNewsletter();
  }, [pathname]);

  // However it is closed (button, Escape, backdrop), a ticked box sets the cookie.
  function close() {
    if (hide && storeId) setHideCookie(storeId);
    closeNewsletter();
  }

  return (
    <Overlay open={open} onClose={close} labelledBy={titleId} size="md" testId="newsletter-modal">
      <Suspense fallback={<div className="h-72" aria-busy="true" />}>
        <Body
          titleId={titleId}
          storeName={data?.store?.companyName || data?.store?.name || ""}
          hide={hide}
          onHideChange={setHide}
          onClose={close}
        />
      </Suspense>
    </Overlay>
  );
}
