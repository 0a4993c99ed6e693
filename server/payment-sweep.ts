// Runs the payment sweep of every store once a minute: pending payments are verified with the
// provider (shoppers who closed the tab, webhooks that never came) and unpaid reservations past
// their time release their stock. Runs never overlap; one store's failure does not stop the rest.
import type { Logger } from "pino";
import { sweepPayments } from "../services/orders/online-payment";
import type { StoreRegistry } from "./tenancy/registry";

export function startPaymentSweep(registry: StoreRegistry, log: Logger, intervalMs = 60_000): () => void {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (const id of await registry.storeIds()) {
        if (stopped) break;
        try {
          const store = await registry.byId(id);
          if (!store) continue;
          const r = await sweepPayments(store, new Date(), log);
          if (r.paid > 0 || r.expired > 0) log.info({ store: id, ...r }, "payment sweep");
        } catch (err) {
          log.warn({ store: id, err: String(err) }, "payment sweep failed for a store");
        }
      }
    } catch (err) {
      log.warn({ err: String(err) }, "payment sweep failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, Math.min(10_000, intervalMs));
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
