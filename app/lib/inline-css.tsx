// The storefront's stylesheet, inlined into the server HTML in production so the first paint
// waits for no second request (Lighthouse counted the render-blocking stylesheet at ~460 ms on a
// mobile connection). The server registers a reader of the client build's CSS files under a key
// in the global symbol registry (server/ssr.ts; the route modules are a separate bundle, see
// docs/decisions/0002); the browser reuses the text already in the document, so hydration
// matches and nothing is fetched again. Without a reader (the dev server) it is a plain link
// (so style edits in dev need a reload rather than a hot swap).
type CssReader = (href: string) => string | null;

const READER = Symbol.for("storefront.inlineCss");
const ID = "app-css";

export function registerCssReader(reader: CssReader): void {
  (globalThis as Record<symbol, unknown>)[READER] = reader;
}

let browserText: string | null | undefined;

function cssText(href: string): string | null {
  if (typeof document === "undefined") {
    const reader = (globalThis as Record<symbol, unknown>)[READER] as CssReader | undefined;
    return reader ? reader(href) : null;
  }
  if (browserText === undefined) {
    const el = document.getElementById(ID);
    browserText = el instanceof HTMLStyleElement ? el.innerHTML : null;
  }
  return browserText;
}

export function AppStylesheet({ href }: { href: string }) {
  const text = cssText(href);
  return text === null ? (
    // Vite's dev server answers a CSS module's URL with JavaScript; `?direct` asks for the CSS.
    <link id={ID} rel="stylesheet" href={import.meta.env.DEV ? `${href}?direct` : href} />
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's stylesheet, read on the server.
    <style id={ID} dangerouslySetInnerHTML={{ __html: text }} />
  );
}
