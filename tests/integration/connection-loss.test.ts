// A connection the database server ends (pg_terminate_backend: what every connection receives on a
// PostgreSQL restart, failover or pooler restart) while it is checked out of the pool, for a
// transaction or to hold the payment sweep's advisory lock (issue 38, item 1). Without a
// permanent 'error' listener on every pooled client the 'error' event went unhandled and ended the
// process; now the statement in flight fails (an outage: 503), the transaction leaves nothing
// behind, the pool serves again, and the lock holder reconnects and takes its lock again.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase, queryRows } from "../../db/client";
import { isUnavailableError } from "../../db/errors";
import { createTestDatabase, TEST_DATABASE_URL, type TestDb } from "../helpers/databases";

/** Ends the session of `pid` from another connection, as the server's shutdown would. */
async function terminate(url: string, pid: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("select pg_terminate_backend($1)", [pid]);
  } finally {
    await c.end();
  }
}

/** The process holding the session advisory lock `key` (hashtext, as whileLocked takes it), or null. */
async function lockHolder(url: string, key: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ pid: number }>(
      `select l.pid from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database())
          and l.objid::bigint = (hashtext($1)::bigint & 4294967295) and l.classid::bigint = ((hashtext($1)::bigint >> 32) & 4294967295)`,
      [key],
    );
    return r.rows[0]?.pid ?? null;
  } finally {
    await c.end();
  }
}

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
};

describe.skipIf(!TEST_DATABASE_URL)("a pooled connection ended by the server (PostgreSQL)", () => {
  let test: TestDb<"store">;
  let handle: DbHandle<Record<string, unknown>>;
  let url: string;

  beforeAll(async () => {
    test = await createTestDatabase("pg", "store", { migrate: false });
    url = test.target;
    handle = await openDatabase(url, {}, { poolSize: 3 });
    await handle.db.execute(sql`create table drop_probe (id int primary key)`);
  });
  afterAll(async () => {
    await handle?.close();
    await test?.dispose();
  });

  it("a transaction whose connection is ended fails as an outage, writes nothing, and the pool serves again", async () => {
    const attempt = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into drop_probe values (1)`);
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      // Ended between two statements: no query is in flight when the server's FATAL arrives.
      await terminate(url, Number(me?.pid));
      await new Promise((r) => setTimeout(r, 200));
      await tx.execute(sql`insert into drop_probe values (2)`);
    });
    const err = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, "the transaction failed").not.toBeNull();
    expect(isUnavailableError(err), `an outage (503), not a 500: ${String(err)}`).toBe(true);

    // In flight: the statement running when the connection ends fails too.
    const slow = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into drop_probe values (3)`);
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      const running = tx.execute(sql`select pg_sleep(5)`);
      await new Promise((r) => setTimeout(r, 200));
      await terminate(url, Number(me?.pid));
      await running;
    });
    const err2 = await slow.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUnavailableError(err2), `an outage (503), not a 500: ${String(err2)}`).toBe(true);

    const left = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drop_probe`);
    expect(left[0]?.n, "both transactions rolled back").toBe(0);
  });

  it("the advisory lock's holder reconnects and takes the lock again while the work runs", async () => {
    const key = "payment-sweep";
    const seen: (number | null)[] = [];
    const run = await handle.whileLocked(key, async () => {
      const first = await lockHolder(url, key);
      seen.push(first);
      await terminate(url, Number(first));
      // Reconnected: a new session holds the lock again before the work ends.
      const again = await until(async () => {
        const now = await lockHolder(url, key);
        return now !== null && now !== first;
      }, 10_000);
      seen.push(await lockHolder(url, key));
      expect(again, "the lock was taken again on a new connection").toBe(true);
      // Meanwhile no other process can take it.
      const other = await openDatabase(url, {}, { poolSize: 1 });
      try {
        expect((await other.whileLocked(key, async () => "ran")).ran).toBe(false);
      } finally {
        await other.close();
      }
      return "done";
    });
    expect(run).toEqual({ ran: true, value: "done" });
    expect(seen[0]).not.toBeNull();
    expect(seen[1]).not.toBe(seen[0]);
    // Released when the work ended.
    expect(await lockHolder(url, key)).toBeNull();
    await handle.ping();
  });
});
