// core/search-fold.ts folds a search query as the database's search_fold() (store migration 0010)
// folds products.search_text: the two must agree on every string, or a Greek word typed one way
// would miss the same word stored the other. The SQL runs on PGlite.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFold } from "../../core/search-fold";
import { queryRows } from "../../db/client";
import { createTestDatabase, type TestDb } from "../helpers/databases";

const SAMPLES = [
  "Υγρά αναπλήρωσης",
  "ΥΓΡΑ",
  "υγρα",
  "Καπνός",
  "ΚΑΠΝΟΣ",
  "Ατμοποιητές & Κιτ",
  "Αξεσουάρ",
  "Προϊόντα",
  "Ϊ Ϋ ϊ ϋ ΐ ΰ",
  "Ά Έ Ή Ί Ό Ύ Ώ ά έ ή ί ό ύ ώ",
  "σς Σ",
  "Vaporesso XROS 3 Mini",
  "Grape Ice 10ml 6mg",
  "Ελληνική ετικέτα 0.8Ω",
  "MIXED Καπνός vape",
  "",
];

/** Greek and Latin letters in both cases, with and without accents, digits and spaces. */
const ALPHABET = [..."ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫαβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰςAZaz09 "];

describe("searchFold and SQL search_fold()", () => {
  let db: TestDb<"store">;

  // The config's hook timeout: the store template may be in the making by another worker.
  beforeAll(async () => {
    db = await createTestDatabase("pglite", "store");
  });
  afterAll(async () => db?.dispose());

  const sqlFold = async (texts: string[]) => {
    const rows = await queryRows<{ f: string }>(
      db.handle.db,
      sql`select search_fold(t) as f from unnest(${`{${texts.map((t) => `"${t}"`).join(",")}}`}::text[]) with ordinality as x(t, n) order by n`,
    );
    return rows.map((r) => r.f);
  };

  it("fold the sample strings alike", async () => {
    expect(await sqlFold(SAMPLES)).toEqual(SAMPLES.map(searchFold));
    expect(searchFold("Καπνός ΥΓΡΆ")).toBe("καπνοσ υγρα");
  });

  it("fold any string of Greek and Latin letters alike", async () => {
    const strings = fc.sample(
      fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }).map((a) => a.join("")),
      {
        numRuns: 300,
        seed: 37,
      },
    );
    expect(await sqlFold(strings)).toEqual(strings.map(searchFold));
  });
});
