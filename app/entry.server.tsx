import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { isBadInputDatabaseError, isUnavailableError } from "../db/errors";
import { requestEnv } from "./context";
import { lowPriorityModulePreloads } from "./lib/module-preload-priority.server";

export const streamTimeout = 5_000;

/** Requests (by their load context) whose loader failed because a database is unreachable. */
const unavailable = new WeakSet<object>();
/** Requests whose loader failed on input only bad input can carry (a NUL byte, say). */
const badInput = new WeakSet<object>();

// React Router hands errors here before it sanitizes them for the page; the status is chosen
// in handleRequest below. Other errors are logged, as by React Router's default handler.
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isUnavailableError(error)) {
    unavailable.add(context);
    return;
  }
  if (isBadInputDatabaseError(error)) {
    badInput.add(context);
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestEnv);
  // A loader that failed because a database is unreachable is a 503 (try again), not a 500.
  if (responseStatusCode >= 500 && unavailable.has(loadContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  } else if (responseStatusCode >= 500 && badInput.has(loadContext)) {
    responseStatusCode = 400;
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once so they see every meta tag and JSON-LD block.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React outlines a large finished Suspense boundary: it sends a placeholder and reveals
        // the content later from a script, throttled to animation frames. The browser build
        // hydrates whatever is in the document when it starts, so a boundary could still be a
        // placeholder then (app/ui/BelowFold.tsx renders such boundaries). Finished
        // boundaries are sent in place instead.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads();
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
