// The visitor's cookie choice: a first-party cookie the server also reads, so a returning
// visitor never sees the banner flash. Analytics runs only after 'granted'.
import { useEffect } from "react";
import { create } from "zustand";
import { useRootData } from "../../root-data";
import { CONSENT_COOKIE, type ConsentChoice } from "../content/root-data";

/** About six months, then we ask again. */
const MAX_AGE_S = 180 * 24 * 3600;

interface ConsentState {
  /** undefined: not read from the root data yet. */
  choice: ConsentChoice | null | undefined;
}

export const useConsent = create<ConsentState>(() => ({ choice: undefined }));

export function chooseConsent(choice: ConsentChoice): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  useConsent.setState({ choice });
}

/** The answer so far: this page's click, else what the server read from the cookie. */
export function useConsentChoice(): ConsentChoice | null {
  const serverChoice = useRootData()?.content?.consent ?? null;
  const choice = useConsent((s) => s.choice);
  useEffect(() => {
    if (useConsent.getState().choice === undefined) useConsent.setState({ choice: serverChoice });
  }, [serverChoice]);
  return choice === undefined ? serverChoice : choice;
}
