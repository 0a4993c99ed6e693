// The contact form and the 'Become a Partner' form. A plain <form method="post"> handled by the
// page's action, so it works without JavaScript; with JavaScript a fetcher submits it in place
// and the same rules (core/contact.ts) answer instantly before anything is sent.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useTranslations } from "use-intl";
import {
  type FormMessage,
  HONEYPOT_FIELD,
  INQUIRY_LIMITS,
  type InquiryInput,
  normalizeInquiry,
  validateInquiry,
} from "../../../core/contact";
import { CsrfInput } from "../../lib/csrf";
import { FormAlert } from "./FormAlert";

export interface InquiryActionData {
  ok: boolean;
  message: FormMessage;
  /** Echoed after a refused post so nothing typed is lost (no-JavaScript case). */
  values?: Partial<InquiryInput>;
}

const input =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30";

export function InquiryForm({ idPrefix, submitLabel }: { idPrefix: string; submitLabel: string }) {
  const t = useTranslations("Content");
  const fetcher = useFetcher<InquiryActionData>();
  const actionData = useActionData() as InquiryActionData | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [local, setLocal] = useState<FormMessage | null>(null);
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const message = local ?? (busy ? null : (result?.message ?? null));
  const values = result && !result.ok ? (result.values ?? {}) : {};

  useEffect(() => {
    // The spec: after a successful send the fields clear.
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const problem = validateInquiry(normalizeInquiry(data));
    setLocal(problem);
    if (problem) e.preventDefault();
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-busy={busy}
    >
      <CsrfInput />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("name")} className="block text-sm font-medium text-slate-700">
            {t("nameRequired")}
          </label>
          <input
            id={id("name")}
            name="name"
            autoComplete="name"
            maxLength={INQUIRY_LIMITS.name}
            aria-required="true"
            defaultValue={values.name}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={id("email")} className="block text-sm font-medium text-slate-700">
            {t("emailRequired")}
          </label>
          <input
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={INQUIRY_LIMITS.email}
            aria-required="true"
            defaultValue={values.email}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={id("phone")} className="block text-sm font-medium text-slate-700">
            {t("phone")}
          </label>
          <input
            id={id("phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={INQUIRY_LIMITS.phone}
            defaultValue={values.phone}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={id("subject")} className="block text-sm font-medium text-slate-700">
            {t("subject")}
          </label>
          <input
            id={id("subject")}
            name="subject"
            maxLength={INQUIRY_LIMITS.subject}
            defaultValue={values.subject}
            className={input}
          />
        </div>
      </div>
      <div>
        <label htmlFor={id("message")} className="block text-sm font-medium text-slate-700">
          {t("messageRequired")}
        </label>
        <textarea
          id={id("message")}
          name="message"
          rows={6}
          maxLength={INQUIRY_LIMITS.message}
          aria-required="true"
          defaultValue={values.message}
          className={input}
        />
      </div>
      {/* People never see or reach this field; form-filling bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {message ? <FormAlert message={message} testId={`${idPrefix}-message`} /> : null}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 disabled:opacity-60"
      >
        {busy ? t("sending") : submitLabel}
      </button>
    </fetcher.Form>
  );
}
