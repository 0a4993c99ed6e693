// Requests the newsletter modal on the home route once it is its turn (first-visit/overlay-turn.ts:
// the 18+ gate, its welcome and the cookie banner are answered) and shows it 5 s later, when
// no other dialog or menu is open; if one is, it waits for that to close and then a second more.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useLocalePath } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { Overlay, useDialogIds } from "../../ui/Overlay";
import { somethingElseOpen, useOverlayTurn } from "../first-visit/overlay-turn";
import {
  closeNewsletter,
  NEWSLETTER_DELAY_MS,
  NEWSLETTER_QUIET_MS,
  NEWSLETTER_RETRY_MS,
  openNewsletterIfAllowed,
  setHideCookie,
  useNewsletterModal,
} from "./newsletter";

const Body = lazy(() => import("./NewsletterBody"));

export function NewsletterModal() {
  const data = useRootData();
  const open = useNewsletterModal((s) => s.open);
  const { pathname, key } = useLocation();
  // The home route in the page's language ("/", or "/el" on a store whose default is English).
  const home = useLocalePath()("/");
  const { titleId } = useDialogIds();
  const [hide, setHide] = useState(false);
  const storeId = data?.store?.id ?? "";
  const myTurn = useOverlayTurn() === "newsletter";
  // Once per visit of the home page: a popup opened and closed later on it (a failed sign-in)
  // hands the turn back, but must not bring the modal back.
  const shownOn = useRef<string | null>(null);

  useEffect(() => {
    if (pathname !== home || !storeId || !myTurn || shownOn.current === key) return;
    // When something else was last seen open: the modal waits until nothing has been for a while.
    let busyAt: number | null = null;
    const attempt = () => {
      if (somethingElseOpen()) busyAt = Date.now();
      if (busyAt !== null && Date.now() - busyAt < NEWSLETTER_QUIET_MS)
        timer = window.setTimeout(attempt, NEWSLETTER_RETRY_MS);
      else if (openNewsletterIfAllowed(storeId, window.location.pathname, home)) shownOn.current = key;
    };
    let timer = window.setTimeout(attempt, NEWSLETTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, key, storeId, myTurn, home]);

  // Only the home route shows it: leaving home closes it.
  useEffect(() => {
    if (pathname !== home) closeNewsletter();
  }, [pathname, home]);

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
          neutral={data?.store?.newsletterNeutral ?? true}
          hide={hide}
          onHideChange={setHide}
          onClose={close}
        />
      </Suspense>
    </Overlay>
  );
}
