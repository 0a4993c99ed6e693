// Host -> store resolution, per-store database handles and a short-lived settings cache.
import { isAbsolute, resolve } from "node:path";
import { SOURCE_LANG } from "../../core/language";
import type { StoreSettings } from "../../core/settings";
import { type DbHandle, migrateDatabase, openDatabase } from "../../db/client";
import * as controlSchema from "../../db/control/schema";
import { storeTargetOf } from "../../db/control/store-target";
import * as storeSchema from "../../db/store/schema";
import type { StoreContext, StorePublicConfig, StoreSecrets } from "../../services/context";
import { loadSettings } from "../../services/settings";

export type ControlHandle = DbHandle<typeof controlSchema>;
export type StoreHandle = DbHandle<typeof storeSchema>;

interface StoreEntry {
  config: StorePublicConfig;
  secrets: StoreSecrets;
  dbTarget: string;
  imageDir: string;
}

interface Snapshot {
  byDomain: Map<string, StoreEntry>;
  byId: Map<string, StoreEntry>;
  loadedAt: number;
}

export interface RegistryOptions {
  dataDir: string;
  cacheMs: number;
  /** Pool size for postgres store databases. */
  poolSize?: number;
}

export class StoreRegistry {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Open store databases, with the target each was opened on (a restore can move a store). */
  private handles = new Map<string, { target: string; handle: Promise<StoreHandle> }>();
  private settingsCache = new Map<string, { at: number; value: Promise<StoreSettings> }>();

  constructor(
    readonly control: ControlHandle,
    private readonly options: RegistryOptions,
  ) {}

  /** The store serving this host, or null: an unknown host never falls back to another store. */
  async resolve(host: string): Promise<StoreContext | null> {
    const snap = await this.current();
    const entry = snap.byDomain.get(host);
    if (!entry) return null;
    return this.contextFor(entry, host);
  }

  async byId(storeId: string, host?: string): Promise<StoreContext | null> {
    const entry = (await this.current()).byId.get(storeId);
    if (!entry) return null;
    return this.contextFor(entry, host ?? entry.config.domains[0] ?? storeId);
  }

  async storeIds(): Promise<string[]> {
    return [...(await this.current()).byId.keys()];
  }

  async storeHandle(storeId: string): Promise<StoreHandle> {
    const entry = (await this.current()).byId.get(storeId);
    if (!entry) throw new Error(`unknown store ${storeId}`);
    return this.handleFor(storeId, entry.dbTarget);
  }

  /** Forget cached registry rows and settings (after an admin change, or in tests). */
  invalidate(): void {
    this.snapshot = null;
    this.settingsCache.clear();
  }

  /** Close a store's database (a removed store's, before its data is purged). */
  async closeStore(storeId: string): Promise<void> {
    const open = this.handles.get(storeId);
    this.handles.delete(storeId);
    this.settingsCache.delete(storeId);
    if (open) await (await open.handle).close();
  }

  async migrateAll(): Promise<string[]> {
    const ids = await this.storeIds();
    for (const id of ids) await migrateDatabase(await this.storeHandle(id), "store");
    return ids;
  }

  async close(): Promise<void> {
    const handles = [...this.handles.values()].map((open) => open.handle);
    this.handles.clear();
    for (const h of handles) {
      try {
        await (await h).close();
      } catch {
        // closing is best effort at shutdown
      }
    }
  }

  private async contextFor(entry: StoreEntry, host: string): Promise<StoreContext> {
    const handle = await this.handleFor(entry.config.id, entry.dbTarget);
    const settings = await this.settingsFor(entry, handle);
    return {
      config: entry.config,
      secrets: entry.secrets,
      settings,
      db: handle.db,
      imageDir: entry.imageDir,
      host,
      lang: SOURCE_LANG,
    };
  }

