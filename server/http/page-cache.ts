// The page cache (docs/decisions/0034): anonymous pages (home, listings, products, content pages)
// kept whole and compressed, per store, path with query and what the page shows of the visitor,
// and forgotten the moment what they show changes (services/cache.ts onForget: this process's
// changes and, through services/change-bus.ts, every other instance's).
//
// A page carries two values that belong to one response: the visitor's CSRF token (an HMAC of
// the session cookie) and the CSP nonce. A page is rendered for the cache with stand-ins for both,
// cut at the stand-ins, and each piece compressed once as a raw deflate stream ending on a byte
// boundary. A response is the gzip header, the pieces with the visitor's token and a fresh nonce
// between them as stored (uncompressed) deflate blocks, a final empty block and the gzip trailer,
// whose CRC-32 is combined from the pieces' (crc32Combine): no compression per request, and no
// value of one visitor ever reaches another. Only visitors without a session row are served
// from it (no customer, so one pricing class: retail); anyone signed in is rendered as before.
import { createHash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { CONSENT_COOKIE, currentConsent } from "../../core/consent";
import { type ChangeKind, onForget } from "../../services/cache";
import { serviceConfig } from "../../services/config";
import { etagMatches, pickEncoding } from "./compress";
import type { AppEnv } from "./env";
import { pageDevice, requestDevice, visitorCountryOf } from "./visitor";

/** The pages kept: the storefront's public pages, none with an account, a cart or an order. */
// With or without a language prefix (docs/decisions/0035): the path alone names the language.
const CACHEABLE =
  /^\/(?:(?:el|en)(?:\/|$))?(?:|brands|shop\/sidebar\/[^/]+|product\/default\/[^/]+|pages\/(?:about|contact|partner|terms|privacy|returns))$/;
const MAX_URL = 512;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

/** The pricing class of every page kept here (signed-in customers are never served from it). */
export const ANONYMOUS_CLASS = "retail";

// Stand-ins rendered in place of the per-response values: letters and digits only, so HTML,
// JSON and script escaping leave them as they are; random per process, so no page text can
// contain them.
const CSRF_STAND_IN = `pcCsrf${randomBytes(12).toString("hex")}`;
const NONCE_STAND_IN = `pcNonce${randomBytes(12).toString("hex")}`;
const STAND_INS = new RegExp(`${CSRF_STAND_IN}|${NONCE_STAND_IN}`, "g");
type Slot = "csrf" | "nonce";

/** The stand-ins of this process (tests render pages with them). */
export function pageCacheStandIns(): Record<Slot, string> {
  return { csrf: CSRF_STAND_IN, nonce: NONCE_STAND_IN };
}

interface Entry {
  storeId: string;
  showsStock: boolean;
  at: number;
  status: number;
  headers: [string, string][];
  /** Raw deflate pieces, each ending on a byte boundary without a final block. */
  pieces: Buffer[];
  crcs: number[];
  lengths: number[];
  /** What goes between piece i and piece i + 1. */
  slots: Slot[];
  /** Of the page as rendered with the stand-ins: the ETag adds the visitor's token. */
  version: string;
  bytes: number;
}

// --- gzip from stored pieces ------------------------------------------------------------------

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final fixed-Huffman block holding only its end code. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The deflate level of the kept pieces. A page is compressed once per cold render, and that was
 * a sixth of the render's CPU at zlib's default (6): level 4 takes about half of it for pages 3-5%
 * larger (docs/decisions/0034, "Cold render CPU").
 */
const PIECE_LEVEL = 4;

/**
 * Below this many bytes a piece is kept as a stored block: the head's pieces between two nonces
 * (a module preload link each, ~100 bytes) deflate to nearly their own size, and a zlib stream
 * per piece costs more than the deflating.
 */
const STORED_BELOW = 512;

/** One piece of text as raw deflate, ending on a byte boundary and leaving the stream open. */
export function deflatePiece(text: Buffer): Buffer {
  if (text.length < STORED_BELOW) return storedBlock(text);
  return deflateRawSync(text, { level: PIECE_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
}

/** A stored (uncompressed) deflate block, not final, for up to 65,535 bytes. */
function storedBlock(data: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

// CRC-32 of A followed by B from crc(A), crc(B) and the length of B (zlib's crc32_combine).
const POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [];
{
  let p = 1 << 30;
  X2N.push(p >>> 0);
  for (let n = 1; n < 32; n++) {
    p = multModP(p, p);
    X2N.push(p);
  }
}
function x2nModP(n: number, k: number): number {
  let p = (1 << 31) >>> 0;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  return (multModP(x2nModP(length2, 3), crc1) ^ crc2) >>> 0;
}

/** A gzip member of the stored pieces with `values` in their slots. */
export function assembleGzip(
  e: Pick<Entry, "pieces" | "crcs" | "lengths" | "slots">,
  values: Record<Slot, Buffer>,
): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < e.pieces.length; i++) {
    parts.push(e.pieces[i]);
    crc = crc32Combine(crc, e.crcs[i], e.lengths[i]);
    size += e.lengths[i];
    const slot = e.slots[i];
    if (slot) {
      const value = values[slot];
      parts.push(storedBlock(value));
      crc = crc32(value, crc);
      size += value.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

const CSRF_BYTES = Buffer.from(CSRF_STAND_IN);
const NONCE_BYTES = Buffer.from(NONCE_STAND_IN);

/**
 * Cuts a page rendered with the stand-ins into compressed pieces and slots. The page's bytes as
 * rendered are cut where they are (no decoding to a string and encoding back).
 */
export function cutPage(
  page: string | Buffer,
): Pick<Entry, "pieces" | "crcs" | "lengths" | "slots" | "bytes"> {
  const raw = typeof page === "string" ? Buffer.from(page) : page;
  const pieces: Buffer[] = [];
  const crcs: number[] = [];
  const lengths: number[] = [];
  const slots: Slot[] = [];
  let bytes = 0;
  const add = (text: Buffer) => {
    const piece = deflatePiece(text);
    pieces.push(piece);
    crcs.push(crc32(text));
    lengths.push(text.length);
    bytes += piece.length;
  };
  // The two stand-ins share no prefix, so neither can overlap the other.
  let last = 0;
  let csrf = raw.indexOf(CSRF_BYTES);
  let nonce = raw.indexOf(NONCE_BYTES);
  while (csrf >= 0 || nonce >= 0) {
    const isCsrf = nonce < 0 || (csrf >= 0 && csrf < nonce);
    const at = isCsrf ? csrf : nonce;
    add(raw.subarray(last, at));
    slots.push(isCsrf ? "csrf" : "nonce");
    if (isCsrf) {
      last = at + CSRF_BYTES.length;
      csrf = raw.indexOf(CSRF_BYTES, last);
    } else {
      last = at + NONCE_BYTES.length;
      nonce = raw.indexOf(NONCE_BYTES, last);
    }
  }
  add(raw.subarray(last));
  return { pieces, crcs, lengths, slots, bytes };
}

// --- what a page shows of the visitor ----------------------------------------------------------
// (c.get, not c.var: Hono builds a new object of every variable on each c.var.)

/** The device and crawler reading per user agent and hints (bowser costs more than a hit). */
const deviceKeys = new Map<string, string>();
function deviceKey(c: Context<AppEnv>): string {
  const ua = (c.req.header("user-agent") ?? "").slice(0, 512);
  const hints = `${c.req.header("sec-ch-ua-mobile") ?? ""}|${c.req.header("sec-ch-ua-platform") ?? ""}`;
  const raw = `${ua}\u0000${hints}`;
  let key = deviceKeys.get(raw);
  if (key === undefined) {
    const d = pageDevice(requestDevice((name) => c.req.header(name)));
    key = `${d.type}/${d.os}/${d.ios ? 1 : 0}/${d.orientation}/${ua && isbot(ua) ? "bot" : "-"}`;
    if (deviceKeys.size >= 1_000) deviceKeys.clear();
    deviceKeys.set(raw, key);
  }
  return key;
}

function cookieValue(header: string | undefined, name: string): string {
  if (!header) return "";
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return "";
}

/**
 * The cache key, or null when this request is not served from the cache: not a GET of a public
 * page, a session row (signed in, or anything the server keeps for the visitor), a sign-out for
 * inactivity in this very request, or a client that does not take gzip.
 */
function keyOf(c: Context<AppEnv>): string | null {
  if (c.req.method !== "GET") return null;
  const path = c.req.path;
  // Client navigations' data (`.data`) holds the root data too; it is rendered, not kept.
  if (!CACHEABLE.test(path) || path.endsWith(".data")) return null;
  const session = c.get("session");
  if (!session || session.stored || c.get("customer") || session.idleExpired) return null;
  if (pickEncoding(c.req.header("accept-encoding")) !== "gzip") return null;
  const url = c.req.url;
  const query = url.indexOf("?");
  const pathAndQuery = query < 0 ? path : path + url.slice(query);
  if (pathAndQuery.length > MAX_URL) return null;
  const store = c.get("store");
  const consent = currentConsent(cookieValue(c.req.header("cookie"), CONSENT_COOKIE));
  const age = store.settings.show18 ? (session.age ?? "ask") : "off";
  return [
    store.config.id,
    // The host: one store answers on several, and the head differs by host (robots is noindex on
    // a development host such as 127.0.0.1, index on the shop's domain). The language is the
    // path's (decision 0035), so the path below holds it.
    store.host,
    ANONYMOUS_CLASS,
    deviceKey(c),
    visitorCountryOf(c),
    age,
    consent ?? "",
    pathAndQuery,
  ].join("\u0000");
}

// --- the cache --------------------------------------------------------------------------------

const entries = new Map<string, Entry>();
const filling = new Map<string, Promise<Entry | null>>();
let totalBytes = 0;
/** Counts forgets: a render that began before one is served but not kept. */
let generation = 0;

function drop(key: string, e: Entry): void {
  entries.delete(key);
  totalBytes -= e.bytes;
}

function forget(kind: ChangeKind, storeId: string | undefined): void {
  generation++;
  for (const [key, e] of entries)
    if ((storeId === undefined || e.storeId === storeId) && (kind === "store" || e.showsStock)) drop(key, e);
}
onForget(forget);

function keep(key: string, e: Entry): void {
  const old = entries.get(key);
  if (old) drop(key, old);
  entries.set(key, e);
  totalBytes += e.bytes;
  for (const [k, oldest] of entries) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
    drop(k, oldest);
  }
}

const tokenTag = (token: string) => createHash("sha256").update(token).digest("base64url").slice(0, 12);

/** The response for one visitor from a kept page. */
function answer(c: Context<AppEnv>, e: Entry, hit: boolean): Response {
  const csrf = c.get("session").csrfToken;
  const etag = `"${e.version}.${tokenTag(csrf)}"`;
  const headers = new Headers(e.headers);
  headers.set("ETag", etag);
  // Private: the page holds this visitor's CSRF token. The browser keeps it and asks again
  // with If-None-Match; an unchanged page costs a 304.
  headers.set("Cache-Control", "private, no-cache");
  headers.set("Vary", "Accept-Encoding");
  headers.set("X-Page-Cache", hit ? "hit" : "miss");
  if (etagMatches(c.req.header("if-none-match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  const body = assembleGzip(e, {
    csrf: Buffer.from(csrf),
    nonce: Buffer.from(c.get("secureHeadersNonce") ?? ""),
  });
  headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status: e.status, headers });
}

/** Puts the visitor's values where a render that is not kept has the stand-ins. */
function withRealValues(c: Context<AppEnv>, res: Response, html: string): Response {
  const csrf = c.get("session").csrfToken;
  const nonce = c.get("secureHeadersNonce") ?? "";
  const body = html.replace(STAND_INS, (m) => (m === CSRF_STAND_IN ? csrf : nonce));
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  return new Response(body, { status: res.status, headers });
}

const keepable = (res: Response) =>
  res.status === 200 &&
  (res.headers.get("Content-Type") ?? "").startsWith("text/html") &&
  !res.headers.has("Set-Cookie") &&
  !res.headers.has("Content-Encoding") &&
  !/no-store|private/i.test(res.headers.get("Cache-Control") ?? "");

/**
 * Renders the page (next) with the stand-ins in place of the visitor's CSRF token and the nonce,
 * and keeps it when it may be kept. Resolves null when it may not; c.res then holds the render
 * with the visitor's own values.
 */
async function fill(c: Context<AppEnv>, key: string, next: () => Promise<void>): Promise<Entry | null> {
  const started = generation;
  const session = c.get("session");
  const nonce = c.get("secureHeadersNonce");
  c.set("session", { ...session, csrfToken: CSRF_STAND_IN });
  c.set("secureHeadersNonce", NONCE_STAND_IN);
  try {
    await next();
  } finally {
    c.set("session", session);
    c.set("secureHeadersNonce", nonce);
  }
  const res = c.res;
  const page = res.body ? Buffer.from(await res.arrayBuffer()) : Buffer.alloc(0);
  if (!keepable(res)) {
    c.res = undefined;
    c.res = withRealValues(c, res, page.toString());
    return null;
  }
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "set-cookie") headers.push([name, value]);
  });
  const entry: Entry = {
    storeId: c.get("store").config.id,
    // Content pages show no stock, so stock changes (every order) leave them.
    showsStock: !c.req.path.startsWith("/pages/"),
    at: Date.now(),
    status: res.status,
    headers,
    ...cutPage(page),
    version: createHash("sha256").update(key).update(page).digest("base64url").slice(0, 16),
  };
  // A change announced while this page was rendered may not be in it: serve it, keep it not.
  if (generation === started) keep(key, entry);
  return entry;
}

