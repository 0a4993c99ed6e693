// The store commands (`npm run store`): add a store (its database created, migrated and given a
// minimal valid set of settings, then registered), list, change domains, pause, resume, remove.
// The same code runs in the CLI's process or in the server's (through the operator listener, when
// the embedded database belongs to a running server); the caller says how to announce a change.
import { rm } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Lang, SOURCE_LANG } from "../../core/language";
import {
  type AddStoreCommand,
  DEFAULT_COUNTRIES,
  defaultStoreUrl,
  type StoreCommand,
} from "../../core/operator/store-commands";
import {
  type DbHandle,
  dropPostgresDatabase,
  isPostgresUrl,
  migrateDatabase,
  openDatabase,
  redactUrl,
} from "../../db/client";
import type * as controlSchema from "../../db/control/schema";
import { type Country, storeDomains, stores, type WeekdayHours } from "../../db/control/schema";
import { storeTargetOf } from "../../db/control/store-target";
import { type DatabaseIdentity, databaseIdentity, sameDatabase } from "../../db/database-identity";
import { faviconSvg, logoSvg } from "../../db/seed/art";
import { MAIN_COUNTRIES } from "../../db/seed/countries";
import { createFolderAtomically, isFreshEmbeddedTarget } from "../../db/seed/embedded-template";
import { FAVICON_URL, LOGO_URL } from "../../db/seed/store-images";
import * as storeSchema from "../../db/store/schema";
import { inviteStaff, resendInvite } from "../admin/staff";
import { serviceConfig } from "../config";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { pictureKeyOf, pictureStoreIn, pictureType } from "../pictures/store";
import { loadSettings } from "../settings";

type ControlHandle = DbHandle<typeof controlSchema>;

export interface StoreCommandDeps {
  control: ControlHandle;
  dataDir: string;
  /** The control database's target (a postgres:// URL or the embedded folder). */
  controlTarget: string;
  /** Where a new store's database goes when `add` names none (server/boot.ts defaultStoreTarget). */
  storeTarget(storeId: string): string;
  /** Every instance forgets what it keeps of this store (storeChanged, or NOTIFY from the CLI). */
  announce(storeId: string): Promise<void> | void;
  /** Closes this process's handle on the store's database before a purge deletes it. */
  closeStore?(storeId: string): Promise<void>;
}

interface ListedStore {
  id: string;
  name: string;
  domains: string[];
  /** The postgres URL without its password, or "embedded". */
  database: string;
  paused: boolean;
}

export interface StoreCommandResult {
  /** What the operator reads, one line each. */
  lines: string[];
  stores?: ListedStore[];
  /** `add --owner-email`: the one-use link where the owner chooses a password. */
  ownerLink?: string;
}

const BRAND = { primary: "#0f766e", primaryDark: "#134e4a", accent: "#f59e0b" };
const WORKING_HOURS: WeekdayHours[] = ([1, 2, 3, 4, 5] as const).map((day) => ({
  day,
  open: "09:00",
  close: "17:00",
}));
const SYSTEM = "store-command";
/** A new store takes the built-in test payments until its owner sets a provider. */
const NO_SECRETS: StoreContext["secrets"] = {
  paymentProvider: "test",
  paymentAuth: null,
  paymentSourceCode: null,
  paymentAltAuth: null,
  apiKeyHash: null,
  erpWebhookUrl: null,
  erpWebhookSecret: null,
  googlePlacesKey: null,
  apiUrl: null,
  googleClientId: null,
  googleClientSecret: null,
  facebookAppId: null,
  facebookAppSecret: null,
};

export async function runStoreCommand(
  deps: StoreCommandDeps,
  cmd: StoreCommand,
): Promise<StoreCommandResult> {
  switch (cmd.command) {
    case "add":
      return addStore(deps, cmd);
    case "list":
      return listStores(deps);
    case "domain-add":
      return addDomain(deps, cmd.id, cmd.domain);
    case "domain-remove":
      return removeDomain(deps, cmd.id, cmd.domain);
    case "pause":
    case "resume":
      return setPaused(deps, cmd.id, cmd.command === "pause");
    case "languages":
      return setLanguages(deps, cmd.id, cmd.languages);
    case "remove":
      return removeStore(deps, cmd.id, cmd.purge);
    case "database":
      return moveStore(deps, cmd.id, cmd.database);
  }
}

