// The back office's translations of shop content (docs/decisions/0035-languages.md, step 3):
// what an editor sends and receives beside the English record. English stays in the record's own
// fields; each other language the store offers has an object whose fields are the translation,
// null (or an empty string on input) meaning "not translated: the shop shows the English".
import { z } from "zod";
import { LANGUAGES, type Lang, SOURCE_LANG } from "../language";

/** The languages a translation may be written in: every storefront language but English. */
const TRANSLATION_LANGS = LANGUAGES.filter((l) => l !== SOURCE_LANG) as Exclude<Lang, "en">[];
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];

/** The store's languages an editor translates into (none on an English-only store). */
export function translationLangs(languages: readonly string[]): TranslationLang[] {
  return TRANSLATION_LANGS.filter((l) => languages.includes(l));
}

/** One translated text on input: trimmed; empty or null = not translated (falls back to English). */
export const translatedText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === "" ? null : v));

/**
 * `translations: { el?: {...fields} }` on an editor's input. Absent: the translations stay as they
 * are; a language present: its fields are written as given (a missing or empty one falls back).
 * A language the schema does not know, or a field it does not know, is refused.
 */
export function translationsInput<Shape extends z.ZodRawShape>(fields: Shape) {
  return z.strictObject({ el: z.strictObject(fields).optional() }, { error: "Unknown language." }).optional();
}

/** `translations` on an editor's output: one object per language the store offers beyond English. */
export function translationsOutput<Keys extends string>(keys: readonly Keys[]) {
  const shape = Object.fromEntries(keys.map((k) => [k, z.string().nullable()])) as Record<
    Keys,
    z.ZodNullable<z.ZodString>
  >;
  return z
    .object({ el: z.object(shape).optional() })
    .meta({ description: "Per language the store offers beyond English; null: shown in English" });
}

/** A translation's fields as the API carries them. */
type TranslationFields<Keys extends string> = Record<Keys, string | null>;
export type Translations<Keys extends string> = { el?: TranslationFields<Keys> };
