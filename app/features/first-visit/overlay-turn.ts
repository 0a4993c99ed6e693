// Whose turn it is to cover the page on a first visit. One overlay at a time, in this order:
// the 18+ gate, its welcome (or any other message popup), the cookie banner, then the
// newsletter modal. Each of them asks here instead of judging the others itself.
import type { ConsentChoice } from "../../../core/consent";
import { usePopup } from "../../ui/popup";
import type { AgeGateState } from "../account/root-data";
import { gateIsUp, useAgeGateState } from "../age-gate/age-state";
import { useConsent, useConsentChoice } from "../consent/consent";
import { useMobileMenu } from "../layout/mobile-menu";

export type OverlayTurn = "age-gate" | "popup" | "consent" | "newsletter";

export function overlayTurn(s: {
  ageGate: AgeGateState;
  popupOpen: boolean;
  consent: ConsentChoice | null;
  /** The footer's 'Cookie settings' asked for the banner again. */
  consentReopened?: boolean;
}): OverlayTurn {
  if (gateIsUp(s.ageGate)) return "age-gate";
  if (s.popupOpen) return "popup";
  if (s.consent === null || s.consentReopened) return "consent";
  return "newsletter";
}

export function useOverlayTurn(): OverlayTurn {
  const ageGate = useAgeGateState();
  const popupOpen = usePopup((s) => s.popup !== null);
  const consent = useConsentChoice();
  const consentReopened = useConsent((s) => s.reopened);
  return overlayTurn({ ageGate, popupOpen, consent, consentReopened });
}

/**
 * Whether something the shopper opened is on screen: any modal layer (ui/Overlay: login, a
 * popup ...), any open native dialog (ui/Modal: quick view, notify, video), the mobile menu,
 * or an expanded menu or dropdown (the cart, the search suggestions, the header's category
 * menu). The newsletter waits until they are closed.
 */
export function somethingElseOpen(): boolean {
  if (useMobileMenu.getState().open) return true;
  return document.querySelector('[data-modal-layer], dialog[open], [aria-expanded="true"]') !== null;
}
