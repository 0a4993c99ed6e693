import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("pages/404", "routes/pages.404.tsx"),
  route("pages/about", "routes/pages.about.tsx"),
  route("pages/contact", "routes/pages.contact.tsx"),
  route("pages/partner", "routes/pages.partner.tsx"),
  route("pages/terms", "routes/pages.terms.tsx"),
  route("pages/privacy", "routes/pages.privacy.tsx"),
  route("pages/returns", "routes/pages.returns.tsx"),
  route("shop/cart", "routes/shop.cart.tsx"),
  route("shop/wishlist", "routes/shop.wishlist.tsx"),
  route("shop/compare", "routes/shop.compare.tsx"),
  route("pages/login", "routes/pages.login.tsx"),
  route("register", "routes/register.tsx"),
  route("password-reset", "routes/password-reset.tsx"),
  route("shop/dashboard", "routes/shop.dashboard.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-failed", "routes/payment-failed.tsx"),
  route("shop/sidebar/:layout", "routes/shop.sidebar.$layout.tsx"),
  route("product/default/:id", "routes/product.default.$id.tsx"),
  // The back office: its own layout and chunks, loaded only under /admin.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    // admin:dashboard
    // admin:orders
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/products.new.tsx"),
    route("products/:id", "routes/admin/products.$id.tsx"),
    // admin:taxonomy
    // admin:content
    route("customers", "routes/admin/customers.tsx"),
    route("customers/:id", "routes/admin/customers-detail.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    // admin:settings
    // admin:staff
    // admin:audit
    route("account", "routes/admin/account.tsx"),
  ]),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