async function storeRow(control: ControlHandle, id: string) {
  const rows = await control.db.select().from(stores).where(eq(stores.id, id));
  const row = rows[0];
  if (!row) throw new ServiceError("not_found", `There is no store ${id} (npm run store -- list).`);
  return row;
}

async function domainsTaken(control: ControlHandle, domains: string[]) {
  return control.db
    .select({ domain: storeDomains.domain, storeId: storeDomains.storeId })
    .from(storeDomains)
    .where(inArray(storeDomains.domain, domains));
}

function countriesOf(codes: string[]): Country[] {
  const known = new Map(MAIN_COUNTRIES.map((c) => [c.code, c]));
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw new ServiceError(
      "invalid",
      `Unknown country code${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Known: ${[...known.keys()].join(" ")}.`,
    );
  return codes.map((c) => known.get(c) as Country);
}

async function addStore(deps: StoreCommandDeps, cmd: AddStoreCommand): Promise<StoreCommandResult> {
  const started = performance.now();
  const { control } = deps;
  if ((await control.db.select({ id: stores.id }).from(stores).where(eq(stores.id, cmd.id))).length > 0)
    throw new ServiceError("duplicate", `A store ${cmd.id} already exists; choose another id.`);
  const taken = await domainsTaken(control, cmd.domains);
  if (taken.length > 0)
    throw new ServiceError(
      "duplicate",
      taken.map((t) => `The domain ${t.domain} already belongs to store ${t.storeId}.`).join("\n"),
    );
  const countries = countriesOf(cmd.countries ?? DEFAULT_COUNTRIES);
  const target = cmd.database ?? deps.storeTarget(cmd.id);
  if (isPostgresUrl(target)) {
    const used = await whoUsesDatabase(deps, target, null);
    if (used.control)
      throw new ServiceError(
        "invalid",
        "That is the control database; give the store a database of its own.",
      );
    if (used.stores[0])
      throw new ServiceError(
        "duplicate",
        `Store ${used.stores[0]} already uses that database; name another.`,
      );
  }
  const url = (cmd.url ?? defaultStoreUrl(cmd.domains[0] as string)).replace(/\/+$/, "");
  const theme = { ...BRAND, logo: LOGO_URL, favicon: FAVICON_URL };
  const seo = {
    title: cmd.name,
    description: `${cmd.name}: shop online.`,
  };
  const imgFolder = cmd.id;
  const lines: string[] = [];

  // The store database comes first and the registry row last: a row always means "complete",
  // and a command killed half-way leaves only a database that the next `add` fills or reuses.
  let ownerLink: string | undefined;
  const prepare = async (at: string) => {
    const handle = await openDatabase(at, storeSchema, { createIfMissing: true, poolSize: 2 });
    try {
      await migrateDatabase(handle, "store");
      const filled = await fillStore(handle, cmd, url, countries);
      lines.push(
        filled
          ? `Database ${shownTarget(target)} created and filled.`
          : `Database ${shownTarget(target)} already filled by an earlier run: reused.`,
      );
      if (cmd.ownerEmail) {
        const store: StoreContext = {
          config: {
            id: cmd.id,
            name: cmd.name,
            url,
            domains: cmd.domains,
            countries,
            languages: ["en"],
            workingHours: WORKING_HOURS,
            seo,
            theme,
            imgFolder,
            ga4Id: null,
            googlePlaceId: null,
            paused: false,
          },
          secrets: NO_SECRETS,
          settings: await loadSettings(handle.db, imgFolder),
          db: handle.db,
          imageDir: resolve(deps.dataDir, "images", imgFolder),
          host: cmd.domains[0] as string,
          lang: SOURCE_LANG,
        };
        ownerLink = await inviteOwner(
          store,
          cmd.ownerEmail,
          cmd.ownerName ?? cmd.ownerEmail.split("@")[0] ?? "Owner",
        );
        lines.push(
          `Owner ${cmd.ownerEmail} invited; they choose a password with this link (valid once): ${ownerLink}`,
        );
      }
    } finally {
      await handle.close();
    }
  };
  // A new embedded folder is made under a temporary name and renamed when complete: a kill during
  // initdb would otherwise leave a half data folder that the next run could not open.
  if (await isFreshEmbeddedTarget(target)) await createFolderAtomically(target, prepare);
  else await prepare(target);
  await writeBrandImages({ imgFolder, imageDir: resolve(deps.dataDir, "images", imgFolder) }, cmd.name);

  try {
    await control.db.transaction(async (tx) => {
      await tx.insert(stores).values({
        id: cmd.id,
        name: cmd.name,
        dbConnStr: isPostgresUrl(target) ? target : null,
        imgFolder,
        paymentProvider: "test",
        url,
        apiUrl: `${url}/api/v1`,
        workingHours: WORKING_HOURS,
        seo,
        countries,
        theme,
      });
      await tx.insert(storeDomains).values(cmd.domains.map((domain) => ({ domain, storeId: cmd.id })));
    });
  } catch (err) {
    // Another command took the id or a domain between the check above and this write.
    if (uniqueViolation(err))
      throw new ServiceError(
        "duplicate",
        `The id ${cmd.id} or one of its domains was taken meanwhile; nothing was registered.`,
      );
    throw err;
  }
  await deps.announce(cmd.id);
  lines.unshift(
    `Store ${cmd.id} (${cmd.name}) added in ${((performance.now() - started) / 1000).toFixed(1)} s: ${cmd.domains.join(", ")}.`,
  );
  return { lines, ownerLink };
}

