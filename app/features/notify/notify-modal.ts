// Open/close state of the back-in-stock modal ('Notify me when product is available').
// The product page and the quick views call openNotifyModal(product) from their
// 'Get notified when available' link; the modal itself (NotifyModal) lives in the root layout.
import { create } from "zustand";

/** What the modal needs to know about the product; any product shape with these fields fits. */
export interface NotifyProduct {
  id: number;
  name: string;
  /** Optional picture shown beside the name. */
  image?: string | null;
}

interface NotifyModalState {
  product: NotifyProduct | null;
}

export const useNotifyModal = create<NotifyModalState>(() => ({ product: null }));

export function openNotifyModal(product: NotifyProduct): void {
  useNotifyModal.setState({ product: { id: product.id, name: product.name, image: product.image ?? null } });
}

export function closeNotifyModal(): void {
  useNotifyModal.setState({ product: null });
}
