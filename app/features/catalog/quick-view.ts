// What the quick view and video modals show; the host in the layout loads their code on first use.
import { create } from "zustand";

/**
 * `forWishlist`: opened by a card's wishlist heart on a product with related variants, which needs
 * one chosen first (spec: 'Please choose a variant first'): the quick view opens on its drop-down.
 */
export type QuickViewTarget =
  | { kind: "id"; id: number; forWishlist?: boolean }
  | { kind: "slug"; slug: string };

interface ModalsState {
  quickView: QuickViewTarget | null;
  videoUrl: string | null;
}

export const useProductModals = create<ModalsState>(() => ({ quickView: null, videoUrl: null }));

export const openQuickView = (target: QuickViewTarget) => useProductModals.setState({ quickView: target });
export const closeQuickView = () => useProductModals.setState({ quickView: null });
export const openVideo = (url: string) => useProductModals.setState({ videoUrl: url });
export const closeVideo = () => useProductModals.setState({ videoUrl: null });
