// The withdrawal function of an order's page (Consumer Rights Directive art. 11a; docs/decisions/0050):
// 'Withdraw from contract here' while the period lasts, with its deadline; then a confirmation step
// where the shopper chooses the lines and quantities and presses 'Confirm withdrawal'; then what was
// recorded, and when. One key per confirmation step: a double press records one withdrawal.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { call } from "../account/session-client";
import { problemIn } from "../account/translate";
import type { WithdrawalData } from "./types";

type Step =
  | { kind: "closed" }
  | { kind: "choosing"; key: string }
  | { kind: "done"; time: string; email: string | null; lines: string };

function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const button =
  "rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

export function Withdrawal({ code, sig, data }: { code: string; sig?: string; data: WithdrawalData }) {
  const t = useTranslations("Withdrawal");
  const text = useCoreText();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `withdrawal-${code}`;
  // The pressed button is gone after each step: focus moves to what the step shows first.
  const stepStart = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (step.kind !== "closed") stepStart.current?.focus();
  }, [step.kind]);

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (step.kind !== "choosing" || busy) return;
    const form = e.currentTarget;
    const lines = data.lines
      .map((l) => ({
        lineId: l.id,
        qty: Number((form.elements.namedItem(`qty-${l.id}`) as HTMLInputElement | null)?.value ?? 0),
      }))
      .filter((l) => Number.isInteger(l.qty) && l.qty > 0);
    if (lines.length === 0) {
      setError(t("noneChosen"));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await call(() =>
      callApi(routes.withdrawals.withdraw, {
        params: { code },
        body: { idempotencyKey: step.key, lines, ...(sig ? { sig } : {}) },
      }),
    );
    setBusy(false);
    if (!r.ok) {
      const p = problemIn(text, r.problem);
      setError(p.text ? `${p.title} ${p.text}` : p.title);
      return;
    }
    setStep({
      kind: "done",
      time: r.value.receivedAt,
      email: r.value.email,
      lines: r.value.withdrawal.lines.map((l) => `${l.qty} × ${l.description}`).join(", "),
    });
    await revalidator.revalidate();
  }

  if (!data.open && data.done.length === 0 && step.kind !== "done") return null;
  return (
    <section
      className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
      aria-labelledby={titleId}
      data-testid="withdrawal"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {t("title")}
      </h3>
      {step.kind === "done" ? (
        <div
          role="status"
          className="mt-2 rounded-lg bg-emerald-50 p-3 text-emerald-900"
          data-testid="withdrawal-done"
        >
          <p
            className="font-semibold"
            ref={(el) => {
              stepStart.current = el;
            }}
            tabIndex={-1}
          >
            {t("doneTitle")}
          </p>
          <p className="mt-1">
            {step.email
              ? t("doneText", { code, time: step.time, email: step.email })
              : t("doneTextNoEmail", { code, time: step.time })}
          </p>
          <p className="mt-1">{step.lines}</p>
        </div>
      ) : null}
      {data.done.length > 0 && step.kind !== "done" ? (
        <div className="mt-2">
          <p className="text-slate-700">{t("earlier")}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="withdrawal-earlier">
            {data.done.map((d) => (
              <li key={d.id}>{t("earlierItem", { time: d.time, lines: d.lines })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.open && step.kind === "closed" ? (
        <>
          <p className="mt-2" data-testid="withdrawal-deadline">
            {data.lastDay ? t("until", { date: data.lastDay }) : t("beforeDelivery", { days: data.days })}
          </p>
          <button
            type="button"
            onClick={() => {
              setError(null);
              setStep({ kind: "choosing", key: newKey() });
            }}
            className={`${button} mt-3 bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-100 focus-visible:outline-brand`}
          >
            {t("withdrawHere")}
          </button>
        </>
      ) : null}
      {data.open && step.kind === "choosing" ? (
        <form onSubmit={confirm} className="mt-3" noValidate>
          <fieldset>
            <legend
              className="font-semibold text-slate-900"
              ref={(el) => {
                stepStart.current = el;
              }}
              tabIndex={-1}
            >
              {t("chooseLines")}
            </legend>
            <p className="mt-1 text-slate-700">{t("chooseHelp")}</p>
            <ul className="mt-2 space-y-2">
              {data.lines.map((l) => (
                <li key={l.id} className="flex items-center justify-between gap-3">
                  <label htmlFor={`wd-${code}-${l.id}`} className="min-w-0 break-words">
                    {l.description}
                  </label>
                  <span className="flex shrink-0 items-center gap-2">
                    <input
                      id={`wd-${code}-${l.id}`}
                      name={`qty-${l.id}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={l.remaining}
                      defaultValue={l.remaining}
                      aria-label={t("qtyLabel", { product: l.description, max: l.remaining })}
                      className="w-16 rounded-md border border-slate-400 bg-white px-2 py-1 text-right"
                      data-testid="withdrawal-qty"
                    />
                    <span className="text-slate-700">{t("of", { max: l.remaining })}</span>
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
          <p className="mt-3 text-slate-700">{t("statement", { code })}</p>
          {error ? (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={busy}
              className={`${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`}
            >
              {busy ? t("sending") : t("confirmWithdrawal")}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setStep({ kind: "closed" })}
              className={`${button} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand`}
            >
              {t("back")}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
