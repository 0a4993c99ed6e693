// Text that no form or API input legitimately holds is refused at the door: a NUL character
// (PostgreSQL cannot store it in text, so it used to fail deep in a service as "unavailable")
// and bytes that are not UTF-8 (a lenient decoder would quietly store U+FFFD instead). Checked
// here once for the path, the query string and every textual body, so no route, page action or
// service has to remember it. Runs after the body limits: the body it reads is bounded.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { respondError } from "./errors";

const NUL_MESSAGE = "The request contains a NUL character, which is not allowed in any field.";
const UTF8_MESSAGE = "The request is not valid UTF-8 text.";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A JSON `\u0000` escape: an odd number of backslashes before u0000 (an even run is a literal backslash). */
const JSON_NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;

/** Why a percent-encoded string (path, query, form body) is refused, or null. */
export function percentEncodedProblem(text: string): string | null {
  if (!text.includes("%")) return text.includes("\u0000") ? NUL_MESSAGE : null;
  // A % that starts no escape is taken literally, as URLSearchParams does ('100%').
  let decoded: string;
  try {
    decoded = decodeURIComponent(text.replace(/%(?![0-9a-fA-F]{2})/g, "%25"));
  } catch {
    return UTF8_MESSAGE; // escapes that spell no UTF-8 sequence, e.g. %FF
  }
  return decoded.includes("\u0000") ? NUL_MESSAGE : null;
}

/** Why a text body is refused, or null. `json` also looks for the \u0000 escape. */
export function textBodyProblem(bytes: Uint8Array, kind: "json" | "form" | "text"): string | null {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return UTF8_MESSAGE;
  }
  if (text.includes("\u0000")) return NUL_MESSAGE;
  if (kind === "json" && text.includes("\\") && JSON_NUL_ESCAPE.test(text)) return NUL_MESSAGE;
  if (kind === "form") return percentEncodedProblem(text.replace(/\+/g, " "));
  return null;
}

function bodyKind(contentType: string): "json" | "form" | "text" | "multipart" | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  // Without a type the body is what the route makes of it (the webhook reads any body as JSON).
  if (type === "" || type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type.startsWith("text/") || type === "application/xml") return "text";
  return null; // binary: an upload is bytes, not text
}

async function multipartProblem(request: Request): Promise<string | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null; // malformed: the route answers it as it always did
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000")) return NUL_MESSAGE;
    if (typeof value === "string" && value.includes("\u0000")) return NUL_MESSAGE;
  }
  return null;
}

export function cleanInput(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    const urlProblem = pathStart >= 0 ? percentEncodedProblem(url.slice(pathStart)) : null;
    if (urlProblem) return respondError(c, 400, "invalid_request", "Bad request", urlProblem);

    const raw = c.req.raw;
    if (!raw.body) return next();
    const kind = bodyKind(raw.headers.get("content-type") ?? "");
    if (kind === null) return next();
    // Read once, bounded by the body limit, and handed on as a fresh request for the route.
    const bytes = new Uint8Array(await raw.arrayBuffer());
    c.req.raw = new Request(raw, { body: bytes });
    const problem =
      kind === "multipart" ? await multipartProblem(c.req.raw.clone()) : textBodyProblem(bytes, kind);
    if (problem) return respondError(c, 400, "invalid_request", "Bad request", problem);
    return next();
  };
}
