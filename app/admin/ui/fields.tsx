// Back-office form fields: a visible label, an optional one-line hint, the server's message for
// the field (aria-invalid, aria-describedby), and the same look everywhere.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { inputFromCents } from "../lib/format";
import { useFieldError } from "./AdminForm";

const control =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700 disabled:bg-slate-100 disabled:text-slate-700 aria-[invalid=true]:border-red-700";

interface FieldShell {
  name: string;
  label: string;
  hint?: ReactNode;
  /** A message to show when the server named none (e.g. found in the browser). */
  error?: string;
  className?: string;
}

function useField(name: string, given?: string) {
  const server = useFieldError(name);
  const error = given ?? server;
  const id = `f-${name}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return { id, hintId, errorId, error };
}

function Describe({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(hint: unknown, hintId: string, error: unknown, errorId: string) {
  const ids = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return ids || undefined;
}

/** Our own description ids and one more a caller gives (a translation's fallback note). */
const joinIds = (own: string | undefined, extra: string | undefined) =>
  [own, extra].filter(Boolean).join(" ") || undefined;

export function TextField({
  name,
  label,
  hint,
  error,
  className,
  ...input
}: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const f = useField(name, error);
  return (
    <div className={className}>
      <label htmlFor={f.id} className="block text-sm font-medium text-slate-800">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={f.id}
        name={name}
        className={control}
        aria-invalid={f.error ? true : undefined}
        {...input}
        aria-describedby={joinIds(describedBy(hint, f.hintId, f.error, f.errorId), input["aria-describedby"])}
      />
      <Describe hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} />
    </div>
  );
}

/** Euros typed as "12.50"; the clientAction turns them into cents (lib/format centsFromInput). */
export function MoneyField({
  defaultCents,
  ...props
}: FieldShell & {
  defaultCents?: number | null;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      {...props}
      inputMode="decimal"
      defaultValue={inputFromCents(defaultCents)}
      autoComplete="off"
    />
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  error,
  className,
  ...input
}: FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const f = useField(name, error);
  return (
    <div className={className}>
      <label htmlFor={f.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={f.id}
        name={name}
        rows={4}
        className={control}
        aria-invalid={f.error ? true : undefined}
        {...input}
        aria-describedby={joinIds(describedBy(hint, f.hintId, f.error, f.errorId), input["aria-describedby"])}
      />
      <Describe hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  hint,
  error,
  className,
  options,
  ...select
}: FieldShell & { options: { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name"
  >) {
  const f = useField(name, error);
  // Preact (the browser's React) ignores defaultValue on a <select>: the option says it instead.
  const { defaultValue, ...rest } = select;
  const initial = defaultValue === undefined || select.value !== undefined ? undefined : String(defaultValue);
  return (
    <div className={className}>
      <label htmlFor={f.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={f.id}
        name={name}
        className={control}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(hint, f.hintId, f.error, f.errorId)}
        {...rest}
      >
        {options.map((o) => (
          <option
            key={o.value}
            value={o.value}
            selected={initial === undefined ? undefined : o.value === initial}
          >
            {o.label}
          </option>
        ))}
      </select>
      <Describe hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} />
    </div>
  );
}

/** A yes/no setting; unchecked boxes send nothing, so read it as `form.get(name) === "on"`. */
export function CheckboxField({
  name,
  label,
  hint,
  error,
  className,
  ...input
}: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  const f = useField(name, error);
  return (
    <div className={`flex items-start gap-3 ${className ?? ""}`}>
      <input
        id={f.id}
        name={name}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-400 accent-indigo-700"
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(hint, f.hintId, f.error, f.errorId)}
        {...input}
      />
      <div>
        <label htmlFor={f.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <Describe hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} />
      </div>
    </div>
  );
}
