// /images/... of the store on the request's host, from its picture store (services/pictures/store.ts:
// its folder, or the deployment's bucket, so any instance serves any picture). A content-named
// picture (the upload pipeline's names) is served as immutable for a year, so a browser or CDN
// never asks again; other names (the demo seed's, a new store's logo) for a week, revalidated.
// Bucket pictures that are immutable are kept in a small in-process cache (32 MB) so a popular
// picture does not cost a bucket round trip on every request that misses the CDN.
import type { MiddlewareHandler } from "hono";
import {
  cacheControlFor,
  IMMUTABLE,
  isPictureKey,
  pictureStoreOf,
  pictureType,
} from "../../services/pictures/store";
import type { AppEnv } from "./env";
import { wantsJson } from "./errors";

interface Cached {
  body: Buffer;
  modifiedAt: Date;
}

const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_ONE_MAX = 2 * 1024 * 1024;

/** Most recently used last (a Map keeps insertion order). */
class PictureCache {
  private entries = new Map<string, Cached>();
  private bytes = 0;

  get(id: string): Cached | undefined {
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }

  set(id: string, value: Cached): void {
    if (value.body.length > CACHE_ONE_MAX || this.entries.has(id)) return;
    this.entries.set(id, value);
    this.bytes += value.body.length;
    for (const [oldest, v] of this.entries) {
      if (this.bytes <= CACHE_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= v.body.length;
    }
  }
}

export function storePictures(): MiddlewareHandler<AppEnv> {
  const cache = new PictureCache();
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice("/images/".length));
    } catch {
      key = "";
    }
    const notFound = () => (wantsJson(c.req.path) ? next() : c.text("Image not found", 404));
    if (!isPictureKey(key)) return notFound();

    const pictures = pictureStoreOf(c.var.store);
    const cacheControl = cacheControlFor(key);
    const cacheable = pictures.kind === "bucket" && cacheControl === IMMUTABLE;
    const id = `${pictures.where}${key}`;
    let found: Cached | null = cacheable ? (cache.get(id) ?? null) : null;
    if (!found) {
      found = await pictures.get(key);
      if (found && cacheable) cache.set(id, found);
    }
    if (!found) return notFound();

    const etag = `W/"${found.body.length.toString(16)}-${found.modifiedAt.getTime().toString(16)}"`;
    const headers: Record<string, string> = {
      "Content-Type": pictureType(key),
      "Cache-Control": cacheControl,
      ETag: etag,
      "Last-Modified": found.modifiedAt.toUTCString(),
    };
    // A picture is never a script: an SVG is shown as an image only (no scripts, no own origin).
    if (headers["Content-Type"] === "image/svg+xml")
      headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    if (
      c.req
        .header("if-none-match")
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return c.body(null, 304, headers);
    headers["Content-Length"] = String(found.body.length);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(new Uint8Array(found.body), 200, headers);
  };
}
