// Runs the payment sweep of every store once a minute: pending payments are verified with the
// provider (shoppers who closed the tab, webhooks that never came) and unpaid reservations past
// their time release their stock; refunds left pending are asked again. Runs never overlap: not in this process, and with N instances
// each store's sweep holds an advisory lock on its database, so one instance sweeps it at a time.
// One store's failure does not stop the rest. Once an hour the same loop removes each store's
// picture files that no row names (services/admin/images.ts removeOrphanPictures), and runs the
// privacy retention job (services/privacy/retention.ts, docs/decisions/0051).
import type { Logger } from "pino";
import { removeOrphanPictures } from "../services/admin/images";
import { sweepPayments } from "../services/orders/online-payment";
import { sweepRefunds } from "../services/orders/refunds";
import { runRetention } from "../services/privacy/retention";
import type { StoreRegistry } from "./tenancy/registry";

/** How often each store's picture files are checked against its rows, and its retention job runs. */
const PICTURE_SWEEP_MS = 60 * 60_000;

export function startPaymentSweep(registry: StoreRegistry, log: Logger, intervalMs = 60_000): () => void {
  let running = false;
  let stopped = false;
  const picturesSweptAt = new Map<string, number>();
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (const id of await registry.storeIds()) {
        if (stopped) break;
        try {
          const store = await registry.byId(id);
          if (!store) continue;
          const handle = await registry.storeHandle(id);
          const run = await handle.whileLocked("payment-sweep", () => sweepPayments(store, new Date(), log));
          if (!run.ran) log.debug({ store: id }, "payment sweep: another instance is sweeping this store");
          else if (run.value.paid > 0 || run.value.expired > 0)
            log.info({ store: id, ...run.value }, "payment sweep");
          // Refunds left pending (a timeout, a crash after the provider answered) are asked again
          // with their idempotency key (docs/decisions/0056).
          const refunds = await handle.whileLocked("refund-sweep", () =>
            sweepRefunds(store, new Date(), log),
          );
          if (refunds.ran && refunds.value.refunded + refunds.value.failed > 0)
            log.info({ store: id, ...refunds.value }, "refund sweep");
          if (Date.now() - (picturesSweptAt.get(id) ?? 0) >= PICTURE_SWEEP_MS) {
            picturesSweptAt.set(id, Date.now());
            const swept = await handle.whileLocked("picture-sweep", () => removeOrphanPictures(store));
            if (swept.ran && swept.value.length > 0)
              log.info(
                { store: id, removed: swept.value.length },
                "picture sweep: files no row names removed",
              );
            const kept = await handle.whileLocked("privacy-retention", () => runRetention(store));
            if (kept.ran && Object.values(kept.value).some((n) => n > 0))
              log.info(
                { store: id, ...kept.value },
                "privacy retention: personal data past its period anonymised",
              );
          }
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
