// Header search suggestions: at most five cards for a term of three or more characters.
import type { PricingCustomer } from "../../core/pricing";
import type { Product } from "../../core/product-rules";
import { canSuggest, SUGGEST_LIMIT } from "../../core/search";
import type { StoreContext } from "../context";
import { listProducts } from "./listing";

export async function suggestProducts(
  store: StoreContext,
  term: string,
  customer: PricingCustomer,
  category?: string,
): Promise<Product[]> {
  if (!canSuggest(term)) return [];
  const { products } = await listProducts(
    store,
    { searchTerm: term, category, perPage: SUGGEST_LIMIT, page: 1 },
    customer,
    { pictures: 1 },
  );
  return products.slice(0, SUGGEST_LIMIT);
}