/**
 * Writes the minimal valid store in one transaction: the settings every page reads, one web
 * warehouse (stock and checkout read settings.warehouse_id) and one shipping method (checkout
 * offers the methods of the shopper's country). False when an earlier run already did.
 */
async function fillStore(
  handle: DbHandle<typeof storeSchema>,
  cmd: AddStoreCommand,
  url: string,
  countries: Country[],
): Promise<boolean> {
  return handle.db.transaction(async (tx) => {
    const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(storeSchema.settings);
    if ((existing[0]?.n ?? 0) > 0) return false;
    const [warehouse] = await tx
      .insert(storeSchema.warehouses)
      .values({ code: "WEB", webDescription: cmd.name, showOnWeb: true })
      .returning({ id: storeSchema.warehouses.id });
    const settings: Record<string, string> = {
      site_url: url,
      company_name: cmd.name,
      email: cmd.ownerEmail ?? "",
      telephone: "",
      warehouse_id: String(warehouse?.id),
      image_main_path: "/images",
      categories_link: "/shop/sidebar/3cols",
      default_vat_rate: "19",
      points_percentage: "0",
      session_expire: "30",
      cookie_expire: "10080",
      show_stock: "true",
      show_sign_in: "true",
      show_sign_up: "true",
      show_place_order: "true",
      show_pay_now: "true",
      show_bank_transfer: "false",
      show_payment_wallet: "false",
      show_master_categories_home: "true",
      show_18: "false",
      show_maps: "false",
      allow_test_payments: "0",
      // The first country named: where the shop is established, preselected for visitors (0044).
      home_country: countries[0]?.code ?? "",
    };
    await tx
      .insert(storeSchema.settings)
      .values(Object.entries(settings).map(([key, value]) => ({ key, value })));
    await tx.insert(storeSchema.shippingMethods).values({
      description: "Courier",
      costCents: 500,
      countries: countries.map((c) => c.code),
      seq: 0,
    });
    return true;
  });
}

/**
 * The first owner: an invitation (an account without a password, so none can sign in with it, and
 * a one-use link), made by the back office's own invitation code. A re-run after a kill issues a
 * new link for the invitation an earlier run left.
 */
