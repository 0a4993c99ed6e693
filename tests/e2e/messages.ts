// The storefront's catalogues (core/messages) for assertions: a Greek page is checked against the
// texts it is meant to show. Read from disk: Playwright's loader wants an import attribute for
// JSON that the project's TypeScript settings do not allow.
import { readFileSync } from "node:fs";

export function catalogue(lang: "en" | "el", namespace: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../core/messages/${lang}/${namespace}.json`, import.meta.url), "utf8"),
  );
}
