// Shop content in a language (docs/decisions/0035-languages.md, step 3): a record read in a
// language other than English carries the names of the fields that had no translation and so
// are shown in English; the page marks those with lang="en" (WCAG 3.1.2, language of parts).

export interface Untranslated {
  /** Fields shown in the English source because they have no translation; absent on English reads. */
  untranslated?: readonly string[];
}

/** `lang` for an element showing `field` of `record`: "en" where it fell back, else nothing. */
export function fallbackLang(record: Untranslated | null | undefined, field: string): "en" | undefined {
  return record?.untranslated?.includes(field) ? "en" : undefined;
}