async function inviteOwner(store: StoreContext, email: string, name: string): Promise<string> {
  // The command is a system, not a member of staff: the audit entry has no staff row.
  const actor = { id: null, email: SYSTEM, ip: null, name: "The platform operator" };
  const found = await store.db
    .select()
    .from(storeSchema.staff)
    .where(sql`lower(${storeSchema.staff.email}) = ${email.toLowerCase()}`);
  const member = found[0];
  if (member && member.passwordHash !== null)
    throw new ServiceError(
      "duplicate",
      `${email} already has a back-office account with a password in this store.`,
    );
  const invitation = member
    ? await resendInvite(store, actor, member.id)
    : await inviteStaff(store, actor, { email, name, role: "owner" });
  return invitation.link;
}

/** The logo and favicon every page and mail shows: the theme names them, the store's pictures hold them. */
async function writeBrandImages(store: { imgFolder: string; imageDir: string }, name: string): Promise<void> {
  const pictures = pictureStoreIn(serviceConfig().pictures, store);
  const files: [string, string][] = [
    [LOGO_URL, logoSvg(name, BRAND.primary, BRAND.primaryDark, BRAND.accent)],
    [FAVICON_URL, faviconSvg(BRAND.primary, BRAND.accent)],
  ];
  for (const [url, svg] of files) {
    const key = pictureKeyOf(url);
    if (!key) throw new Error(`not a picture URL: ${url}`);
    await pictures.put(key, Buffer.from(svg), pictureType(key));
  }
}

function shownTarget(target: string): string {
  return isPostgresUrl(target) ? redactUrl(target) : target;
}

interface DatabaseUsers {
  /** It is the control database. */
  control: boolean;
  /** The stores (but the one asking) whose database it is. */
  stores: string[];
  /** Stores whose database did not answer, so that they cannot be told apart from it. */
  unreachable: string[];
}

/**
 * Who uses the PostgreSQL database `target` reaches: the control database and the registered
 * stores (but `except`), compared by what each server says a database is, never by the URLs'
 * text, which name one database in many ways (db/database-identity.ts).
 */
async function whoUsesDatabase(
  deps: StoreCommandDeps,
  target: string,
  except: string | null,
): Promise<DatabaseUsers> {
  const identity = await reach(target);
  const used: DatabaseUsers = { control: false, stores: [], unreachable: [] };
  if (isPostgresUrl(deps.controlTarget))
    used.control = sameDatabase(identity, await reach(deps.controlTarget));
  const rows = await deps.control.db
    .select({ id: stores.id, dbConnStr: stores.dbConnStr })
    .from(stores)
    .orderBy(asc(stores.id));
  const others = rows.filter((r) => r.id !== except && r.dbConnStr && isPostgresUrl(r.dbConnStr));
  // One question per distinct URL, all at once: a registry names few servers, each answers in ms.
  const asked = new Map<string, Promise<DatabaseIdentity | null>>();
  for (const r of others) {
    const url = r.dbConnStr as string;
    if (!asked.has(url))
      asked.set(
        url,
        databaseIdentity(url).catch(() => null),
      );
  }
  for (const r of others) {
    const theirs = await asked.get(r.dbConnStr as string);
    if (theirs === null || theirs === undefined) used.unreachable.push(r.id);
    else if (sameDatabase(identity, theirs)) used.stores.push(r.id);
  }
  return used;
}

async function reach(target: string): Promise<DatabaseIdentity> {
  try {
    return await databaseIdentity(target);
  } catch (err) {
    throw new ServiceError("invalid", `Cannot reach ${shownTarget(target)}: ${(err as Error).message}`);
  }
}

function uniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

