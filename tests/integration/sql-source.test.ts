// db/sql/<kind>/functions.sql is where a reader finds the current body of every SQL function and
// trigger; the migrations are what runs (docs/decisions/0040). On both drivers, for the store and the
// control database: the functions and triggers of a freshly migrated database are the ones the file
// names, and applying the file over that database (each statement is CREATE OR REPLACE) changes none
// of them, as PostgreSQL prints them (pg_get_functiondef, pg_get_triggerdef; whitespace runs folded).
// A body edited on one side only, a function or trigger added on one side only, fails here.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, type MigrationSet, queryRows } from "../../db/client";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const sourceOf = (kind: MigrationSet) => readFileSync(`db/sql/${kind}/functions.sql`, "utf8");

/**
 * The statements of a SQL file: split at semicolons outside dollar quotes, single quotes and
 * comments, comment-only pieces dropped.
 */
function statements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  let dollar: string | null = null;
  while (i < text.length) {
    if (dollar) {
      if (text.startsWith(dollar, i)) {
        i += dollar.length;
        dollar = null;
      } else i++;
      continue;
    }
    const c = text[i];
    if (c === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end + 1;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? text.length : end + 1;
    } else if (c === "$") {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i));
      if (tag) {
        dollar = tag[0];
        i += dollar.length;
      } else i++;
    } else if (c === ";") {
      out.push(text.slice(start, i + 1));
      start = ++i;
    } else i++;
  }
  out.push(text.slice(start));
  const code = (s: string) => s.replace(/^\s*--.*$/gm, "").trim();
  return out.filter((s) => code(s) !== "").map((s) => s.trim());
}

/** The function and trigger names a source file defines. */
function namesIn(text: string): { functions: string[]; triggers: string[] } {
  const found = (kind: string) =>
    statements(text)
      .map((s) => new RegExp(`^(?:--.*\\n|\\s)*CREATE OR REPLACE ${kind} "(\\w+)"`).exec(s)?.[1])
      .filter((n): n is string => n !== undefined)
      .sort();
  return { functions: found("FUNCTION"), triggers: found("TRIGGER") };
}

/** The database's own functions and triggers (not an extension's, not a foreign key's) as PostgreSQL prints them. */
async function catalogue(db: Db): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; def: string }>(
    db,
    sql`
    select 'function ' || p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid, true)
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
     order by 1`,
  );
  return new Map(rows.map((r) => [r.name, r.def.replace(/\s+/g, " ").trim()]));
}

/** What differs between two catalogues: names present on one side only or printed differently. */
function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

async function apply(db: Db, text: string): Promise<void> {
  for (const s of statements(text)) await db.execute(sql.raw(s));
}

describe("statements()", () => {
  it("splits at semicolons outside dollar quotes, strings and comments", () => {
    expect(
      statements(
        "-- a; comment\nCREATE FUNCTION f() AS $$ SELECT 1; $$;\nSELECT ';'; -- x;\nDO $b$ BEGIN; END $b$;\n-- tail",
      ),
    ).toEqual([
      "-- a; comment\nCREATE FUNCTION f() AS $$ SELECT 1; $$;",
      "SELECT ';';",
      "-- x;\nDO $b$ BEGIN; END $b$;",
    ]);
  });
});

describe.each(driversFor("both"))("SQL functions and triggers on %s", (driver) => {
  for (const kind of ["store", "control"] as const) {
    describe(`the ${kind} database`, () => {
      let t: TestDb<typeof kind>;
      beforeAll(async () => {
        t = await createTestDatabase(driver, kind);
      });
      afterAll(async () => t?.dispose());

      it(`has the functions and triggers db/sql/${kind}/functions.sql holds, body for body`, async () => {
        const db = t.handle.db as Db;
        const source = sourceOf(kind);
        const migrated = await catalogue(db);
        const names = namesIn(source);
        const of = (prefix: string) =>
          [...migrated.keys()]
            .filter((n) => n.startsWith(prefix))
            .map((n) => n.slice(prefix.length).split(/[ (]/)[0] as string)
            .sort();
        expect(of("function "), "functions: the migrated database vs the file").toEqual(names.functions);
        expect(of("trigger "), "triggers: the migrated database vs the file").toEqual(names.triggers);
        await apply(db, source);
        expect(
          differences(migrated, await catalogue(db)),
          "printed differently once the file is applied",
        ).toEqual([]);
      });

      if (kind === "store")
        it("tells a body that differs by one character (the check can fail)", async () => {
          const db = t.handle.db as Db;
          const source = sourceOf(kind);
          const before = await catalogue(db);
          const edited = source.replace("x.lexeme !~ '[0-9]'", "x.lexeme !~ '[0-8]'");
          expect(edited).not.toBe(source);
          await apply(db, edited);
          expect(differences(before, await catalogue(db))).toEqual([
            "function search_words_change(tsvector[],tsvector[])",
          ]);
          const trigger = source.replace(
            "FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)",
            "FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)",
          );
          expect(trigger).not.toBe(source);
          await apply(db, trigger);
          expect(differences(before, await catalogue(db))).toEqual(["trigger orders_track_update on orders"]);
          await apply(db, source);
          expect(differences(before, await catalogue(db))).toEqual([]);
        });
    });
  }
});
