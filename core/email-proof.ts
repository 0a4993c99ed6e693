// Proving a customer's email (docs/decisions/0041): the mailed link's address and what it tells
// the page it lands on. Shared by the server (which redirects) and the pages (which say it).

/** The mailed link: a server route, the same in every language. */
export const EMAIL_PROOF_PATH = "/auth/email";

/** The dashboard's (or login page's) query parameter naming what the link did. */
export const EMAIL_PROOF_PARAM = "email_proof";

/** What a link can have done, as the page says it (Account messages `emailProof_<outcome>`). */
const EMAIL_PROOF_NOTICES = ["proven", "expired", "other_account"] as const;
export type EmailProofNotice = (typeof EMAIL_PROOF_NOTICES)[number];

export function isEmailProofNotice(value: string | null): value is EmailProofNotice {
  return (EMAIL_PROOF_NOTICES as readonly string[]).includes(value ?? "");
}

/** Whether a path after sign-in is the proof link (a server route, so the browser loads it whole). */
export const isEmailProofPath = (path: string) => path.startsWith(`${EMAIL_PROOF_PATH}?`);
