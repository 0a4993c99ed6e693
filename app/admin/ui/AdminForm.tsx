// A back-office form: a React Router fetcher form whose clientAction answers an ActionResult
// (lib/actions.ts). Failures show above the form and on the fields they name, and the first
// marked field takes the focus; a success shows a toast.
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { toast } from "sonner";
import type { ActionResult } from "../lib/actions";

const FormState = createContext<{ fields: Record<string, string>; busy: boolean }>({
  fields: {},
  busy: false,
});

export function useFieldError(name: string): string | undefined {
  return useContext(FormState).fields[name];
}

/** Shows a failed result's message and gives focus to its first marked field; toasts a success. */
export function useResultFeedback(
  result: ActionResult | undefined,
  form: React.RefObject<HTMLElement | null>,
) {
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      if (result.warning) toast.warning(result.message);
      else toast.success(result.message);
      return;
    }
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? form.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [result, form]);
}

export function FormAlert({ result }: { result: ActionResult | undefined }) {
  if (!result || result.ok) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {result.message}
    </div>
  );
}

interface AdminFormProps {
  /** The route whose clientAction handles it; the current route when absent. */
  action?: string;
  method?: "post" | "put" | "delete";
  /** A hidden `intent` field, for routes with several forms. */
  intent?: string;
  children: ReactNode;
  className?: string;
  fetcher?: FetcherWithComponents<ActionResult>;
  /** Fields are shown but cannot be changed (a role that may only read). */
  readOnly?: boolean;
  /** multipart/form-data: the form carries files (the new product's pictures). */
  encType?: "multipart/form-data";
  "aria-label"?: string;
}

export function AdminForm({
  action,
  method = "post",
  intent,
  children,
  className,
  fetcher: given,
  readOnly,
  encType,
  ...rest
}: AdminFormProps) {
  const own = useFetcher<ActionResult>();
  const fetcher = given ?? own;
  const ref = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  useResultFeedback(result, ref);
  const fields = result && !result.ok ? result.fields : {};
  return (
    <fetcher.Form
      ref={ref}
      method={method}
      action={action}
      encType={encType}
      noValidate
      aria-label={rest["aria-label"]}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormAlert result={result} />
      <FormState.Provider value={{ fields, busy: fetcher.state !== "idle" }}>
        <fieldset disabled={readOnly} className={`m-0 min-w-0 border-0 p-0 ${className ?? ""}`}>
          {children}
        </fieldset>
      </FormState.Provider>
    </fetcher.Form>
  );
}

/** The submit button of an AdminForm: says it is saving while the request runs. */
export function SubmitButton({
  children,
  busyLabel = "Saving…",
  tone = "primary",
}: {
  children: ReactNode;
  busyLabel?: string;
  tone?: "primary" | "danger";
}) {
  const { busy } = useContext(FormState);
  return (
    <button type="submit" disabled={busy} aria-disabled={busy} className={buttonClass(tone)}>
      {busy ? busyLabel : children}
    </button>
  );
}

export function buttonClass(tone: "primary" | "danger" | "secondary" = "primary"): string {
  const base =
    "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
  if (tone === "danger")
    return `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`;
  if (tone === "secondary")
    return `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-indigo-700`;
  return `${base} bg-indigo-700 text-white hover:bg-indigo-800 focus-visible:outline-indigo-700`;
}
