// Seeds the three demo stores: registry rows in the control database, one store database
// each (migrated, filled in one transaction) and the store's generated pictures.
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { serviceConfig } from "../../services/config";
import { pictureStoreIn } from "../../services/pictures/store";
import { type DbHandle, dropPostgresDatabase, isPostgresUrl, migrateDatabase, openDatabase } from "../client";
import type * as controlSchema from "../control/schema";
import { storeDomains, stores } from "../control/schema";
import * as storeSchema from "../store/schema";
import { buildCatalogue } from "./catalog";
import { DEMO_ACCOUNTS, DEMO_PAYMENT_SECRETS, DEMO_STAFF, demoApiKey } from "./demo-accounts";
import { createMigratedFolder, EmptyStoreTemplate, isFreshEmbeddedTarget } from "./embedded-template";
import { ImageRenderer, ImageWriter } from "./images";
import { writeDemoSeedMarker } from "./marker";
import { type AccountWithHash, insertStoreData } from "./store-data";
import { FAVICON_URL, LOGO_URL, writeStoreImages } from "./store-images";
import { DEMO_STORES, type DemoStoreDef } from "./stores";

export interface SeedOptions {
  control: DbHandle<typeof controlSchema>; // already migrated control database
  dataDir: string; // images go to `${dataDir}/images/${img_folder}/...`
  storeTarget(storeId: string): string; // a postgres:// URL or an embedded folder path for that store's DB
  log?: (msg: string) => void;
  /**
   * True when whatever an unregistered store left at this target (a half-made folder or
   * database, stray picture files) may be wiped and made again: the seed's own default
   * location. Otherwise a database that is already filled is registered as it is, and one
   * that is not is filled in place.
   */
  startOver?(storeId: string, target: string): boolean;
}

export async function seedDemoStores(opts: SeedOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  const template = new EmptyStoreTemplate(join(opts.dataDir, ".seed-template"));
  const renderer = new ImageRenderer();
  try {
    // Before the first write: a start killed from here on resumes instead of seeing a data
    // folder with some stores and taking it for a finished one.
    await writeDemoSeedMarker(opts.control, "started");
    await template.clearScratch();
    for (const store of DEMO_STORES) {
      const existing = await opts.control.db
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.id, store.id));
      if (existing.length > 0) {
        log(`seed: store ${store.id} already registered, skipped`);
        continue;
      }
      await seedStore(store, opts, log, template, renderer);
    }
    await writeDemoSeedMarker(opts.control, "done");
  } finally {
    await template.dispose();
  }
}

async function seedStore(
  store: DemoStoreDef,
  opts: SeedOptions,
  log: (msg: string) => void,
  template: EmptyStoreTemplate,
  renderer: ImageRenderer,
): Promise<void> {
  const started = performance.now();
  const target = opts.storeTarget(store.id);
  const products = buildCatalogue(store.catalogue);
  const imageDir = join(opts.dataDir, "images", store.imgFolder);
  const pictures = pictureStoreIn(serviceConfig().pictures, { imgFolder: store.imgFolder, imageDir });
  const startOver = opts.startOver?.(store.id, target) ?? false;
  if (startOver) {
    // The store is not registered, so nothing here was served or changed by anyone: an
    // embedded folder killed mid-initdb or mid-fill cannot be trusted (nor safely opened).
    if (!isPostgresUrl(target) && target !== "memory://") {
      await rm(target, { recursive: true, force: true });
      await rm(`${target}.partial`, { recursive: true, force: true });
    }
    // The folder goes whole: its listing skips the `.partial` files a killed write leaves.
    if (pictures.kind === "folder") await rm(imageDir, { recursive: true, force: true });
    else for await (const p of pictures.list()) await pictures.delete(p.key);
  }

  // Pictures render on sharp's thread pool while the database work below runs on this thread.
  const writer = new ImageWriter(pictures, renderer);
  const images = writeStoreImages(store, products, writer);
  const accounts = Promise.all([
    ...DEMO_ACCOUNTS.filter((a) => a.storeId === store.id).map(async (account) => ({
      account,
      passwordHash: await hash(account.password),
    })),
    ...DEMO_STAFF.filter((a) => a.storeId === store.id).map(async (member) => ({
      member,
      passwordHash: await hash(member.password),
    })),
  ]);
  // Both are awaited below; these handlers only stop an early failure counting as unhandled
  // while the database work is still running.
  images.catch(() => {});
  accounts.catch(() => {});
  try {
    await fillStoreDatabase(store, target, products, accounts, template, log, startOver);
    await images;
  } finally {
    // Never leave image writes running behind a failure (and never leave a rejection unobserved).
    await Promise.allSettled([images, accounts]);
  }

  if (!isPostgresUrl(target) && resolve(target) !== resolve(opts.dataDir, "stores", store.id)) {
    const fallback = join(opts.dataDir, "stores", store.id);
    log(`seed: warning: store ${store.id} lives in ${target}, but a null db_conn_str means ${fallback}`);
  }
  // Registered last, in one transaction: a store row therefore always means "fully seeded",
  // and a run that failed half-way is simply retried by the next one.
  await registerStore(store, target, opts.control);
  log(
    `seed: store ${store.id} ready in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${writer.stats.files} image files, ${writer.stats.renders} rendered)`,
  );
}