async function listStores(deps: StoreCommandDeps): Promise<StoreCommandResult> {
  const [rows, domains] = await Promise.all([
    deps.control.db.select().from(stores).orderBy(asc(stores.id)),
    deps.control.db.select().from(storeDomains).orderBy(asc(storeDomains.domain)),
  ]);
  const listed: ListedStore[] = rows.map((s) => ({
    id: s.id,
    name: s.name,
    domains: domains.filter((d) => d.storeId === s.id).map((d) => d.domain),
    database: s.dbConnStr && isPostgresUrl(s.dbConnStr) ? redactUrl(s.dbConnStr) : "embedded",
    paused: s.pausedAt !== null,
  }));
  const lines =
    listed.length === 0
      ? ["No stores registered."]
      : listed.map(
          (s) => `${s.id}${s.paused ? " (paused)" : ""}  ${s.name}  [${s.domains.join(", ")}]  ${s.database}`,
        );
  return { lines, stores: listed };
}

async function addDomain(deps: StoreCommandDeps, id: string, domain: string): Promise<StoreCommandResult> {
  await storeRow(deps.control, id);
  const taken = await domainsTaken(deps.control, [domain]);
  if (taken[0])
    throw new ServiceError(
      "duplicate",
      taken[0].storeId === id
        ? `Store ${id} already answers on ${domain}.`
        : `The domain ${domain} already belongs to store ${taken[0].storeId}.`,
    );
  try {
    await deps.control.db.insert(storeDomains).values({ domain, storeId: id });
  } catch (err) {
    if (uniqueViolation(err))
      throw new ServiceError("duplicate", `The domain ${domain} was taken meanwhile.`);
    throw err;
  }
  await deps.announce(id);
  return { lines: [`Store ${id} now also answers on ${domain}.`] };
}

async function removeDomain(deps: StoreCommandDeps, id: string, domain: string): Promise<StoreCommandResult> {
  await storeRow(deps.control, id);
  const removed = await deps.control.db.transaction(async (tx) => {
    // Lock the store's domains so two removals at once cannot leave it with none.
    const own = await tx
      .select({ domain: storeDomains.domain })
      .from(storeDomains)
      .where(eq(storeDomains.storeId, id))
      .for("update");
    if (!own.some((d) => d.domain === domain))
      throw new ServiceError("not_found", `Store ${id} does not answer on ${domain}.`);
    if (own.length === 1)
      throw new ServiceError(
        "invalid_state",
        `${domain} is the last domain of store ${id}: add another first, or pause or remove the store.`,
      );
    await tx.delete(storeDomains).where(and(eq(storeDomains.domain, domain), eq(storeDomains.storeId, id)));
    return true;
  });
  if (removed) await deps.announce(id);
  return { lines: [`Store ${id} no longer answers on ${domain}.`] };
}

async function setPaused(deps: StoreCommandDeps, id: string, pause: boolean): Promise<StoreCommandResult> {
  const row = await storeRow(deps.control, id);
  if ((row.pausedAt !== null) === pause)
    return { lines: [`Store ${id} is already ${pause ? "paused" : "running"}; nothing changed.`] };
  await deps.control.db
    .update(stores)
    .set({ pausedAt: pause ? new Date() : null })
    .where(eq(stores.id, id));
  await deps.announce(id);
  return {
    lines: [
      pause
        ? `Store ${id} paused: shoppers get a 503 page; the back office still works.`
        : `Store ${id} resumed: shoppers are served again.`,
    ],
  };
}

async function setLanguages(
  deps: StoreCommandDeps,
  id: string,
  languages: Lang[],
): Promise<StoreCommandResult> {
  const row = await storeRow(deps.control, id);
  if (row.languages.join() === languages.join())
    return { lines: [`Store ${id} already speaks ${languages.join(", ")}; nothing changed.`] };
  await deps.control.db.update(stores).set({ languages }).where(eq(stores.id, id));
  await deps.announce(id);
  const [first, ...others] = languages;
  return {
    lines: [
      `Store ${id} speaks ${languages.join(", ")}: ${first} at unprefixed URLs${others.length ? `, ${others.map((l) => `${l} under /${l}/`).join(", ")}` : ""}.`,
    ],
  };
}

