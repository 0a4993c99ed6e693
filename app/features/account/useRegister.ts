// Registering from the Billing Details form: the shared rules first (a popup says what is
// missing), then /api/v1/auth/register; Register stays disabled while it runs.
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { routes } from "../../../core/api/routes";
import { safeRedirect } from "../../../core/safe-redirect";
import {
  ACCOUNT_TEXT,
  accountDetailsFrom,
  popupFor,
  registerFieldProblems,
} from "../../../core/validation/account";
import { callApi } from "../../lib/api-client";
import { useCoreText, useLocalNavigate } from "../../lib/localized";
import { formValues } from "../../ui/fields";
import { showPopup } from "../../ui/popup";
import { useFieldErrors } from "./field-errors";
import { call } from "./session-client";
import { markCookiesDate, saveLoginData } from "./storage";
import { problemIn } from "./translate";

/** `redirectTo`: set when registering started from the cart or checkout (else home, as the spec says). */
export function useRegister(countries: { code: string }[], redirectTo: string | null = null) {
  const [busy, setBusy] = useState(false);
  // Awaited before the revalidation, so the target is put in the page's language here.
  const navigate = useLocalNavigate();
  const text = useCoreText();
  const revalidator = useRevalidator();
  const fieldErrors = useFieldErrors();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const v = formValues(form);
    const input = {
      ...accountDetailsFrom(v),
      email: v.email ?? "",
      password: v.password ?? "",
      privacy: (form.elements.namedItem("privacy") as HTMLInputElement | null)?.checked ?? false,
    };
    setBusy(true);
    const problems = registerFieldProblems(
      input,
      countries.map((c) => c.code),
    );
    const problem = popupFor(problems);
    if (problem) {
      // On validation failure processing ends. The field is focused first, so that closing the
      // spec's popup returns to it.
      setBusy(false);
      fieldErrors.show(form, problems);
      showPopup({ icon: "info", ...problemIn(text, problem) });
      return;
    }
    fieldErrors.clear();
    const r = await call(() => callApi(routes.auth.register, { body: input }), ACCOUNT_TEXT.registerFailed);
    setBusy(false);
    if (r.ok) {
      saveLoginData(r.value.customer);
      markCookiesDate();
      showPopup({
        icon: "success",
        title: text(r.value.title),
        button: text(r.value.button),
        onClose: async () => {
          await navigate(safeRedirect(redirectTo) ?? "/");
          await revalidator.revalidate();
        },
      });
      return;
    }
    fieldErrors.show(form, r.fields);
    if (r.status === 409) showPopup({ icon: "warning", ...problemIn(text, r.problem) });
    else if (r.status === 400 || r.status === 429) showPopup({ icon: "info", ...problemIn(text, r.problem) });
    else showPopup({ icon: "error", title: text(ACCOUNT_TEXT.registerFailed) });
  }

  return { busy, submit, errors: fieldErrors.errors, onInput: fieldErrors.onInput };
}
