// "Save your details for next time": after a guest order (its confirmation and its signed page),
// one step makes an account from what was entered at checkout. The shopper only chooses a
// password and accepts the privacy policy; the order joins the account and its reward points are
// credited as for a member's order (POST /orders/{code}/claim, services/orders/guest.ts).
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { ACCOUNT_TEXT, FIELD_REQUIRED } from "../../../core/validation/account";
import { callApi } from "../../lib/api-client";
import { LocalLink, useCoreText } from "../../lib/localized";
import { SubmitButton, TextField } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { useFieldErrors } from "../account/field-errors";
import { PrivacyConsent } from "../account/PrivacyConsent";
import { call } from "../account/session-client";
import { markCookiesDate, saveLoginData } from "../account/storage";
import { readGuestDetails } from "./storage";

/** The order code and signature of a guest order's path (`/shop/order/<code>?k=<sig>`). */
export function parseOrderUrl(orderUrl: string): { code: string; sig: string } | null {
  try {
    const url = new URL(orderUrl, "http://x");
    const code = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    const sig = url.searchParams.get("k") ?? "";
    return code && sig ? { code, sig } : null;
  } catch {
    return null;
  }
}

export function ClaimAccount({ orderUrl, pointsEnabled }: { orderUrl: string; pointsEnabled: boolean }) {
  const t = useTranslations("Checkout");
  const text = useCoreText();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const fieldErrors = useFieldErrors();
  const revalidator = useRevalidator();
  const link = parseOrderUrl(orderUrl);
  if (!link) return null;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!link) return;
    const form = e.currentTarget;
    const password = (form.elements.namedItem("password") as HTMLInputElement).value;
    const privacy = (form.elements.namedItem("privacy") as HTMLInputElement).checked;
    const missing = [
      ...(password.trim() === "" ? [{ field: "password", message: FIELD_REQUIRED.password }] : []),
      ...(privacy ? [] : [{ field: "privacy", message: FIELD_REQUIRED.privacy }]),
    ];
    if (missing.length > 0) {
      fieldErrors.show(form, missing);
      return;
    }
    fieldErrors.clear();
    setBusy(true);
    // The order keeps "name surname" and "street postcode": the parts as typed split them exactly.
    const typed = readGuestDetails();
    const r = await call(
      () =>
        callApi(routes.orders.claim, {
          params: { code: link.code },
          body: { sig: link.sig, password, privacy, firstName: typed.firstName, postcode: typed.postcode },
        }),
      ACCOUNT_TEXT.registerFailed,
    );
    setBusy(false);
    if (r.ok) {
      saveLoginData(r.value.customer);
      markCookiesDate();
      setDone(true);
      showPopup({ icon: "success", title: text(r.value.title), button: text(r.value.button) });
      await revalidator.revalidate();
      return;
    }
    fieldErrors.show(form, r.fields);
    showPopup({
      icon: r.status === 409 ? "warning" : "info",
      title: text(r.problem.title),
      ...(r.problem.text === undefined ? {} : { text: text(r.problem.text) }),
    });
  }

  const errorOf = (field: string) => {
    const message = fieldErrors.errors[field];
    return message === undefined ? undefined : text(message);
  };

  if (done) {
    return (
      <div
        className="rounded-lg border border-emerald-200 bg-white p-4"
        data-testid="claim-done"
        role="status"
      >
        <p className="font-semibold text-slate-900">{t("claimDoneTitle")}</p>
        <p className="mt-1 text-sm text-slate-700">
          {t.rich(pointsEnabled ? "claimDoneInAccountPoints" : "claimDoneInAccount", {
            link: (chunks) => (
              <LocalLink to="/shop/dashboard" className="font-medium text-brand underline underline-offset-2">
                {chunks}
              </LocalLink>
            ),
          })}
        </p>
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      onInput={fieldErrors.onInput}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="claim-account"
      aria-labelledby="claim-account-title"
    >
      <div>
        <h3 id="claim-account-title" className="font-semibold text-slate-900">
          {t("claimTitle")}
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          {pointsEnabled ? t("claimIntroPoints") : t("claimIntro")}
        </p>
      </div>
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={text(ACCOUNT_TEXT.passwordHint)}
        error={errorOf("password")}
        required
      />
      <PrivacyConsent error={errorOf("privacy")} />
      <SubmitButton busy={busy}>{t("createAccount")}</SubmitButton>
    </form>
  );
}