/** Serves anonymous pages from the cache and fills it; runs right before server rendering. */
export function pageCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ttl = serviceConfig().pageCacheMs;
    const key = ttl > 0 ? keyOf(c) : null;
    if (!key) return next();
    const kept = entries.get(key);
    if (kept && Date.now() - kept.at < ttl) {
      // Most recently used last: the oldest goes first when the cache is full.
      entries.delete(key);
      entries.set(key, kept);
      return answer(c, kept, true);
    }
    const pending = filling.get(key);
    if (pending) {
      // Another request renders this very page: the render holds no visitor's values, so share it.
      const shared = await pending.catch(() => null);
      if (shared) return answer(c, shared, true);
      return next();
    }
    const mine = fill(c, key, next);
    filling.set(key, mine);
    try {
      const entry = await mine;
      if (entry) {
        // Over an existing response Hono would merge the old one's headers in (see compress.ts).
        c.res = undefined;
        c.res = answer(c, entry, false);
      }
    } finally {
      filling.delete(key);
    }
  };
}

/**
 * A 304 answers for the copy the browser keeps, whose scripts carry that response's nonce: the
 * new nonce's Content-Security-Policy must not replace the kept one (a browser updates kept
 * headers from a 304). Installed before secureHeaders, so it sees the final headers.
 */
export function keepPolicyOnNotModified(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 304) c.res.headers.delete("Content-Security-Policy");
  };
}
