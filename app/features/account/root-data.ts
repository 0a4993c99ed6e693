// The account part of the root loader data: CSRF token, signed-in customer, sign-in/sign-up
// switches, session timings and the age-gate state. Spread into the root loader's result.
import { type PublicCustomer, toPublicCustomer } from "../../../core/account";
import type { RequestEnv } from "../../context";

export type AgeGateState = "off" | "ask" | "ok" | "under";

export interface AccountSettings {
  showSignin: boolean;
  showSignup: boolean;
  /** Signed-out shoppers may order as guests (the store's guest checkout setting). */
  guestCheckout: boolean;
  pointsEnabled: boolean;
  sessionExpireMinutes: number;
  cookieExpireMinutes: number;
  ageGate: AgeGateState;
  /** The server signed the customer out for inactivity in this request. */
  sessionExpired: boolean;
}

export function accountRootData(env: Pick<RequestEnv, "store" | "session" | "customer">): {
  csrfToken: string;
  customer: PublicCustomer | null;
  account: AccountSettings;
} {
  const { store, session, customer } = env;
  const s = store.settings;
  const age = session.age;
  return {
    csrfToken: session.csrfToken,
    customer: customer ? toPublicCustomer(customer) : null,
    account: {
      showSignin: s.showSignin,
      showSignup: s.showSignup,
      guestCheckout: s.guestCheckout,
      pointsEnabled: s.pointsEnabled,
      sessionExpireMinutes: s.sessionExpireMinutes,
      cookieExpireMinutes: s.cookieExpireMinutes,
      ageGate: !s.show18 ? "off" : age === "ok" ? "ok" : age === "under" ? "under" : "ask",
      sessionExpired: session.idleExpired,
    },
  };
}
