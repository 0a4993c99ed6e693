// Newsletter sign-ups: one row per email per store (case-insensitive), rate limited per IP.
import { ACCOUNT_TEXT, checkNewsletter } from "../core/validation/account";
import { newsletterSubscribers } from "../db/store/schema";
import { hitAll, RULES } from "./auth/limits";
import type { StoreContext } from "./context";
import { ServiceError } from "./failure";

/** Whether the address is new to the list, or a ServiceError: invalid, rate_limited. */
export async function subscribeNewsletter(
  store: StoreContext,
  emailInput: string,
  client: { ip: string },
): Promise<{ created: boolean }> {
  const problem = checkNewsletter(emailInput);
  if (problem) throw new ServiceError("invalid", problem.title);
  const limit = await hitAll(store.db, [{ key: `newsletter:ip:${client.ip}`, rule: RULES.newsletterPerIp }]);
  if (!limit.allowed)
    throw new ServiceError("rate_limited", ACCOUNT_TEXT.tooManyAttempts, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const inserted = await store.db
    .insert(newsletterSubscribers)
    .values({ email: emailInput.trim() })
    // The only unique index is lower(email): a known address is simply not stored twice.
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { created: inserted.length > 0 };
}
