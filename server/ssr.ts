// The React Router request handler: the production build, or Vite's dev server with hot reload.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { readVariable } from "./config";

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface Ssr {
  handle: SsrHandler;
  /** Node middleware serving Vite's client modules in development. */
  devMiddleware?: import("vite").Connect.Server;
  close(): Promise<void>;
}

// Read when this module is loaded: tests and the bench set BUILD_DIR, then import it.
export const buildDir = resolve(process.cwd(), readVariable("BUILD_DIR"));
export const serverBuildPath = resolve(buildDir, "server/index.js");
export const clientBuildDir = resolve(buildDir, "client");

export async function createProductionSsr(): Promise<Ssr> {
  if (!existsSync(serverBuildPath))
    throw new Error(`No server build at ${serverBuildPath}: run npm run build`);
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
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
