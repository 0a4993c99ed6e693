import { type CSSProperties, type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { deviceBodyAttributes } from "../core/device";
import { requestEnv } from "./context";
import { accountRootData } from "./features/account/root-data";
import { contentRootData } from "./features/content/root-data";
import { ReportBoundaryError } from "./features/errors/ErrorReporter";
import { layoutRootData } from "./features/layout/root-data.server";
import { useDevice, useServerDevice } from "./features/visitor/useDevice";
import { seoMeta } from "./lib/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = context.get(requestEnv);
  const { store, robots, nonce } = env;
  const { config, settings } = store;
  return {
    nonce,
    robots,
    // <html lang>: the language layout's loader does not run for the back office.
    lang: env.lang,
    ...accountRootData(env),
    ...contentRootData(env, request),
    ...(await layoutRootData(env)),
    // The device (the body's class and attributes, useDevice) and the country preselected in
    // registration and a guest's checkout (useVisitorCountry), as the request tells them.
    visitor: env.visitor,
    store: {
      id: config.id,
      name: config.name,
      theme: config.theme,
      seo: { title: config.seo.title, description: config.seo.description },
      telephone: settings.call_info,
      companyName: settings.companyName || config.name,
      showStock: settings.showStock,
      // The cart's free-delivery hint follows each quantity change without asking the server.
      freeDeliveryTotalCents: settings.freeDeliveryTotalCents,
      // The newsletter pop-up promises no deals where the store restricts advertising (core/advertising.ts).
      newsletterNeutral: settings.advertising.newsletterPromo,
    },
  };
}

export function meta(args: Route.MetaArgs) {
  if (!args.data) return [{ title: "Store" }];
  // Pages without their own meta: the store's title and description, robots, canonical, Open Graph.
  return seoMeta(args, {
    page: args.location.pathname === "/" ? "home" : "other",
    path: args.location.pathname,
  });
}

export function links({ data }: { data?: Awaited<ReturnType<typeof loader>> } = {}) {
  return [
    { rel: "icon", href: data?.store.theme.favicon ?? "/images/brand/favicon.svg", type: "image/svg+xml" },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const serverDevice = useServerDevice();
  const device = useDevice();
  // An iPad asking for the desktop site reads as a Mac on the server; the browser knows better.
  useEffect(() => {
    if (device.ios) document.body.classList.add("ios");
  }, [device.ios]);
  const theme = data?.store.theme;
  const style = theme
    ? ({
        "--store-primary": theme.primary,
        "--store-primary-dark": theme.primaryDark,
        "--store-accent": theme.accent,
      } as CSSProperties)
    : undefined;
  return (
    <html lang={data?.lang ?? "en"} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <meta name="csrf-token" content={data?.csrfToken ?? ""} />
        <Links />
      </head>
      {/* iOS mobile gets the body class `ios` (spec section 4); type and orientation are data attributes. */}
      <body {...deviceBodyAttributes(serverDevice, device)}>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Only when the root loader itself failed: there is no store and no catalogue to frame a page
// with. Every storefront page's errors end in the language layout's boundary (routes/language.tsx),
// inside the shop's shell and in the page's language; the back office has its own.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <section style={{ maxWidth: "36rem", margin: "4rem auto", padding: "0 1rem", textAlign: "center" }}>
      <ReportBoundaryError error={error} />
      <h1>Something went wrong</h1>
      <p>Please try again in a moment.</p>
      <a href="/">BACK TO HOMEPAGE</a>
    </section>
  );
}
