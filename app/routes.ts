import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";

// The storefront's pages, once per language prefix (docs/decisions/0035-languages.md): unprefixed
// for a store's default language, and under /el and /en for the others. The copies need ids of
// their own; the unprefixed tree keeps the file-derived ids ("routes/home").
function storefront(lang?: "el" | "en"): RouteConfigEntry[] {
  const pages: Array<[string, string]> = [
    ["", "routes/home.tsx"],
    ["pages/404", "routes/pages.404.tsx"],
    ["pages/about", "routes/pages.about.tsx"],
    ["pages/contact", "routes/pages.contact.tsx"],
    ["pages/partner", "routes/pages.partner.tsx"],
    ["pages/terms", "routes/pages.terms.tsx"],
    ["pages/privacy", "routes/pages.privacy.tsx"],
    ["pages/returns", "routes/pages.returns.tsx"],
    ["pages/guarantee", "routes/pages.guarantee.tsx"],
    ["pages/reviews", "routes/pages.reviews.tsx"],
    ["shop/cart", "routes/shop.cart.tsx"],
    ["shop/wishlist", "routes/shop.wishlist.tsx"],
    ["shop/compare", "routes/shop.compare.tsx"],
    ["shop/order/:code", "routes/shop.order.$code.tsx"],
    ["brands", "routes/brands.tsx"],
    ["blog", "routes/blog.tsx"],
    ["blog/:slug", "routes/blog.$slug.tsx"],
    ["pages/login", "routes/pages.login.tsx"],
    ["register", "routes/register.tsx"],
    ["password-reset", "routes/password-reset.tsx"],
    ["newsletter/confirm", "routes/newsletter.confirm.tsx"],
    ["newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"],
    ["shop/dashboard", "routes/shop.dashboard.tsx"],
    ["shop/dashboard/data", "routes/shop.dashboard.data.tsx"],
    ["payment-success", "routes/payment-success.tsx"],
    ["payment-failed", "routes/payment-failed.tsx"],
    ["shop/sidebar/:layout", "routes/shop.sidebar.$layout.tsx"],
    ["product/default/:id", "routes/product.default.$id.tsx"],
  ];
  const id = (file: string) => (lang ? { id: `${lang}/${file.replace(/\.tsx$/, "")}` } : {});
  const children = pages.map(([path, file]) =>
    path === "" ? index(file, id(file)) : route(path, file, id(file)),
  );
  const tree = [layout("routes/language.tsx", id("routes/language.tsx"), children)];
  return lang ? prefix(lang, tree) : tree;
}

export default [
  ...storefront(),
  ...storefront("el"),
  ...storefront("en"),
  // The back office: its own layout and chunks, loaded only under /admin.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  route("admin/accept-invite", "routes/admin/accept-invite.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:code", "routes/admin/orders.$code.tsx"),
    route("orders/:code/slip", "routes/admin/orders.$code.slip.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/products.new.tsx"),
    route("products/import", "routes/admin/products.import.tsx"),
    route("products/:id", "routes/admin/products.$id.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("brands", "routes/admin/brands.tsx"),
    route("compliance", "routes/admin/compliance.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("slides", "routes/admin/slides.tsx"),
    route("seo", "routes/admin/seo.tsx"),
    route("shipping", "routes/admin/shipping.tsx"),
    route("carriers", "routes/admin/carriers.tsx"),
    route("warehouses", "routes/admin/warehouses.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("product-reviews", "routes/admin/product-reviews.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog.new.tsx"),
    route("blog/:id", "routes/admin/blog.$id.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customers/guests", "routes/admin/customers-guests.tsx"),
    route("customers/:id", "routes/admin/customers-detail.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("account", "routes/admin/account.tsx"),
  ]),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
