// Translating an editor's texts (docs/decisions/0035-languages.md, step 3): an "English /
// Ελληνικά" tab list (ARIA tabs: arrow keys, Home and End move between them) around the fields,
// shown only when the store offers a language beyond English. The Greek fields show the English
// as their placeholder and say when they are empty, i.e. when the shop shows the English.
// Both panels stay in the form (the hidden one too), so one save sends both languages.
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { type TranslationLang, type Translations, translationLangs } from "../../../core/admin/translations";
import { LANGUAGE_NAMES, type Lang } from "../../../core/language";
import { RichTextField } from "../catalog/RichTextField";
import { useAdminSession } from "../session";
import { TextAreaField, TextField } from "./fields";

/** The languages this store's editors translate into (none on an English-only store). */
function useTranslationLangs(): TranslationLang[] {
  return translationLangs(useAdminSession().store.languages);
}

/** The form field name of a translated field: `el.name`. */
const translatedName = (lang: TranslationLang, field: string) => `${lang}.${field}`;

/**
 * `translations` for the API from a form's `<lang>.<field>` entries; undefined when the form had no
 * translated fields (an English-only store), so the save leaves translations alone.
 */
export function readTranslationsForm<Keys extends string>(
  form: FormData,
  fields: readonly Keys[],
): Translations<Keys> | undefined {
  const out: Translations<Keys> = {};
  let any = false;
  for (const lang of ["el"] as const) {
    if (!fields.some((f) => form.has(translatedName(lang, f)))) continue;
    any = true;
    out[lang] = Object.fromEntries(
      fields.map((f) => {
        const v = String(form.get(translatedName(lang, f)) ?? "").trim();
        return [f, v === "" ? null : v];
      }),
    ) as Record<Keys, string | null>;
  }
  return any ? out : undefined;
}

const FALLBACK_NOTE = "Shown in English until translated";

function FallbackNote({ id, shown }: { id: string; shown: boolean }) {
  // Always in the page (aria-describedby points at it); its words only while the field is empty.
  return (
    <p id={id} className="mt-1 text-xs font-medium text-amber-800">
      {shown ? FALLBACK_NOTE : ""}
    </p>
  );
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/**
 * One translated field: the English as placeholder, the translation as the value, and the note
 * "Shown in English until translated" while it is empty.
 */
export function TranslatedField({
  lang,
  field,
  label,
  english,
  value,
  kind = "text",
  maxLength,
  rows,
  readOnly,
  headings,
}: {
  lang: TranslationLang;
  field: string;
  label: string;
  /** The English text (HTML for kind "html"). */
  english: string | null | undefined;
  /** The saved translation; null: none. */
  value: string | null | undefined;
  kind?: "text" | "textarea" | "html";
  maxLength?: number;
  rows?: number;
  readOnly?: boolean;
  headings?: boolean;
}) {
  const name = translatedName(lang, field);
  const [current, setCurrent] = useState(value ?? "");
  const noteId = `${useId()}-fallback`;
  const empty = kind === "html" ? plainText(current) === "" : current.trim() === "";
  const placeholder = kind === "html" ? plainText(english ?? "").slice(0, 400) : (english ?? "");
  const fullLabel = `${label} (${LANGUAGE_NAMES[lang]})`;
  if (kind === "html")
    return (
      <div>
        <RichTextField
          name={name}
          label={fullLabel}
          defaultValue={value ?? ""}
          readOnly={readOnly}
          headings={headings}
          placeholder={placeholder}
          lang={lang}
          onValueChange={setCurrent}
          describedBy={noteId}
        />
        <FallbackNote id={noteId} shown={empty} />
      </div>
    );
  const common = {
    name,
    label: fullLabel,
    defaultValue: value ?? "",
    placeholder,
    maxLength,
    lang,
    "aria-describedby": noteId,
  };
  return (
    <div>
      {kind === "textarea" ? (
        <TextAreaField {...common} rows={rows ?? 3} onInput={(e) => setCurrent(e.currentTarget.value)} />
      ) : (
        <TextField {...common} onInput={(e) => setCurrent(e.currentTarget.value)} />
      )}
      <FallbackNote id={noteId} shown={empty} />
    </div>
  );
}

/**
 * "English / Ελληνικά" tabs: `english` in the first panel, `translated(lang)` in one panel per
 * language the store offers beyond English. On an English-only store: just `english`.
 */
export function LanguageTabs({
  label,
  english,
  translated,
}: {
  /** What the tabs switch, e.g. "Product texts". */
  label: string;
  english: ReactNode;
  translated: (lang: TranslationLang) => ReactNode;
}) {
  const langs = useTranslationLangs();
  const [active, setActive] = useState<Lang>("en");
  const id = useId();
  const tabs = useRef<(HTMLDivElement | null)[]>([]);
  if (langs.length === 0) return <>{english}</>;
  const all: Lang[] = ["en", ...langs];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, i: number) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setActive(all[i] ?? "en");
      return;
    }
    const next =
      e.key === "ArrowRight"
        ? (i + 1) % all.length
        : e.key === "ArrowLeft"
          ? (i - 1 + all.length) % all.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? all.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(all[next] ?? "en");
    tabs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-300"
      >
        {/* Not <button>s: a read-only form is a disabled fieldset, which would disable them too,
            and a staff member who may only read must still see the Greek. */}
        {all.map((l, i) => (
          <div
            key={l}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            role="tab"
            id={`${id}-tab-${l}`}
            aria-selected={active === l}
            aria-controls={`${id}-panel-${l}`}
            tabIndex={active === l ? 0 : -1}
            lang={l}
            onClick={() => setActive(l)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className="-mb-px cursor-pointer rounded-t-md border border-b-0 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-selected:border-slate-300 aria-selected:bg-white aria-selected:text-indigo-800"
          >
            {LANGUAGE_NAMES[l]}
          </div>
        ))}
      </div>
      {all.map((l) => (
        <div
          key={l}
          role="tabpanel"
          id={`${id}-panel-${l}`}
          aria-labelledby={`${id}-tab-${l}`}
          hidden={active !== l}
        >
          {l === "en" ? english : translated(l as TranslationLang)}
        </div>
      ))}
    </div>
  );
}
