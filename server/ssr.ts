// The React Router request handler: the production build, or Vite's dev server with hot reload.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { registerCssReader } from "../app/lib/inline-css";

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface Ssr {
  handle: SsrHandler;
  /** Node middleware serving Vite's client modules in development. */
  devMiddleware?: import("vite").Connect.Server;
  close(): Promise<void>;
}

export const buildDir = resolve(process.cwd(), process.env.BUILD_DIR || "build");
export const serverBuildPath = resolve(buildDir, "server/index.js");
export const clientBuildDir = resolve(buildDir, "client");

/** Reads the client build's stylesheets for inlining (app/lib/inline-css.tsx), each once. */
function clientCssReader(dir: string): (href: string) => string | null {
  const cache = new Map<string, string | null>();
  return (href) => {
    let text = cache.get(href);
    if (text === undefined) {
      const file = /^\/assets\/[\w.-]+\.css$/.test(href) ? resolve(dir, href.slice(1)) : null;
      text = file && existsSync(file) ? readFileSync(file, "utf8") : null;
      cache.set(href, text);
    }
    return text;
  };
}

export async function createProductionSsr(): Promise<Ssr> {
  if (!existsSync(serverBuildPath))
    throw new Error(`No server build at ${serverBuildPath}: run npm run build`);
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  registerCssReader(clientCssReader(clientBuildDir));
  const handler = createRequestHandler(build, "production");
  return { handle: (request, context) => handler(request, context), close: async () => {} };
}

export async function createDevSsr(): Promise<Ssr> {
  const vite = await import("vite");
  const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  return {
    devMiddleware: server.middlewares,
    handle: async (request, context) => {
      const build = (await server.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, context);
    },
    close: () => server.close(),
  };
}
