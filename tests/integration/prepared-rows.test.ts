// `preparedRows` (db/client.ts): the listing's and hydration's statements as named prepared
// statements on PostgreSQL. The answers must be those of an ordinary query for every value (a
// prepared statement keeps its plan, never its results), on both drivers, in and out of a
// transaction; on PostgreSQL the statement is prepared on the connection that ran it, and a
// process prepares at most 200 texts (each connection keeps the plans it ran).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, preparedRows, queryRows } from "../../db/client";
import * as storeSchema from "../../db/store/schema";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

describe.each(driversFor("both"))("preparedRows on %s", (driver) => {
  let t: TestDb<"store">;

  beforeAll(async () => {
    t = await createTestDatabase(driver, "store");
    await t.handle.db.execute(
      sql`insert into brands (name, code) select 'Brand ' || i, 'B' || i from generate_series(1, 30) i`,
    );
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const statement = (ids: number[], prefix: string) =>
    sql`select b.id, b.name from brands b
         where b.id in (select unnest(${`{${ids.join(",")}}`}::int[])) and b.name like ${`${prefix}%`}
         order by b.id`;

  it("answers as an ordinary query for every value, many times over", async () => {
    for (let round = 0; round < 12; round++) {
      const ids = [round + 1, round + 5, round + 9];
      const prefix = round % 3 === 0 ? "Nothing" : "Brand";
      const prepared = await preparedRows<{ id: number; name: string }>(t.handle.db, statement(ids, prefix));
      const plain = await queryRows<{ id: number; name: string }>(t.handle.db, statement(ids, prefix));
      expect(prepared).toEqual(plain);
      expect(prepared.length).toBe(prefix === "Nothing" ? 0 : 3);
    }
  });

  it("sees the transaction's own writes inside a transaction", async () => {
    await t.handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`update brands set name = 'Brand renamed' where id = 2`);
        const rows = await preparedRows<{ id: number; name: string }>(tx, statement([2], "Brand"));
        expect(rows).toEqual([{ id: 2, name: "Brand renamed" }]);
        throw new Error("roll back");
      })
      .catch((err: Error) => expect(err.message).toBe("roll back"));
    const after = await preparedRows<{ id: number; name: string }>(t.handle.db, statement([2], "Brand"));
    expect(after).toEqual([{ id: 2, name: "Brand 2" }]);
  });

  it.runIf(driver === "pg")(
    "is prepared on the connection that ran it, under one name per text",
    async () => {
      // Every pooled connection that ran it holds it; ask until the asking connection is one of them.
      const names = new Set<string>();
      for (let i = 0; i < 20 && names.size === 0; i++) {
        await preparedRows(t.handle.db, statement([1], "Brand"));
        const rows = await queryRows<{ name: string }>(
          t.handle.db,
          sql`select name from pg_prepared_statements where statement like '%from brands b%'`,
        );
        for (const r of rows) names.add(r.name);
      }
      expect(names.size).toBe(1);
      expect([...names][0]).toMatch(/^q_[0-9a-f]{24}$/);
    },
  );

  it.runIf(driver === "pg")("prepares at most 200 texts, and answers the rest unnamed", async () => {
    // One connection, so every statement prepared in this process is on the one asked.
    const one = await openDatabase(t.target, storeSchema, { poolSize: 1 });
    try {
      for (let i = 0; i < 250; i++) {
        const rows = await preparedRows<{ n: number }>(
          one.db,
          sql`select ${sql.raw(String(i))}::int + ${1} as n`,
        );
        expect(rows).toEqual([{ n: i + 1 }]);
      }
      const [held] = await queryRows<{ n: number }>(
        one.db,
        sql`select count(*)::int as n from pg_prepared_statements where name like 'q\_%'`,
      );
      expect(held.n).toBeGreaterThan(150);
      expect(held.n).toBeLessThanOrEqual(200);
    } finally {
      await one.close();
    }
  });
});
