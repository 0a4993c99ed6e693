// LocalLink on the server (app/lib/localized.tsx): a link to a plain absolute path is written
// directly instead of through react-router's Link, to save the Link's route resolution on every
// cold render. The markup must be exactly the Link's, on an English and a prefixed Greek page, for
// every kind of link the storefront writes; anything else goes through the Link itself.
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  type LinkProps,
  Outlet,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, it } from "vitest";
import { LocalLink, plainServerHref } from "../../app/lib/localized";

const Layout = () => createElement(Outlet);

async function render(path: string, prefix: string, child: () => ReactNode): Promise<string> {
  const routes = [
    {
      id: "language",
      path: prefix || "/",
      loader: () => ({ lang: prefix ? "el" : "en", prefix, messages: {}, coreTexts: {} }),
      Component: Layout,
      children: [{ id: "page", path: "shop/sidebar/:layout", Component: child }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const TARGETS: LinkProps[] = [
  { to: "/" },
  { to: "/shop/sidebar/3cols?category=1&title=E-liquids" },
  { to: "/product/default/50046#reviews" },
  { to: "/pages/about", className: "a b", "aria-label": "About", title: "t" },
  { to: "/shop/cart", target: "_blank", rel: "noopener" },
  { to: "/shop/wishlist", discover: "none" },
  { to: "/register", replace: true, state: { a: 1 }, preventScrollReset: true, viewTransition: true },
  { to: "/shop/sidebar/list?", children: "empty query" },
  { to: "/shop/sidebar/list#", children: "empty hash" },
  { to: "/shop/sidebar/list?#", children: "both empty" },
  { to: "/a//b/../c/./d", children: "odd path" },
  { to: "/shop/", children: "trailing slash" },
  { to: "/a/.", children: "dot" },
  { to: "/a/..?x=1", children: "dot dot" },
  { to: "/a/b\\c", children: "backslash" },
  { to: "/a.b/..c/x.", children: "dots in names" },
  { to: "relative/path" },
  { to: "../up" },
  { to: "?page=2" },
  { to: "//cdn.example.com/x" },
  { to: "https://example.com/" },
  { to: { pathname: "/shop/sidebar/list", search: "?page=2" } },
  { to: "/shop/compare", prefetch: "render" },
  { to: "/shop/compare", prefetch: "intent" },
  { to: "/shop/compare", reloadDocument: true },
];

describe("LocalLink on the server", () => {
  for (const [page, prefix] of [
    ["/shop/sidebar/list?x=1", ""],
    ["/el/shop/sidebar/list", "/el"],
  ] as const) {
    it(`writes exactly the markup of react-router's Link (${page})`, async () => {
      for (const props of TARGETS) {
        const children = props.children ?? "text";
        const ours = await render(page, prefix, () => createElement(LocalLink, { ...props, children }));
        const to =
          prefix && typeof props.to === "string" && props.to.startsWith("/") && !props.to.startsWith("//")
            ? `${prefix}${props.to === "/" ? "" : props.to}`
            : prefix && typeof props.to === "object"
              ? { ...props.to, pathname: `${prefix}${props.to.pathname}` }
              : props.to;
        const theirs = await render(page, prefix, () => createElement(Link, { ...props, to, children }));
        expect(ours, JSON.stringify(props)).toBe(theirs);
      }
    });
  }

  it("writes directly only plain absolute paths", () => {
    expect(plainServerHref("/shop?x=1#y")).toBe("/shop?x=1#y");
    expect(plainServerHref("/")).toBe("/");
    expect(plainServerHref("/a.b/..c/x.?q=/../")).toBe("/a.b/..c/x.?q=/../");
    for (const to of [
      "shop",
      "?x",
      "//host/x",
      "/\\host",
      "https://x.y/",
      "/a?",
      "/a#",
      "/a?#",
      "/a//b",
      "/a/./b",
      "/a/..",
    ])
      expect(plainServerHref(to), to).toBeNull();
    expect(plainServerHref({ pathname: "/a" })).toBeNull();
  });
});
