// Where a registered store's database lives, read the same way by the registry, the store
// commands, the CLIs and the tests: a registry row's postgres:// URL, else the embedded folder.
import { resolve } from "node:path";
import { isPostgresUrl } from "../client";

/** Where a store's database lives when its registry row names none. */
export function embeddedStoreTarget(dataDir: string, storeId: string): string {
  return resolve(dataDir, "stores", storeId);
}

/** The database a registry row points at (`db_conn_str`, or the embedded folder when it is null). */
export function storeTargetOf(dataDir: string, row: { id: string; dbConnStr: string | null }): string {
  return row.dbConnStr && isPostgresUrl(row.dbConnStr) ? row.dbConnStr : embeddedStoreTarget(dataDir, row.id);
}
