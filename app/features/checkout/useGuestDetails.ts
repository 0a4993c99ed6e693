// The guest's details at checkout: what is typed (kept for the tab, storage.ts), the country the
// quote's shipping follows, and the check before placing: the register form's rules for these
// fields (core/validation/account.ts checkGuestContact), each invalid field marked and the first
// one focused.
import { type FormEvent, useRef, useState } from "react";
import { checkGuestContact } from "../../../core/validation/account";
import type { GuestContactInput } from "../../../core/validation/account-schemas";
import { type FieldMessage, useFieldErrors } from "../account/field-errors";
import { GUEST_FIELDS, type GuestDetailsDraft, readGuestDetails, saveGuestDetails } from "./storage";

export type GuestDetailsState = ReturnType<typeof useGuestDetails>;

export function useGuestDetails() {
  const formRef = useRef<HTMLFormElement>(null);
  // Read once: the checkout only mounts in the browser.
  const [initial] = useState(readGuestDetails);
  const [country, setCountry] = useState(initial.country);
  const fieldErrors = useFieldErrors();

  const draft = (): GuestDetailsDraft => {
    const out = { ...initial, country };
    const form = formRef.current;
    if (form) {
      for (const f of GUEST_FIELDS) {
        const el = form.elements.namedItem(f);
        if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) out[f] = el.value;
      }
    }
    return out;
  };

  return {
    formRef,
    initial,
    /** The chosen country; "" until the shopper picks one (the visitor's is shown until then). */
    country,
    setCountry: (code: string) => {
      setCountry(code);
      saveGuestDetails({ ...draft(), country: code });
    },
    errors: fieldErrors.errors,
    onInput: (e: FormEvent<HTMLFormElement>) => {
      fieldErrors.onInput(e);
      saveGuestDetails(draft());
    },
    /** The details to order with, or null once what is wrong is marked and focused. */
    check: (countries: readonly string[], shownCountry: string): GuestContactInput | null => {
      const details = { ...draft(), country: shownCountry };
      const problems = checkGuestContact(details, countries);
      if (problems.length > 0) {
        fieldErrors.show(formRef.current, problems);
        return null;
      }
      fieldErrors.clear();
      return details;
    },
    /** Fields the server refused (details.fields of its answer). */
    showFields: (fields: readonly FieldMessage[]) => fieldErrors.show(formRef.current, fields),
  };
}
