// The catalogues (core/messages): Greek has every English key with the same arguments and tags,
// every message compiles for use-intl's parser-free formatter, and the server's compiled catalogue
// falls back to English.
import compile from "icu-minify/compile";
import format from "icu-minify/format";
import { describe, expect, it } from "vitest";
import { CART_TEXT } from "../../core/cart";
import { LANGUAGES, SOURCE_LANG } from "../../core/language";
import { CATALOGUES } from "../../core/messages/catalogue";
import { translateCoreText } from "../../core/messages/core-text-lookup";
import { coreTextEntries, coreTextTemplates } from "../../core/messages/core-texts";
import { coreTextsFor, messagesFor, pageMessagesFor, translatorFor } from "../../services/messages";

const formatOptions = {
  formatters: {
    getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
      new Intl.DateTimeFormat(...a),
    getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...a),
    getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...a),
  },
};

const english: Record<string, Record<string, string>> = CATALOGUES[SOURCE_LANG];

/** Argument names (`{name`, `{count, plural`) and rich-text tags (`<link>`) a message uses. */
function placeholders(message: string): string[] {
  const args = [...message.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...args, ...tags])].sort();
}

describe("message catalogues", () => {
  for (const lang of LANGUAGES.filter((l) => l !== SOURCE_LANG)) {
    it(`${lang} has every English key, and no key English lacks`, () => {
      const own: Record<string, Record<string, string> | undefined> = CATALOGUES[lang];
      const missing: string[] = [];
      const extra: string[] = [];
      for (const [ns, texts] of Object.entries(english)) {
        for (const key of Object.keys(texts)) if (own[ns]?.[key] === undefined) missing.push(`${ns}.${key}`);
        for (const key of Object.keys(own[ns] ?? {}))
          if (texts[key] === undefined) extra.push(`${ns}.${key}`);
      }
      expect(missing, `missing in ${lang}`).toEqual([]);
      expect(extra, `in ${lang} but not in English`).toEqual([]);
    });

    it(`${lang} uses the same arguments and tags as English in every message`, () => {
      const own: Record<string, Record<string, string> | undefined> = CATALOGUES[lang];
      const differ: string[] = [];
      for (const [ns, texts] of Object.entries(english)) {
        for (const [key, text] of Object.entries(texts)) {
          const translated = own[ns]?.[key];
          if (translated === undefined) continue;
          if (placeholders(text).join() !== placeholders(translated).join()) differ.push(`${ns}.${key}`);
        }
      }
      expect(differ).toEqual([]);
    });
  }

  it("translates every constant text of the rules (core/messages/core-texts.ts)", async () => {
    const el: Record<string, string> = (await import("../../core/messages/el/core-texts.json")).default;
    const entries = [...coreTextEntries(), ...coreTextTemplates().map(([path]) => [path, ""] as const)];
    const missing = entries.filter(([path]) => el[path] === undefined).map(([path]) => path);
    const known = new Set(entries.map(([path]) => path));
    const extra = Object.keys(el).filter((path) => !known.has(path));
    expect(missing, "missing in el/core-texts.json").toEqual([]);
    expect(extra, "in el/core-texts.json but no longer a rule's text").toEqual([]);
  });

  it("shows the rules' texts in the page's language, a text made from a value included", () => {
    const el = coreTextsFor("el");
    expect(translateCoreText(el, CART_TEXT.added)).toBe("Το προϊόν προστέθηκε στο καλάθι.");
    expect(translateCoreText(el, CART_TEXT.availableStock(3))).toBe("Διαθέσιμο απόθεμα: 3");
    expect(translateCoreText(el, "Available stock: ")).toBe("Available stock: ");
    expect(translateCoreText(el, "A sentence no rule writes")).toBe("A sentence no rule writes");
    expect(translateCoreText(coreTextsFor("en"), CART_TEXT.added)).toBe(CART_TEXT.added);
  });

  it("compiles every message of every language", () => {
    const broken: string[] = [];
    for (const lang of LANGUAGES) {
      const own: Record<string, Record<string, string> | undefined> = CATALOGUES[lang];
      for (const [ns, texts] of Object.entries(own)) {
        for (const [key, text] of Object.entries(texts ?? {})) {
          try {
            compile(text);
          } catch (e) {
            broken.push(`${lang} ${ns}.${key}: ${(e as Error).message}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("keys are flat: no dot in a key (use-intl reads dots as nesting)", () => {
    const dotted = Object.entries(english).flatMap(([ns, texts]) =>
      Object.keys(texts)
        .filter((k) => k.includes("."))
        .map((k) => `${ns}.${k}`),
    );
    expect(dotted).toEqual([]);
  });

  it("formats on the server from the compiled catalogue, in each language", () => {
    expect(translatorFor("en", "Errors")("notFoundTitle")).toBe("Error 404");
    expect(translatorFor("el", "Errors")("notFoundTitle")).toBe("Σφάλμα 404");
    expect(messagesFor("el").Errors).toBe(messagesFor("el").Errors);
    // A page carries what its components format, not the server's mail texts.
    expect(Object.keys(pageMessagesFor("el"))).not.toContain("Mail");
    expect(pageMessagesFor("el").Errors).toBe(messagesFor("el").Errors);
    const plural = compile("{count, plural, one {# item} other {# items}} for <b>{name}</b>");
    expect(
      format(plural, "el-GR", { count: 1234, name: "Μαρία", b: (c) => `*${c.join("")}*` }, formatOptions),
    ).toEqual("1.234 items for *Μαρία*");
  });
});
