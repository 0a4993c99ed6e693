// What search compares: the text lower-cased, Greek accents (tonos, dialytika) dropped and a final
// sigma written as a plain one, so "Υγρά", "υγρα" and "ΥΓΡΑ" are the same word. The database does
// the same with search_fold() (store migration 0010), which builds products.search_text; a unit
// test holds the two to each other.
const FROM = "άέήίόύώϊϋΐΰς";
const TO = "αεηιουωιυιυσ";
const MAP = new Map([...FROM].map((c, i) => [c, TO[i] as string]));

export function searchFold(text: string): string {
  let out = "";
  for (const c of text.toLowerCase()) out += MAP.get(c) ?? c;
  return out;
}
