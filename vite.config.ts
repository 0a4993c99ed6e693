import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { addCompileHints } from "./scripts/compile-hints";
import { precompressAssets } from "./scripts/precompress";
import { readVariable } from "./server/config";

const appDir = new URL("./app", import.meta.url).pathname;

// The browser bundle runs on Preact's React-compatible layer: React DOM alone is 57 KB gzip,
// which with React Router's 43 KB left too little of the 120 KB first-load budget for the
// storefront itself (docs/decisions/0012-preact-in-the-browser.md). The server renders with React.
const preactInTheBrowser = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: `${appDir}/lib/preact-dom-client.ts` },
];

// A page's first load fetched some 24 small chunks: Rollup splits out every module that the root
// route shares with another route or a lazy component. Over HTTP/1.1 that is several rounds of six
// requests before hydration can start (docs/decisions/0015-paint-before-hydration.md). Everything
// the root route and the browser entry import statically is on every page anyway, so it is
// grouped into two chunks: the libraries, and the storefront's shell (with what the language
// layout, which frames every storefront page, imports).
function shellChunks(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      // The language layout (docs/decisions/0035) frames every storefront page: its imports are
      // on every page as much as the root's.
      const queue = [`${appDir}/root.tsx`, `${appDir}/routes/language.tsx`, `${appDir}/entry.client.tsx`];
      for (let next = queue.pop(); next; next = queue.pop()) {
        if (shell.has(next)) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    if (
      !shell.has(id) ||
      id.startsWith(`${appDir}/root.tsx`) ||
      id.startsWith(`${appDir}/routes/language.tsx`) ||
      id.includes("entry.client")
    )
      return;
    // The storefront's stylesheet stays with the root route that imports it. In the shell chunk,
    // every lazy chunk importing from the shell would list it as a dependency, and Vite's preload
    // helper would insert it again on the first lazy import (React Router links it with a
    // trailing "#", so the helper never finds it on the page): a second copy of 65 KB of CSS,
    // a rebuilt rule set and a restyle of the whole document, 40 ms of main thread here and
    // 160 ms at Lighthouse's 4x CPU.
    if (/\.css($|\?)/.test(id)) return;
    return id.includes("/node_modules/") ? "vendor" : "shell";
  };
}

/** Brotli and gzip copies of the browser build's files, served instead of compressing per request. */
function precompressed(): Plugin {
  return {
    name: "storefront:precompress",
    apply: "build",
    writeBundle(options) {
      if (this.environment.name === "client" && options.dir) precompressAssets(options.dir);
    },
  };
}

/** V8's eager-compile hint on the chunks every first load runs (scripts/compile-hints.ts). */
function compileHints(): Plugin {
  return {
    name: "storefront:compile-hints",
    apply: "build",
    // After Vite's own generateBundle, which puts the dynamic-import map at the top of a chunk.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name === "client") addCompileHints(bundle);
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), compileHints(), precompressed()],
  resolve: {
    alias: [
      { find: "~", replacement: appDir },
      // Catalogues arrive compiled (services/messages.ts), so neither the browser nor the server
      // render needs use-intl's ICU parser (docs/decisions/0035-languages.md).
      { find: /^use-intl\/format-message$/, replacement: "use-intl/format-message/format-only" },
      ...(command === "build" && !isSsrBuild ? preactInTheBrowser : []),
    ],
  },
  // Bundled into the server build so the alias above reaches its imports there too.
  ssr: { noExternal: ["use-intl"] },
  build: {
    target: "es2022",
    minify: readVariable("NO_MINIFY") ? false : "esbuild",
    sourcemap: readVariable("SOURCEMAP"),
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunks() } },
  },
}));
