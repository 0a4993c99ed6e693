import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { routes } from "../../../../core/api/routes";
import { callApi } from "../../../lib/api-client";
import { useCoreText } from "../../../lib/localized";
import { showPopup } from "../../../ui/popup";
import { call } from "../session-client";
import { problemIn } from "../translate";

/** An order left at the payment page: pay it now or cancel it (stock and points released). */
export function UnpaidOrder({ code, payUntil }: { code: string; payUntil: string | null }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revalidator = useRevalidator();
  const t = useTranslations("Account");
  const text = useCoreText();

  async function act(action: "pay" | "cancel") {
    setBusy(true);
    const r = await call(async () =>
      action === "pay"
        ? await callApi(routes.orders.pay, { params: { code } })
        : await callApi(routes.orders.cancel, { params: { code } }),
    );
    if (r.ok && "redirectUrl" in r.value && r.value.redirectUrl) {
      window.location.assign(r.value.redirectUrl);
      return;
    }
    setBusy(false);
    setConfirming(false);
    if (r.ok)
      showPopup({ icon: "success", title: t("orderCancelled"), text: t("orderCancelledText", { code }) });
    else
      showPopup({
        icon: r.status >= 500 || r.status === 0 ? "error" : "warning",
        ...problemIn(text, r.problem),
      });
    await revalidator.revalidate();
  }

  const button =
    "rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";
  return (
    <div className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="order-unpaid">
      <p>{confirming ? t("cancelConfirm") : payUntil ? t("payBy", { time: payUntil }) : t("payTimeOver")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {confirming ? (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => act("cancel")}
              className={`${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`}
            >
              {t("yesCancelOrder")}
            </button>
            <button
              type="button"
              disabled={busy}
              // The button that was pressed is gone: focus goes to the choice that changes nothing.
              ref={(el) => el?.focus()}
              onClick={() => setConfirming(false)}
              className={`${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand`}
            >
              {t("keepOrder")}
            </button>
          </>
        ) : (
          <>
            {payUntil ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => act("pay")}
                className={`${button} bg-brand text-white hover:bg-brand-dark focus-visible:outline-brand`}
              >
                {t("payNow")}
              </button>
            ) : null}
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirming(true)}
              className={`${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand`}
            >
              {t("cancel")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
