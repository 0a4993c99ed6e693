import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: appDir },
      ...(command === "build" && !isSsrBuild ? preactInTheBrowser : []),
    ],
  },
  build: { target: "es2022", sourcemap: Boolean(process.env.SOURCEMAP) },
}));
