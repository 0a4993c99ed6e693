// Whether a new password is strong enough (docs/decisions/0019-password-strength.md): not the
// account's own phone number, email or username, and a zxcvbn score of at least 2 against the
// common-password list, the keyboard patterns and the account's own details. The length and the
// other form checks are in ./account.ts.
// Server only: the password list weighs ~380 KB, far over the storefront's budget, so the forms
// show the server's answer instead of checking in the browser.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { ACCOUNT_TEXT, type FormProblem } from "./account";

/** zxcvbn's score 2: at least 10^6 guesses, out of reach of an online attack that is throttled. */
export const MIN_PASSWORD_SCORE = 2;

/** What the account says about its owner; a password must not be, nor lean on, any of it. */
export interface PasswordOwner {
  phone?: string;
  email?: string;
  username?: string;
  names?: string[];
}

let factory: ZxcvbnFactory | null = null;

// Built on first use: the dictionaries take ~40 ms to index, which a process that never sees a
// new password should not pay. Levenshtein matching is off: it multiplies the cost of a check by
// ~30 (50-200 ms of CPU per request) and the list plus l33t and reversed matching already catch
// the near-misses that matter.
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: false });
  return factory;
}

const fold = (s: string) => s.trim().toLowerCase();

export function checkPasswordStrength(password: string, owner: PasswordOwner): FormProblem | null {
  const own = [owner.phone, owner.email, owner.username].filter((x): x is string => !!x && x.trim() !== "");
  if (own.some((x) => fold(x) === fold(password)))
    return { title: ACCOUNT_TEXT.passwordWeakTitle, text: ACCOUNT_TEXT.passwordPersonal };
  const emailName = owner.email?.split("@")[0];
  const inputs = [...own, ...(emailName ? [emailName] : []), ...(owner.names ?? [])].filter((x) => x !== "");
  if (zxcvbn().check(password, inputs).score < MIN_PASSWORD_SCORE)
    return { title: ACCOUNT_TEXT.passwordWeakTitle, text: ACCOUNT_TEXT.passwordCommon };
  return null;
}
