// The browser's half of the rules' texts (./core-texts.ts says what they are): the lookup alone,
// so a page's bundle carries none of the constants it does not show.

/**
 * What a page in another language receives: each constant's "English → translation", and each
 * template as [English before the value, English after it, translation with "{value}"].
 */
export interface CoreTexts {
  texts: Record<string, string>;
  templates: Array<[string, string, string]>;
}

/** Shows `text` in the page's language when it is one of the rules' texts (see CoreTexts). */
export function translateCoreText(map: CoreTexts | undefined, text: string): string {
  if (!map) return text;
  const exact = map.texts[text];
  if (exact !== undefined) return exact;
  for (const [before, after, translated] of map.templates) {
    if (text.length > before.length + after.length && text.startsWith(before) && text.endsWith(after))
      return translated.replace("{value}", text.slice(before.length, text.length - after.length));
  }
  return text;
}
