// Form controls of the account screens: labelled, large touch targets, brand focus rings.
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

const controlBase =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 transition focus:outline-none focus:ring-2 disabled:bg-slate-50";
// One border colour or the other, never both: two colour utilities on one element resolve by
// their order in the stylesheet, and the red of an invalid field lost to the grey.
const validBorder = "border-slate-300 focus:border-brand focus:ring-brand/25";
const invalidBorder = "border-red-600 focus:border-red-600 focus:ring-red-600/25";
const controlFor = (error: string | undefined) => `${controlBase} ${error ? invalidBorder : validBorder}`;

/** A field's label; the asterisk of a required field is for the eye (aria-required tells the rest). */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-red-600">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/** What is wrong with a field, next to it; the control points to it with aria-describedby. */
function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700" data-field-error="">
      {error}
    </p>
  );
}

/** aria-invalid and aria-describedby (hint, error) of a control. */
function described(id: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids || undefined,
  } as const;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** What is wrong with the value: marks the field invalid and says so under it. */
  error?: string;
}

export function TextField({ label, required, hint, error, className, ...input }: FieldProps) {
  const id = useId();
  // A hint the error already says (the phone's 'Digits only, e.g. 99123456') is not said twice.
  const showHint = Boolean(hint) && hint !== error;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        className={controlFor(error)}
        aria-required={required || undefined}
        {...described(id, showHint, error)}
        {...input}
      />
      <FieldError id={`${id}-error`} error={error} />
      {showHint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  required?: boolean;
  options: { value: string; label: string }[];
  placeholder?: string;
  error?: string;
}

export function SelectField({
  label,
  required,
  options,
  placeholder,
  error,
  className,
  ...select
}: SelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        className={`${controlFor(error)} appearance-none bg-[length:1.1rem] bg-[right_0.75rem_center] bg-no-repeat pr-10`}
        style={{ backgroundImage: CHEVRON }}
        aria-required={required || undefined}
        {...described(id, false, error)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

const CHEVRON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%2364748b'%3E%3Cpath d='M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z'/%3E%3C/svg%3E")`;

export function CheckboxField({
  label,
  error,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-[var(--color-brand)]"
          {...described(id, false, error)}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SubmitButton({
  children,
  busy,
  className = "",
  ...rest
}: { children: ReactNode; busy?: boolean; className?: string } & Omit<
  InputHTMLAttributes<HTMLButtonElement>,
  "type"
>) {
  return (
    <button
      type="submit"
      disabled={busy || rest.disabled}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...(rest as object)}
    >
      {busy ? (
        <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
          <path d="M21 12a9 9 0 00-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {children}
    </button>
  );
}

/** Reads a form's named fields as strings (checkboxes as booleans via `checked`). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === "string") out[k] = v;
  return out;
}
