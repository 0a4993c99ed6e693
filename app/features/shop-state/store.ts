// The shopper's cart, wishlist and compare lists: one zustand store persisted under ONE
// localStorage key per store (`shop-state-{storeId}`), with the sections cart, wishlist and
// compare at the top level, each `{ data: [...] }` (spec section 3, Browser storage).
//
// SSR: the server renders empty lists; zustand's useStore hands React the initial (empty)
// state as the server snapshot during hydration, so markup matches and the stored lists
// appear right after. Reading the storage loads its validator (zod) on demand, so the lists
// arrive a moment after hydration: pages that should not flash an empty state, and actions,
// wait for `useHydrated()` / `whenListsLoaded()`.
import { useSyncExternalStore } from "react";
import { useStore } from "zustand";
import { type PersistStorage, persist } from "zustand/middleware";
import { createStore, type StoreApi } from "zustand/vanilla";
import { useRootData } from "../../root-data";
import { useInDelayedHydration } from "../../ui/BelowFold";
import { EMPTY_LISTS, type ShopLists } from "./lists";

export type { ShopLists } from "./lists";

export interface ShopConfig {
  storeId: string;
  showStock: boolean;
}

type PersistApi = { persist: { rehydrate: () => Promise<void> | void } };
export type ShopStore = StoreApi<ShopLists> & Partial<PersistApi>;

export function storageKey(storeId: string): string {
  return `shop-state-${storeId}`;
}

/** localStorage with validation: a corrupt or foreign value reads as empty lists and is removed. */
function listsStorage(): PersistStorage<ShopLists> {
  return {
    async getItem(name) {
      let raw: string | null = null;
      try {
        raw = window.localStorage.getItem(name);
      } catch {
        return null; // storage disabled (privacy mode): lists live in memory only
      }
      if (raw === null) return null;
      const { parseLists } = await import("./schema");
      try {
        return { state: parseLists(JSON.parse(raw)), version: 0 };
      } catch {
        try {
          window.localStorage.removeItem(name);
        } catch {}
        return null;
      }
    },
    setItem(name, value) {
      try {
        window.localStorage.setItem(name, JSON.stringify(value.state));
      } catch {
        // Quota exceeded or storage disabled: the page keeps working with in-memory lists.
      }
    },
    removeItem(name) {
      try {
        window.localStorage.removeItem(name);
      } catch {}
    },
  };
}

function createShopStore(storeId: string): ShopStore {
  const key = storageKey(storeId);
  const store = createStore<ShopLists>()(
    persist(() => EMPTY_LISTS, {
      name: key,
      storage: listsStorage(),
      // Only the three sections are stored, and a missing or invalid value means empty lists
      // (so clearing the key in another tab empties this one too).
      partialize: (s) => ({ cart: s.cart, wishlist: s.wishlist, compare: s.compare }),
      merge: (persisted) => (persisted ? (persisted as ShopLists) : EMPTY_LISTS),
      onRehydrateStorage: () => () => markLoaded(),
    }),
  );
  // Other tabs write the same key: follow them. The storage event never fires in the tab that wrote.
  window.addEventListener("storage", (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === key || event.key === null) void store.persist.rehydrate();
  });
  return store as ShopStore;
}

// Whether the bound store has read the storage once (the lists are real, not the empty start).
let loaded = false;
const loadedListeners = new Set<() => void>();
function markLoaded(): void {
  if (loaded) return;
  loaded = true;
  for (const listener of [...loadedListeners]) listener();
  loadedListeners.clear();
}

/** Runs now when the stored lists are loaded, else as soon as they are. */
export function whenListsLoaded(run: () => void): void {
  if (loaded) run();
  else loadedListeners.add(run);
}

function subscribeLoaded(onChange: () => void): () => void {
  if (loaded) return () => {};
  const listener = () => onChange();
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

const serverStore: ShopStore = createStore<ShopLists>()(() => EMPTY_LISTS);
let active: { config: ShopConfig; store: ShopStore } | null = null;

/** Binds the browser to one store's lists (one store per page; a new id means a new key). */
export function bindShopState(config: ShopConfig): ShopStore {
  if (typeof window === "undefined") return serverStore;
  if (!active || active.config.storeId !== config.storeId) {
    loaded = false;
    active = { config, store: createShopStore(config.storeId) };
  } else {
    active.config = config;
  }
  return active.store;
}

/** The bound store (the header binds it on every page); a fallback binding keeps actions safe. */
export function shopStore(): ShopStore {
  if (typeof window === "undefined") return serverStore;
  if (active) return active.store;
  const ds = document.documentElement.dataset;
  return bindShopState({ storeId: ds.store || window.location.hostname, showStock: ds.showStock === "true" });
}

export function shopConfig(): ShopConfig {
  return active?.config ?? { storeId: "", showStock: false };
}

/** Reads the store id and show-stock setting from the root loader and binds the lists. */
export function useShopStore(): ShopStore {
  const data = useRootData();
  const id = data?.store?.id ?? "";
  const showStock = Boolean(data?.store?.showStock);
  return bindShopState({ storeId: id, showStock });
}

/** Subscribes a component to part of the lists. */
export function useShop<T>(selector: (lists: ShopLists) => T): T {
  return useStore(useShopStore(), selector);
}

export const useCart = () => useShop((s) => s.cart.data);
export const useWishlist = () => useShop((s) => s.wishlist.data);
export const useCompare = () => useShop((s) => s.compare.data);

/**
 * False while the server markup hydrates and until the stored lists are read; true afterwards.
 * Render stored lists (and buttons that depend on them) only then.
 */
export function useHydrated(): boolean {
  const delayed = useInDelayedHydration();
  const read = useSyncExternalStore(
    subscribeLoaded,
    () => loaded,
    () => false,
  );
  return read && !delayed;
}

/** Whether a product is in the compare list (the button switches to 'go to compare'). */
export const useInCompare = (id: number) => useShop((s) => s.compare.data.some((p) => p.id === id));
