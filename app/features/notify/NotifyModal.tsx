// 'Notify me when product is available': one email field, prefilled for a signed-in customer.
// Blank or without @ -> 'Wrong email' / 'Please enter a valid email'; otherwise the request is
// stored (POST /api/v1/notify) and the shopper gets one mail when the product is back.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { routes } from "../../../core/api/routes";
import { CONTACT_TEXT, type FormMessage } from "../../../core/contact";
import { isNotifyEmail, NOTIFY_TEXT } from "../../../core/notify";
import { ApiError, callApi } from "../../lib/api-client";
import { useCoreText } from "../../lib/localized";
import { useCustomer } from "../../root-data";
import { FormAlert } from "../content/FormAlert";
import { closeNotifyModal, type NotifyProduct } from "./notify-modal";

const WRONG_EMAIL: FormMessage = {
  kind: "warning",
  title: NOTIFY_TEXT.wrongEmailTitle,
  text: NOTIFY_TEXT.wrongEmailText,
};
const FAILED: FormMessage = {
  kind: "error",
  title: CONTACT_TEXT.failureTitle,
  text: CONTACT_TEXT.failureText,
};

export default function NotifyModal({ product }: { product: NotifyProduct }) {
  const t = useTranslations("Product");
  const text = useCoreText();
  const customer = useCustomer();
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState(customer?.email ?? "");
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  /** A rule's message with its title and text in the page's language. */
  function translated(m: FormMessage): FormMessage {
    return { ...m, title: text(m.title), text: text(m.text) };
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isNotifyEmail(email)) {
      setMessage(translated(WRONG_EMAIL));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await callApi(routes.notify.subscribe, {
        body: { productId: product.id, email: email.trim() },
      });
      setDone(true);
      setMessage({ kind: "success", title: text(NOTIFY_TEXT.modalTitle), text: text(res.message) });
    } catch (err) {
      setMessage(translated(err instanceof ApiError && err.code === "wrong_email" ? WRONG_EMAIL : FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape closes the dialog natively.
    <dialog
      ref={dialog}
      aria-labelledby="notify-title"
      onClose={closeNotifyModal}
      onClick={(e) => {
        if (e.target === dialog.current) closeNotifyModal();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50"
      data-testid="notify-modal"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="notify-title" className="text-lg font-semibold text-slate-900">
            {text(NOTIFY_TEXT.modalTitle)}
          </h2>
          <button
            type="button"
            onClick={closeNotifyModal}
            className="-m-2 rounded p-2 text-slate-500 hover:text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand/40"
            aria-label={t("closeDialog")}
          >
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" fill="currentColor">
              <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        <div className="mt-3 flex items-center gap-3">
          {product.image ? (
            <img
              src={product.image}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 rounded border border-slate-200 object-cover"
            />
          ) : null}
          <p className="text-sm font-medium text-slate-700" data-testid="notify-product">
            {product.name}
          </p>
        </div>
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <div>
            <label htmlFor="notify-email" className="block text-sm font-medium text-slate-700">
              {t("notifyEmail")}
            </label>
            <input
              id="notify-email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={done}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-100"
            />
          </div>
          {message ? <FormAlert message={message} testId="notify-message" /> : null}
          {done ? (
            <button
              type="button"
              onClick={closeNotifyModal}
              className="w-full rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("close")}
            </button>
          ) : (
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {busy ? t("sending") : t("notifyMe")}
            </button>
          )}
        </form>
      </div>
    </dialog>
  );
}
