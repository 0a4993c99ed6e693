import type { CSSProperties, ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { requestEnv } from "./context";
import { AccountLayer } from "./features/account/AccountLayer";
import { accountRootData } from "./features/account/root-data";
import { ContentGlobals } from "./features/content/ContentGlobals";
import { contentRootData } from "./features/content/root-data";
import { ReportBoundaryError } from "./features/errors/ErrorReporter";
import { layoutRootData } from "./features/layout/root-data.server";
import { Shell } from "./features/layout/Shell";
import { ShopToaster } from "./features/shop-state/ShopToaster";
import { seoMeta } from "./lib/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = context.get(requestEnv);
  const { store, robots, nonce } = env;
  const { config, settings } = store;
  return {
    nonce,
    robots,
    ...accountRootData(env),
    ...contentRootData(env, request),
    ...(await layoutRootData(env)),
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

/** The back office (/admin) has its own frame, toasts and stylesheet: none of the storefront's layers. */
function useIsBackOffice(): boolean {
  const { pathname } = useLocation();
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const backOffice = useIsBackOffice();
  const theme = data?.store.theme;
  const style = theme
    ? ({
        "--store-primary": theme.primary,
        "--store-primary-dark": theme.primaryDark,
        "--store-accent": theme.accent,
      } as CSSProperties)
    : undefined;
  return (
    <html lang="en" style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <meta name="csrf-token" content={data?.csrfToken ?? ""} />
        <Links />
      </head>
      <body>
        {children}
        {backOffice ? null : (
          <>
            <ShopToaster />
            <AccountLayer />
            <ContentGlobals />
          </>
        )}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  if (useIsBackOffice()) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      <ReportBoundaryError error={error} />
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{notFound ? "Error 404" : "Something went wrong"}</h1>
        <p className="mt-4 text-slate-600">
          {notFound
            ? "We are sorry, the page you've requested is not available."
            : "Please try again in a moment."}
        </p>
        <Link to="/" className="mt-8 inline-block rounded bg-brand px-6 py-3 font-semibold text-white">
          BACK TO HOMEPAGE
        </Link>
      </section>
    </Shell>
  );
}
