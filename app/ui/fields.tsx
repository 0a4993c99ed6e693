// Form controls of the account screens: labelled, large touch targets, brand focus rings.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useSyncExternalStore,
} from "react";

const noop = () => () => {};
/** False during server rendering and hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const control =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 transition focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 disabled:bg-slate-50";

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

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  required?: boolean;
  hint?: ReactNode;
}

export function TextField({ label, required, hint, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input id={id} className={control} aria-required={required || undefined} {...input} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  required?: boolean;
  options: { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, required, options, placeholder, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        className={`${control} appearance-none bg-[length:1.1rem] bg-[right_0.75rem_center] bg-no-repeat pr-10`}
        style={{ backgroundImage: CHEVRON }}
        aria-required={required || undefined}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const CHEVRON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%2364748b'%3E%3Cpath d='M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z'/%3E%3C/svg%3E")`;

export function CheckboxField({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-[var(--color-brand)]"
        {...input}
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
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
