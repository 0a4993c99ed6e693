// Sends one of the account forms: busy while it runs, a popup with the outcome, and the page's
// data reloaded after a change.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useCoreText } from "../../../lib/localized";
import { showPopup } from "../../../ui/popup";
import { call } from "../session-client";
import { problemIn } from "../translate";

export function useAccountSubmit() {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const text = useCoreText();
  async function run<T>(
    fn: () => Promise<T>,
    success: string,
    after?: (form: HTMLFormElement) => void,
    form?: HTMLFormElement,
  ) {
    setBusy(true);
    const r = await call(fn);
    setBusy(false);
    if (r.ok) {
      showPopup({ icon: "success", title: success });
      if (form && after) after(form);
      await revalidator.revalidate();
    } else {
      showPopup({
        icon: r.status >= 500 || r.status === 0 ? "error" : "warning",
        ...problemIn(text, r.problem),
      });
    }
  }
  return { busy, run };
}
