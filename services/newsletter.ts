// Newsletter sign-ups: one row per email per store (case-insensitive), rate limited per IP.
import { checkNewsletter, type FormProblem } from "../core/validation/account";
import { newsletterSubscribers } from "../db/store/schema";
import { hitAll, RULES } from "./auth/limits";
import type { StoreContext } from "./context";

export type SubscribeResult =
  | { ok: true; created: boolean }
  | { ok: false; reason: "invalid"; problem: FormProblem }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

export async function subscribeNewsletter(
  store: StoreContext,
  emailInput: string,
  client: { ip: string },
): Promise<SubscribeResult> {
  const problem = checkNewsletter(emailInput);
  if (problem) return { ok: false, reason: "invalid", problem };
  const limit = await hitAll(store.db, [{ key: `newsletter:ip:${client.ip}`, rule: RULES.newsletterPerIp }]);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const inserted = await store.db
    .insert(newsletterSubscribers)
    .values({ email: emailInput.trim() })
    // The only unique index is lower(email): a known address is simply not stored twice.
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { ok: true, created: inserted.length > 0 };
}
