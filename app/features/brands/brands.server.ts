// The brand overview's data ('Show all Brands' on the home page): every brand of the store, in
// the back office's order, with its logo and the listing filtered to it.
import { listBrands } from "../../../services/catalog";
import type { RequestEnv } from "../../context";

/** The listing of one brand: the same query parameters as the home's brand tiles (spec section 2). */
export const brandListingHref = (b: { id: number; name: string }) =>
  `/shop/sidebar/3cols?${new URLSearchParams({ brand: String(b.id), brandName: b.name })}`;

export async function loadBrands(env: RequestEnv) {
  const brands = await listBrands(env.store);
  return {
    brands: brands.map((b) => ({ id: b.id, name: b.name, image: b.image, href: brandListingHref(b) })),
  };
}
