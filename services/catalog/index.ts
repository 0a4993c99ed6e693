// The catalogue use cases the storefront and the API share.
export { afterStockChange, listProducts } from "./listing";
export {
  getProduct,
  getProductBySlug,
  popupAdProduct,
  productWarehouses,
  relatedProducts,
} from "./product";
export { getProductDetails, listProductReviews } from "./product-details";
export { suggestProducts } from "./suggest";
export {
  layoutData,
  listBrands,
  listCategoryMenu,
  listMasterCategories,
  listPopularCategories,
  listSlides,
} from "./taxonomy";
