// Typo search through the catalogue's vocabulary (store migration 0011, docs/decisions/0036).
//
// search_words holds every lexeme of 3+ characters without a digit that a live product's `search`
// holds, with how many products hold it, kept exact by triggers on products. When full text finds
// nothing, each word of the query of 3+ letters is corrected against it: the few vocabulary words
// of highest trigram word similarity (at least 0.5; ties broken by how many products hold them).
// The search is then an ordinary full-text query, per word an OR of its corrections and the words
// ANDed, which the GIN index of products.search serves like the first phase; words under 3
// letters and words with a digit (codes, sizes, which the vocabulary does not hold) stay prefixes.
// A word with no correction means no result, without reading products.
//
// pg_trgm does not see Greek letters under the C locale (it keeps only the letters isalnum()
// knows, ASCII there), so on such a database a Greek word is compared with the vocabulary's words
// as transliterations (`latinGreek`): no index serves that, and the vocabulary is small enough to
// scan.
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { searchWords } from "../../db/store/schema";
import type { StoreDb } from "../context";

/** Trigram word similarity a misspelt word needs (pg_trgm's default of 0.6 misses "vlotaforge"). */
const THRESHOLD = "0.5";
/** Corrections kept per word, best first. */
const PER_WORD = 3;

/** Folded Greek letters and the ASCII letter or digit each is compared as where pg_trgm cannot see Greek. */
const GREEK = "αβγδεζηθικλμνξοπρστυφχψω";
const LATIN = "avgdezh8iklmn3oprstyfx4w";

/** Text with its folded Greek letters written in ASCII, 1:1, so trigrams under the C locale see them. */
function latinGreek(text: SQL): SQL {
  return sql`translate(${text}, ${GREEK}, ${LATIN})`;
}

/** A word pg_trgm may not see: one with a letter outside ASCII (words are lower-case letters, digits and dots). */
const NON_ASCII = /[^a-z0-9.]/;

/**
 * Whether pg_trgm makes trigrams of Greek letters on this database (not under the C locale),
 * asked once per database handle.
 */
const trigramsSeeGreek = new WeakMap<StoreDb, Promise<boolean>>();
function seesGreek(db: StoreDb): Promise<boolean> {
  let known = trigramsSeeGreek.get(db);
  if (!known) {
    known = queryRows<{ ok: boolean }>(db, sql`select cardinality(show_trgm('αβγ')) > 0 as ok`).then(
      (rows) => rows[0]?.ok === true,
    );
    known.catch(() => trigramsSeeGreek.delete(db));
    trigramsSeeGreek.set(db, known);
  }
  return known;
}

/**
 * Whether a word is in the vocabulary's scope: 3+ characters, no digit. search_words_change keeps
 * only such lexemes (`length(x.lexeme) >= 3 AND x.lexeme !~ '[0-9]'`, db/sql/store/functions.sql;
 * held equal by tests/integration/sql-constants.test.ts), and only such query words are corrected.
 */
export function corrects(word: string): boolean {
  return word.length >= 3 && !/\d/.test(word);
}

/** One vocabulary word as a tsquery operand: quoted, so it is taken as the lexeme it is. */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

export interface Correction {
  word: string;
  similarity: number;
}

export interface CorrectedQuery {
  /** Per corrected word, its corrections, best first. */
  words: Correction[][];
  /** The words that stay prefixes, as to_tsquery('simple', ...) text (`ab:* & 0.8:*`); null if none. */
  prefixes: string | null;
}

/**
 * Each query word of 3+ letters corrected against the vocabulary; null when some word has no
 * correction (or no word is corrected at all: the query is then the first phase's again).
 */
export async function correctWords(db: StoreDb, tokens: string[]): Promise<CorrectedQuery | null> {
  const wanted = tokens.filter(corrects);
  if (wanted.length === 0) return null;
  const latin = wanted.some((t) => NON_ASCII.test(t)) && !(await seesGreek(db));
  const words = wanted.map((w, i) => ({ i, w, latin: latin && NON_ASCII.test(w) }));
  const w = latinGreek(sql`t.w`);
  const s = latinGreek(sql`s.word`);
  // The words arrive as one JSON parameter: a value the planner cannot see into, so it costs `<%`
  // at its default selectivity instead of running word_similarity over the column's statistics.
  const query = sql`
    select t.i, c.word, c.similarity
      from json_to_recordset(${JSON.stringify(words)}::json) as t(i int, w text, latin boolean)
      cross join lateral (
        (select s.word, word_similarity(t.w, s.word) as similarity, s.n from ${searchWords} s
          where not t.latin and t.w <% s.word
         union all
         select s.word, word_similarity(${w}, ${s}), s.n from ${searchWords} s
          where t.latin and ${w} <% ${s})
        order by 2 desc, 3 desc, 1 limit ${PER_WORD}) c`;
  // The threshold is local to this transaction, so pooled connections keep the default.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${THRESHOLD}, true)`);
    return queryRows<{ i: number; word: string; similarity: number }>(tx, query);
  });
  const found: Correction[][] = wanted.map(() => []);
  for (const r of rows) found[Number(r.i)]?.push({ word: r.word, similarity: Number(r.similarity) });
  if (found.some((c) => c.length === 0)) return null;
  for (const c of found) c.sort((a, b) => b.similarity - a.similarity);
  const rest = tokens.filter((t) => !corrects(t));
  return { words: found, prefixes: rest.length > 0 ? rest.map((t) => `${t}:*`).join(" & ") : null };
}

/**
 * The products a corrected query finds, on `products p`: per word an OR of its corrections, the
 * words ANDed (one tsquery parameter made of quoted lexemes, not SQL), with the prefixes; ranked
 * by the similarity of the best correction each word's product holds, summed over the words.
 */
export function correctedMatch(q: CorrectedQuery): { where: SQL; rank: SQL } {
  const words = sql`${q.words.map((c) => `(${c.map((x) => lexeme(x.word)).join(" | ")})`).join(" & ")}::tsquery`;
  const tsq = q.prefixes ? sql`(${words} && to_tsquery('simple', ${q.prefixes}))` : words;
  const ranks = q.words.map(
    (c) =>
      sql`(case ${sql.join(
        c.map((x) => sql`when p.search @@ ${lexeme(x.word)}::tsquery then ${x.similarity}::real`),
        sql` `,
      )} else 0 end)`,
  );
  return { where: sql`p.search @@ ${tsq}`, rank: sql.join(ranks, sql` + `) };
}
