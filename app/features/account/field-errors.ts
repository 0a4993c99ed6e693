// Which fields of a form are wrong and why (registration, the checkout's guest details, making an
// account from a guest order): each invalid field is marked and described next to it, the first
// one in the form's order takes the focus, and a field's message goes as soon as it is edited.
import { type FormEvent, useCallback, useState } from "react";

export interface FieldMessage {
  field: string;
  message: string;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The field messages a server refusal carries in details.fields, if any. */
export function fieldsOf(details: unknown): FieldMessage[] {
  const fields = (details as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldMessage => typeof f?.field === "string" && typeof f?.message === "string",
  );
}

export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Marks the fields and focuses the first of them in the form's order; false when there is none. */
  const show = useCallback((form: HTMLFormElement | null, list: readonly FieldMessage[]): boolean => {
    const next: FieldErrors = {};
    for (const { field, message } of list) next[field] ??= message;
    setErrors(next);
    if (!form || list.length === 0) return false;
    for (const el of Array.from(form.elements)) {
      const name = (el as HTMLInputElement).name;
      if (name && next[name] !== undefined) {
        (el as HTMLElement).focus();
        break;
      }
    }
    return true;
  }, []);

  /** On the form's input event: the edited field's message goes. */
  const onInput = useCallback((e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (!name) return;
    setErrors((prev) => {
      if (prev[name] === undefined) return prev;
      const { [name]: _gone, ...rest } = prev;
      return rest;
    });
  }, []);

  const clear = useCallback(() => setErrors({}), []);

  return { errors, show, onInput, clear };
}