  private settingsFor(entry: StoreEntry, handle: StoreHandle): Promise<StoreSettings> {
    const cached = this.settingsCache.get(entry.config.id);
    const now = Date.now();
    if (cached && now - cached.at < this.options.cacheMs) return cached.value;
    const value = loadSettings(handle.db, entry.config.imgFolder);
    this.settingsCache.set(entry.config.id, { at: now, value });
    // A failed load must not be cached, or one database blip would stick for the whole TTL.
    value.catch(() => this.settingsCache.delete(entry.config.id));
    return value;
  }

  private handleFor(storeId: string, target: string): Promise<StoreHandle> {
    const open = this.handles.get(storeId);
    if (open?.target === target) return open.handle;
    // The registry row now names another database (a restore): requests move to it, and the old
    // pool closes once the requests already holding it are done with it.
    if (open)
      void open.handle.then(
        (h) => setTimeout(() => h.close().catch(() => {}), 30_000).unref(),
        () => {},
      );
    const handle = openDatabase(target, storeSchema, { poolSize: this.options.poolSize });
    this.handles.set(storeId, { target, handle });
    handle.catch(() => {
      if (this.handles.get(storeId)?.handle === handle) this.handles.delete(storeId);
    });
    return handle;
  }

  private async current(): Promise<Snapshot> {
    const snap = this.snapshot;
    if (snap && Date.now() - snap.loadedAt < this.options.cacheMs) return snap;
    if (!this.loading) {
      this.loading = this.load().finally(() => {
        this.loading = null;
      });
    }
    // Serve the previous snapshot while a refresh runs, unless there is none yet.
    if (snap) {
      this.loading.catch(() => {});
      return snap;
    }
    return this.loading;
  }

  private async load(): Promise<Snapshot> {
    const db = this.control.db;
    const [storeRows, domainRows] = await Promise.all([
      db.select().from(controlSchema.stores),
      db.select().from(controlSchema.storeDomains),
    ]);
    const byId = new Map<string, StoreEntry>();
    for (const s of storeRows) {
      const domains = domainRows.filter((d) => d.storeId === s.id).map((d) => d.domain);
      const imageDir = isAbsolute(s.imgFolder)
        ? s.imgFolder
        : resolve(this.options.dataDir, "images", s.imgFolder);
      byId.set(s.id, {
        config: {
          id: s.id,
          name: s.name,
          url: s.url,
          domains,
          countries: s.countries,
          languages: s.languages,
          workingHours: s.workingHours,
          seo: s.seo,
          theme: s.theme,
          imgFolder: s.imgFolder,
          ga4Id: s.ga4Id,
          googlePlaceId: s.googlePlaceId,
          paused: s.pausedAt !== null,
        },
        secrets: {
          paymentProvider: s.paymentProvider,
          paymentAuth: s.paymentAuth,
          paymentSourceCode: s.paymentSourceCode,
          paymentAltAuth: s.paymentAltAuth,
          apiKeyHash: s.apiKeyHash,
          erpWebhookUrl: s.erpWebhookUrl,
          erpWebhookSecret: s.erpWebhookSecret,
          googlePlacesKey: s.googlePlacesKey,
          apiUrl: s.apiUrl,
          googleClientId: s.googleClientId,
          googleClientSecret: s.googleClientSecret,
          facebookAppId: s.facebookAppId,
          facebookAppSecret: s.facebookAppSecret,
        },
        dbTarget: storeTargetOf(this.options.dataDir, s),
        imageDir,
      });
    }
    const byDomain = new Map<string, StoreEntry>();
    for (const d of domainRows) {
      const entry = byId.get(d.storeId);
      if (entry) byDomain.set(d.domain.toLowerCase(), entry);
    }
    const snap = { byDomain, byId, loadedAt: Date.now() };
    this.snapshot = snap;
    // A store removed on any instance: its database closes here too.
    for (const id of this.handles.keys()) if (!byId.has(id)) void this.closeStore(id).catch(() => {});
    return snap;
  }
}