async function removeStore(deps: StoreCommandDeps, id: string, purge: boolean): Promise<StoreCommandResult> {
  const row = await storeRow(deps.control, id);
  const target = storeTargetOf(deps.dataDir, row);
  const imageDir = isAbsolute(row.imgFolder) ? row.imgFolder : resolve(deps.dataDir, "images", row.imgFolder);
  if (purge && isPostgresUrl(target)) {
    // Dropping a database is for ever: only when every other store's database answered and none is it.
    const used = await whoUsesDatabase(deps, target, id);
    if (used.control)
      throw new ServiceError(
        "invalid_state",
        "Its database is the control database: not purged, nothing removed.",
      );
    if (used.stores[0])
      throw new ServiceError(
        "invalid_state",
        `Store ${used.stores[0]} uses the same database: not purged, nothing removed.`,
      );
    if (used.unreachable.length > 0)
      throw new ServiceError(
        "unavailable",
        `The database of store${used.unreachable.length > 1 ? "s" : ""} ${used.unreachable.join(", ")} did not answer, so it cannot be told apart from this one: not purged, nothing removed. Try again when it answers, or remove without --purge.`,
      );
  }
  // The domains go with the row (on delete cascade).
  await deps.control.db.delete(stores).where(eq(stores.id, id));
  await deps.announce(id);
  const lines = [`Store ${id} removed from the registry; its domains answer 404 now.`];
  if (!purge) {
    lines.push(
      `Its data is kept: ${shownTarget(target)} and ${pictureStoreIn(serviceConfig().pictures, { imgFolder: row.imgFolder, imageDir }).where} (--purge deletes them).`,
    );
    return { lines };
  }
  await deps.closeStore?.(id);
  if (isPostgresUrl(target)) await dropPostgresDatabase(target);
  else {
    await rm(target, { recursive: true, force: true });
    await rm(`${target}.partial`, { recursive: true, force: true });
  }
  // Only a folder of the data folder's own: an absolute img_folder may be shared with something else.
  const backend = serviceConfig().pictures;
  if (backend.kind === "bucket") {
    const pictures = pictureStoreIn(backend, { imgFolder: row.imgFolder, imageDir });
    for await (const p of pictures.list()) await pictures.delete(p.key);
  } else if (isInside(resolve(deps.dataDir, "images"), imageDir))
    await rm(imageDir, { recursive: true, force: true });
  lines.push(`Purged: ${shownTarget(target)} and its pictures are deleted.`);
  return { lines };
}

/**
 * Serves a store from another PostgreSQL database: a restored backup, or a copy on another
 * server. The database must hold a store (settings present); it is migrated to this release's
 * schema first, so a backup taken before an upgrade works too. The old database is left as is.
 */
async function moveStore(deps: StoreCommandDeps, id: string, database: string): Promise<StoreCommandResult> {
  const row = await storeRow(deps.control, id);
  if (database === row.dbConnStr)
    return { lines: [`Store ${id} already uses ${shownTarget(database)}; nothing changed.`] };
  const used = await whoUsesDatabase(deps, database, id);
  if (used.control)
    throw new ServiceError("invalid", "That is the control database, not a store's database.");
  if (used.stores[0])
    throw new ServiceError("duplicate", `Store ${used.stores[0]} already uses that database.`);
  let handle: DbHandle<typeof storeSchema>;
  try {
    handle = await openDatabase(database, storeSchema, { poolSize: 1 });
    await handle.ping();
  } catch (err) {
    throw new ServiceError("invalid", `Cannot reach ${shownTarget(database)}: ${(err as Error).message}`);
  }
  try {
    const settings = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storeSchema.settings)
      .catch(() => [{ n: 0 }]);
    if ((settings[0]?.n ?? 0) === 0)
      throw new ServiceError(
        "invalid",
        `${shownTarget(database)} holds no store (no settings): restore the backup into it first.`,
      );
    await migrateDatabase(handle, "store");
  } finally {
    await handle.close();
  }
  await deps.control.db.update(stores).set({ dbConnStr: database }).where(eq(stores.id, id));
  await deps.announce(id);
  return {
    lines: [
      `Store ${id} now uses ${shownTarget(database)}; every instance switches within seconds.`,
      `The previous database (${shownTarget(storeTargetOf(deps.dataDir, row))}) is kept.`,
    ],
  };
}

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
