// The account screens show the rules' texts (core/validation/account.ts) and the API's answers in
// the page's language: a popup's title and text go through useCoreText's lookup.
import type { FormProblem } from "../../../core/validation/account";

/** `{ title, text }` of a rule's or the server's problem, looked up in the page's language. */
export function problemIn(text: (s: string) => string, p: FormProblem): FormProblem {
  return { title: text(p.title), text: p.text === undefined ? undefined : text(p.text) };
}
