// The catalogue use cases the storefront and the API share.
export { hydrateProducts } from "./hydrate";
export {
  afterStockChange,
  invalidateListings,
  type ListingQuery,
  type ListingResult,
  listProducts,
  MAX_PER_PAGE,
  ORDER_BY,
  type OrderBy,
} from "./listing";
export {
  getProduct,
  getProductBySlug,
  popupAdProduct,
  productWarehouses,
  relatedProducts,
  type WarehouseStock,
} from "./product";
export { suggestProducts } from "./suggest";
export {
  type Brand,
  invalidateLayout,
  type LayoutData,
  layoutData,
  listBrands,
  listCategoryMenu,
  listMasterCategories,
  listPopularCategories,
  listSlides,
  type MasterCategory,
  type MenuCategory,
  type PopularCategory,
  type Slide,
  type SubCategory,
} from "./taxonomy";