async function fillStoreDatabase(
  store: DemoStoreDef,
  target: string,
  products: ReturnType<typeof buildCatalogue>,
  accounts: Promise<AccountWithHash[]>,
  template: EmptyStoreTemplate,
  log: (msg: string) => void,
  startOver: boolean,
): Promise<void> {
  const fresh = await isFreshEmbeddedTarget(target);
  if (fresh && !template.ready) {
    // initdb and the migrations run under a temporary name: a kill leaves no half folder.
    await createMigratedFolder(target, "store", (partial) => template.captureFrom(partial));
  } else if (fresh && (await template.restoreInto(target))) {
    log(`seed: store ${store.id} database copied from the empty template`);
  }

  let handle: DbHandle<typeof storeSchema> | null = await openDatabase(target, storeSchema, {
    createIfMissing: true,
  });
  try {
    // A store database that already has settings was filled by an earlier run that stopped
    // before registering the store (the fill is one transaction): keep its data and only
    // finish the registration.
    if (await hasSettings(handle)) {
      await migrateDatabase(handle, "store");
      log(`seed: store ${store.id} database already has data, registering it as is`);
      return;
    }
    if (startOver && isPostgresUrl(target)) {
      // The seed's own database with no complete data: dropped and made again, so nothing an
      // interrupted run left behind (a half-applied migration, stray rows) survives.
      const old = handle;
      handle = null;
      await old.close();
      await dropPostgresDatabase(target);
      log(`seed: store ${store.id} database was incomplete, made again`);
      handle = await openDatabase(target, storeSchema, { createIfMissing: true });
    }
    const filling: DbHandle<typeof storeSchema> = handle;
    await migrateDatabase(filling, "store");
    const hashed = await accounts;
    const counts = await filling.db.transaction((tx) => insertStoreData(tx, store, products, hashed));
    log(
      `seed: store ${store.id}: ${counts.products} products, ${counts.stockRows} stock rows, ` +
        `${counts.historyOrders} history orders (${counts.historyMs} ms)`,
    );
  } finally {
    await handle?.close();
  }
}

/** Settings are written in the fill's one transaction: any row means the fill committed. */
async function hasSettings(handle: DbHandle<typeof storeSchema>): Promise<boolean> {
  try {
    const rows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(storeSchema.settings);
    return (rows[0]?.n ?? 0) > 0;
  } catch {
    return false; // not migrated yet: no table, no data
  }
}

async function registerStore(
  store: DemoStoreDef,
  target: string,
  control: DbHandle<typeof controlSchema>,
): Promise<void> {
  const secrets = DEMO_PAYMENT_SECRETS[store.id];
  await control.db.transaction(async (tx) => {
    await tx.insert(stores).values({
      id: store.id,
      name: store.name,
      dbConnStr: isPostgresUrl(target) ? target : null,
      imgFolder: store.imgFolder,
      paymentProvider: "test",
      paymentAuth: secrets.auth,
      paymentSourceCode: secrets.sourceCode,
      paymentAltAuth: secrets.altAuth,
      apiUrl: `${store.url}/api/v1`,
      url: store.url,
      workingHours: store.workingHours,
      seo: store.seo,
      countries: store.countries,
      languages: store.languages,
      theme: { ...store.colours, logo: LOGO_URL, favicon: FAVICON_URL },
      apiKeyHash: createHash("sha256").update(demoApiKey(store.id)).digest("hex"),
      ga4Id: null,
      googlePlacesKey: null,
      googlePlaceId: store.googlePlaceId,
    });
    await tx.insert(storeDomains).values(store.domains.map((domain) => ({ domain, storeId: store.id })));
  });
}
