// The visitor's cookie choice. The server records each answer and keeps it in a first-party
// cookie it reads itself (POST /api/v1/consent, docs/decisions/0052), so a returning visitor never
// sees the banner flash. Analytics runs only after 'granted'. The footer's 'Cookie settings'
// reopens the banner, where refusing is one click, as accepting is (GDPR art. 7(3)).
import { useEffect } from "react";
import { create } from "zustand";
import { routes } from "../../../core/api/routes";
import { CONSENT_BANNER_VERSION, type ConsentChoice } from "../../../core/consent";
import { callApi } from "../../lib/api-client";
import { useRootData } from "../../root-data";

interface ConsentState {
  /** undefined: not read from the root data yet. */
  choice: ConsentChoice | null | undefined;
  /** The footer's 'Cookie settings' opened the banner again. */
  reopened: boolean;
}

export const useConsent = create<ConsentState>(() => ({ choice: undefined, reopened: false }));

/** Applies the choice at once (Analytics.tsx stops measuring on 'denied'), then records it. */
export async function chooseConsent(choice: ConsentChoice): Promise<void> {
  useConsent.setState({ choice, reopened: false });
  try {
    await callApi(routes.consent.record, { body: { choice, version: CONSENT_BANNER_VERSION } });
  } catch {
    // Not recorded (offline, or the banner changed since this page loaded): the choice holds for
    // this page, and the banner asks again on the next one.
  }
}

export function reopenConsent(): void {
  useConsent.setState({ reopened: true });
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
