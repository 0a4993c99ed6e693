// Compare list rules (spec section 4): add only if absent, remove, clear all.
import type { ProductSnapshot } from "./cart";

export const COMPARE_TEXT = {
  added: "Product added to Compare.",
  removed: "Product removed from Compare.",
} as const;

export function inCompare(list: readonly ProductSnapshot[], id: number): boolean {
  return list.some((item) => item.id === id);
}

export function addToCompare(list: readonly ProductSnapshot[], product: ProductSnapshot): ProductSnapshot[] {
  return inCompare(list, product.id) ? [...list] : [...list, product];
}

export function removeFromCompare(list: readonly ProductSnapshot[], id: number): ProductSnapshot[] {
  return list.filter((item) => item.id !== id);
}
