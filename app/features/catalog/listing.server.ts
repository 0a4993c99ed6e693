// The loader of /shop/sidebar/list and /shop/sidebar/3cols: query parameters category, title,
// subcategory, brand, brandName, searchTerm, plus orderby and page.
import { ORDER_BY, type OrderBy } from "../../../core/api/products";
import { customerVatText } from "../../../core/pricing";
import { SEARCH_MAX_LENGTH } from "../../../core/search";
import { listBrands, listProducts } from "../../../services/catalog";
import type { RequestEnv } from "../../context";
import { envCustomer } from "../layout/root-data.server";

export const LISTING_PER_PAGE = 12;

export type ListingLayout = "list" | "3cols";

export interface ListingParams {
  searchTerm: string;
  category: string;
  subcategory: string;
  brand: number | null;
  brandName: string;
  title: string;
  orderby: OrderBy;
  page: number;
}

const text = (v: string | null, max = 100) => (v ?? "").trim().slice(0, max);
const idOrSlug = (v: string | null) => {
  const t = text(v, 80);
  return /^[a-z0-9-]+$/i.test(t) ? t : "";
};

export function readListingParams(url: URL): ListingParams {
  const q = url.searchParams;
  const brand = Number(q.get("brand"));
  const page = Number(q.get("page"));
  const orderby = q.get("orderby") as OrderBy | null;
  return {
    searchTerm: text(q.get("searchTerm"), SEARCH_MAX_LENGTH),
    category: idOrSlug(q.get("category")),
    subcategory: idOrSlug(q.get("subcategory")),
    brand: Number.isInteger(brand) && brand > 0 && brand < 2 ** 31 ? brand : null,
    brandName: text(q.get("brandName")),
    title: text(q.get("title")),
    orderby: orderby && (ORDER_BY as readonly string[]).includes(orderby) ? orderby : "default",
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1,
  };
}

export async function loadListing(env: RequestEnv, request: Request, layout: ListingLayout) {
  const { store } = env;
  const customer = envCustomer(env);
  const url = new URL(request.url);
  const params = readListingParams(url);
  const [result, brands] = await Promise.all([
    listProducts(
      store,
      {
        page: params.page,
        perPage: LISTING_PER_PAGE,
        searchTerm: params.searchTerm || undefined,
        category: params.category || undefined,
        subcategory: params.subcategory || undefined,
        brand: params.brand ?? undefined,
        orderby: params.orderby,
      },
      customer,
    ),
    listBrands(store),
  ]);
  const brand = params.brand !== null ? brands.find((b) => b.id === params.brand) : undefined;
  return {
    layout,
    params,
    products: result.products,
    total: result.total,
    perPage: LISTING_PER_PAGE,
    brands: brands.map((b) => ({ id: b.id, name: b.name })),
    brandLabel: params.brandName || brand?.name || "",
    vatText: customerVatText(customer),
    showStock: store.settings.showStock,
    path: `${url.pathname}${url.search}`,
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
