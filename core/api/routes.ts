// Method and path (under /api/v1) of every endpoint, without schemas. The browser's client
// imports this table and takes each endpoint's types from the contract with `import type`, so
// zod stays out of the browser bundle; the contract builds each endpoint from its row here.
export type ApiMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiRoute {
  readonly method: ApiMethod;
  /** OpenAPI style: /orders/{code}. */
  readonly path: string;
}

export const routes = {
  auth: {
    login: { method: "post", path: "/auth/login" },
    logout: { method: "post", path: "/auth/logout" },
    register: { method: "post", path: "/auth/register" },
    forgot: { method: "post", path: "/auth/forgot" },
    reset: { method: "post", path: "/auth/reset" },
    me: { method: "get", path: "/auth/me" },
    details: { method: "put", path: "/account" },
    email: { method: "put", path: "/account/email" },
    password: { method: "put", path: "/account/password" },
    age: { method: "post", path: "/session/age" },
    socialLinkMail: { method: "post", path: "/auth/social/link-mail" },
    emailProof: { method: "post", path: "/account/email/proof" },
  },
  cart: {
    check: { method: "post", path: "/cart/check" },
  },
  catalog: {
    categories: { method: "get", path: "/categories/{kind}" },
    brands: { method: "get", path: "/brands" },
    slides: { method: "get", path: "/slides" },
    reviews: { method: "get", path: "/reviews" },
  },
  contact: {
    contact: { method: "post", path: "/contact" },
    partner: { method: "post", path: "/partner" },
  },
  content: {
    about: { method: "get", path: "/content/about" },
    contact: { method: "get", path: "/content/contact" },
    page: { method: "get", path: "/content/pages/{page}" },
  },
  errors: {
    report: { method: "post", path: "/errors" },
  },
  integration: {
    orders: { method: "get", path: "/integration/orders" },
    complete: { method: "post", path: "/integration/orders/{code}/complete" },
    cancel: { method: "post", path: "/integration/orders/{code}/cancel" },
    ship: { method: "post", path: "/integration/orders/{code}/shipments" },
    deliver: { method: "post", path: "/integration/orders/{code}/delivered" },
    stock: { method: "put", path: "/integration/stock" },
    product: { method: "get", path: "/integration/products/{code}" },
    putProduct: { method: "put", path: "/integration/products/{code}" },
    productBatch: { method: "post", path: "/integration/products/batch" },
    uploadPicture: { method: "post", path: "/integration/pictures" },
    putCategoryGroup: { method: "put", path: "/integration/category-groups/{code}" },
    putCategory: { method: "put", path: "/integration/categories/{code}" },
    putBrand: { method: "put", path: "/integration/brands/{code}" },
    putPriceList: { method: "put", path: "/integration/price-lists/{code}" },
    putPriceListPrices: { method: "put", path: "/integration/price-lists/{code}/prices" },
    putCustomer: { method: "put", path: "/integration/customers/{erpId}" },
    changes: { method: "get", path: "/integration/changes" },
  },
  newsletter: {
    subscribe: { method: "post", path: "/newsletter" },
  },
  consent: {
    record: { method: "post", path: "/consent" },
  },
  notify: {
    subscribe: { method: "post", path: "/notify" },
  },
  orders: {
    quote: { method: "post", path: "/orders/quote" },
    place: { method: "post", path: "/orders" },
    list: { method: "get", path: "/orders" },
    one: { method: "get", path: "/orders/{code}" },
    pay: { method: "post", path: "/orders/{code}/pay" },
    cancel: { method: "post", path: "/orders/{code}/cancel" },
    claim: { method: "post", path: "/orders/{code}/claim" },
    review: { method: "post", path: "/orders/{code}/lines/{lineId}/review" },
    points: { method: "get", path: "/points" },
  },
  withdrawals: {
    withdraw: { method: "post", path: "/orders/{code}/withdrawal" },
  },
  payments: {
    start: { method: "post", path: "/payments/start" },
    verify: { method: "get", path: "/payments/verify" },
    webhookKey: { method: "get", path: "/payments/webhook/{provider}" },
    webhook: { method: "post", path: "/payments/webhook/{provider}" },
  },
  products: {
    list: { method: "get", path: "/products" },
    suggest: { method: "get", path: "/products/suggest" },
    one: { method: "get", path: "/products/{id}" },
    bySlug: { method: "get", path: "/products/slug/{slug}" },
    warehouses: { method: "get", path: "/products/{id}/warehouses" },
    reviews: { method: "get", path: "/products/{id}/reviews" },
  },
  store: {
    info: { method: "get", path: "/store" },
  },
} as const satisfies Record<string, Record<string, ApiRoute>>;
