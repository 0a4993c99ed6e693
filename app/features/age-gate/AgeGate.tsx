// The 18+ gate (spec section 4). Rendered on the server from the age cookie, so every page's
// HTML is already blocked until the visitor answers, whatever URL they open first.
// 'Yes, I am!' is remembered for the browser session and greets them; 'No, I am not' is a
// permanent 'Under Age' block without buttons.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { callApi } from "../../lib/api-client";
import { useRootData } from "../../root-data";
import { Overlay, useDialogIds } from "../../ui/Overlay";
import { showPopup } from "../../ui/popup";
import { answerAgeGate, useAgeGateState } from "./age-state";

export function AgeGate() {
  const data = useRootData();
  const state = useAgeGateState();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const t = useTranslations("AgeGate");
  const { titleId, textId } = useDialogIds();
  const company = data?.store?.companyName || data?.store?.name || "";

  if (state === "off" || state === "ok") return null;

  async function answerWith(value: "yes" | "no") {
    setBusy(true);
    try {
      const r = await callApi(routes.auth.age, { body: { answer: value } });
      // The welcome takes its turn before the gate goes (first-visit/overlay-turn.ts), so the
      // cookie banner never shows up for a moment in between.
      if (r.age === "ok")
        showPopup({
          icon: "success",
          title: t("welcomeTitle"),
          text: t("welcomeText", { company }),
        });
      answerAgeGate(r.age);
      void revalidator.revalidate();
    } catch {
      // Not stored: a 'no' still blocks this page; a 'yes' must be stored to count.
      if (value === "no") answerAgeGate("under");
      else showPopup({ icon: "error", title: t("failedTitle"), text: t("failedText") });
    } finally {
      setBusy(false);
    }
  }

  if (state === "under") {
    return (
      <Overlay open labelledBy={titleId} backdrop="solid" size="sm" testId="under-age" role="alertdialog">
        <div className="px-6 py-10 text-center">
          <span
            className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-red-50 text-2xl font-bold text-red-600"
            aria-hidden="true"
          >
            18+
          </span>
          <h2 id={titleId} className="mt-5 text-2xl font-bold text-slate-900">
            {t("underTitle")}
          </h2>
          <p className="mt-2 text-slate-600">{t("underText")}</p>
        </div>
      </Overlay>
    );
  }

  return (
    <Overlay open labelledBy={titleId} backdrop="dark" size="sm" testId="age-gate" role="alertdialog">
      <div className="px-6 pb-7 pt-8 text-center" aria-describedby={textId}>
        {data?.store?.theme?.logo ? (
          <img src={data.store.theme.logo} alt="" width={160} height={42} className="mx-auto h-10 w-auto" />
        ) : null}
        <span
          className="mx-auto mt-5 flex h-16 w-16 items-center justify-center rounded-full border-4 border-brand/20 text-xl font-extrabold text-brand"
          aria-hidden="true"
        >
          18+
        </span>
        <h2 id={titleId} className="mt-4 text-2xl font-bold text-slate-900">
          {t("title")}
        </h2>
        <p id={textId} className="mt-2 text-slate-600">
          {t("question")}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={busy}
            data-autofocus=""
            onClick={() => answerWith("yes")}
            className="flex-1 rounded-lg bg-brand px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
          >
            {t("yes")}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => answerWith("no")}
            className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
          >
            {t("no")}
          </button>
        </div>
      </div>
    </Overlay>
  );
}
