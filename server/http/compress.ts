// Response compression. Hono's compress() pipes every body through a CompressionStream, which a
// streamed page needs (the browser gets each chunk as soon as it is rendered). An API answer is
// one small JSON string, and for that the web-streams machinery cost more than the compression
// itself: in a CPU profile of the cached listing under load, compressing took about 30% of the
// server's time, half of it in stream plumbing (docs/decisions/0018-whole-body-compression.md).
// So JSON bodies are compressed in one zlib call, and everything else streams as before.
import { createHash } from "node:crypto";
import { deflateSync, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { parseAccept } from "hono/utils/accept";

/** The same floor Hono uses: below it, compressing saves less than the headers it adds. */
const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ["gzip", "deflate"] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding to answer with: gzip before deflate when both are fully accepted, otherwise the
 * one with the higher quality; `*` stands for any encoding not named. Null for neither.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === "*")?.q;
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/**
 * Compressed bodies by encoding and content hash. Many requests get the same bytes (a listing
 * page from the listing cache, the same suggestions), and hashing a body costs a sixth to a
 * twentieth of deflating it. The output is a function of the body alone, so a hit can serve
 * nothing that the request did not produce itself. Bounded in entries and in body size.
 */
const compressed = new Map<string, Buffer>();
const CACHE_ENTRIES = 256;
const CACHE_MAX_BODY = 256 * 1024;

/** The SHA-256 of a body (base64): the compressed-bytes key and the ETag of a JSON answer. */
export const bodyHash = (body: Buffer) => createHash("sha256").update(body).digest("base64");

export function compressBody(body: Buffer, encoding: Encoding, hash?: string): Buffer {
  const zip = () => (encoding === "gzip" ? gzipSync(body) : deflateSync(body));
  if (body.byteLength > CACHE_MAX_BODY) return zip();
  const key = `${encoding}:${hash ?? bodyHash(body)}`;
  let out = compressed.get(key);
  if (out) {
    // Most recently used last, so the oldest is dropped first.
    compressed.delete(key);
  } else {
    out = zip();
    if (compressed.size >= CACHE_ENTRIES) {
      const oldest = compressed.keys().next().value;
      if (oldest !== undefined) compressed.delete(oldest);
    }
  }
  compressed.set(key, out);
  return out;
}

const isJson = (res: Response) =>
  /^\s*application\/(?:[^;\s]+\+)?json(?:[;\s]|$)/i.test(res.headers.get("Content-Type") ?? "");
const noTransform = (res: Response) =>
  /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "");

function addVaryAcceptEncoding(res: Response): void {
  const vary = res.headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/** If-None-Match names this ETag (weak comparison, as for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

/**
 * Replaces a JSON response by its compressed bytes (or leaves it, when that would not pay). A
 * successful GET gets an ETag of its body and `Cache-Control: private, no-cache` unless it has
 * its own: the browser (or a CDN in front of it) asks again with If-None-Match and an unchanged
 * answer costs a 304. Private, because a signed-in customer's prices are in it.
 */
async function compressWholeJson(c: Context): Promise<void> {
  const res = c.res;
  // (Not res.body: reading it would turn the adapter's plain string body into a stream.)
  if (
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    res.headers.has("Content-Encoding") ||
    c.req.method === "HEAD" ||
    !isJson(res) ||
    noTransform(res)
  )
    return;
  addVaryAcceptEncoding(res);
  const encoding = pickEncoding(c.req.header("Accept-Encoding"));
  const conditional = c.req.method === "GET" && res.status === 200 && !res.headers.has("ETag");
  if (!encoding && !conditional) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  const hash = bodyHash(body);
  if (conditional) {
    const etag = `"${hash.slice(0, 27)}"`;
    headers.set("ETag", etag);
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
    if (etagMatches(c.req.header("If-None-Match"), etag)) {
      headers.delete("Content-Type");
      headers.delete("Content-Length");
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
      return;
    }
  }
  let out: Buffer = body;
  if (encoding && body.byteLength >= COMPRESS_THRESHOLD) {
    out = compressBody(body, encoding, hash);
    headers.set("Content-Encoding", encoding);
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  }
  headers.set("Content-Length", String(out.byteLength));
  // Assigning over a response makes Hono wrap the new one around the old one's headers, which
  // turns the body back into a stream; the headers are all copied above, so start afresh and
  // the Node adapter writes the bytes in one call.
  c.res = undefined;
  c.res = new Response(new Uint8Array(out), {
    status: res.status,
    headers,
  });
}

/** Compression for every response: JSON in one call, the rest (pages, feeds) as a stream. */
export function compressResponses(): MiddlewareHandler {
  const streaming = compress({ threshold: COMPRESS_THRESHOLD });
  return (c, next) =>
    streaming(c, async () => {
      await next();
      await compressWholeJson(c);
    });
}
