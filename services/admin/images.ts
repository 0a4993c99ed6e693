// The back office's one picture pipeline: every upload (product pictures, brand logos, slides)
// goes through here. It is deliberately small:
//
//   const bytes = await readUpload(form.file);              // a File from the multipart body
//   const files = await storeImage(store, bytes, {          // checked, resized, written as WebP
//     folder: "products", name: "pod-kit", renditions: PRODUCT_RENDITIONS,
//   });                                                     // -> [{ url, width, height }, ...]
//   ... save the URLs in the transaction; if it fails: await removeImageFiles(store, urls) ...
//   await removeImageFiles(store, [oldUrl, oldSmUrl]);      // after the row is gone
//
// What a picture is, is decided from its bytes (sharp's metadata), never from its name or the
// type the browser claims: JPEG, PNG or WebP, at most 10 MB and 40 megapixels. Files land in the
// store's picture store (services/pictures/store.ts: its folder, or the deployment's bucket;
// served at /images/...), named after their own content's SHA-256, so a name never holds other
// bytes and is served as immutable for a year (a CDN may keep it). Throws ServiceError("invalid")
// for anything that is not such a picture.
//
// Uploads have limits (issue 38): every file written counts against the store's quota
// (UPLOAD_QUOTA_MB, all the store's pictures); staff uploads go through `uploadPicture`, which limits
// them per member of staff and per address and records each in the audit log; and files no row
// names (a picture replaced, its record deleted, an upload never saved) are removed by
// `removeOrphanPictures`, which the background sweep runs.
import { sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { MAX_UPLOAD_BYTES, slugify } from "../../core/admin/catalog";
import { queryRows } from "../../db/client";
import { serviceConfig } from "../config";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import {
  CONTENT_HASHED,
  type PictureStore,
  pictureKeyOf,
  pictureStoreOf,
  pictureType,
  pictureUrlOf,
  sha256,
} from "../pictures/store";
import { hitRateLimit } from "../rate-limit";
import { type AuditActor, recordAudit, type StaffActor } from "./audit";

/** One size a picture is stored at: fitted inside the box, never enlarged. */
export interface ImageRendition {
  /** Added to the file name before ".webp": "" for the main file, "-sm" for a thumbnail. */
  suffix: string;
  width: number;
  height: number;
  /** "inside" keeps the whole picture (default); "cover" fills the box and crops the rest. */
  fit?: "inside" | "cover";
}

export interface StoredImageFile {
  /** Public URL, e.g. /images/products/pod-kit-k3j9x2-sm.webp */
  url: string;
  width: number;
  height: number;
}

/** The storefront's product pictures: 600 px (gallery, cards) and a 150 px thumbnail. */
export const PRODUCT_RENDITIONS: readonly ImageRendition[] = [
  { suffix: "", width: 600, height: 600 },
  { suffix: "-sm", width: 150, height: 150 },
];

const FORMATS = new Set(["jpeg", "png", "webp"]);
const MAX_PIXELS = 40_000_000;
const WEBP = { quality: 80, effort: 4 } as const;

const notAPicture = (message: string) =>
  new ServiceError("invalid", message, { details: { fields: { file: message } } });

/** The bytes of an uploaded file (a multipart field), refused when missing, empty or over 10 MB. */
export async function readUpload(value: unknown): Promise<Buffer> {
  if (!(value instanceof Blob)) throw notAPicture("Choose a picture to upload.");
  if (value.size === 0) throw notAPicture("The file is empty.");
  if (value.size > MAX_UPLOAD_BYTES) throw notAPicture("The picture is larger than 10 MB.");
  return Buffer.from(await value.arrayBuffer());
}

/** Checks the bytes are a JPEG, PNG or WebP picture sharp can read; answers its size. */
export async function inspectImage(
  bytes: Buffer,
): Promise<{ format: string; width: number; height: number }> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw notAPicture("The picture is larger than 10 MB.");
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw notAPicture("This file is not a picture we can read. Upload a JPEG, PNG or WebP file.");
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw notAPicture("Upload a JPEG, PNG or WebP picture.");
  if (!meta.width || !meta.height) throw notAPicture("This picture has no size.");
  if (meta.width * meta.height > MAX_PIXELS) throw notAPicture("The picture has more than 40 megapixels.");
  return { format: meta.format, width: meta.width, height: meta.height };
}

/** The size of one of the store's own pictures (a /images/... URL), or null: none there, or unreadable. */
export async function storedPictureSize(
  store: StoreContext,
  url: string,
): Promise<{ width: number; height: number } | null> {
  const key = pictureKeyOf(url);
  if (!key) return null;
  try {
    const file = await pictureStoreOf(store).get(key);
    if (!file) return null;
    const { width, height } = await inspectImage(file.body);
    return { width, height };
  } catch {
    return null;
  }
}

/**
 * Checks, resizes and writes a picture as one WebP file per rendition under `<folder>/` of the
 * store's pictures, each named `<slug>-<first 10 hex digits of its SHA-256><suffix>.webp`; answers
 * the files in the order of `renditions`. Nothing is written when the bytes are not an accepted
 * picture; a file already there under its name holds these very bytes and is kept as it is.
 */
export async function storeImage(
  store: StoreContext,
  bytes: Buffer,
  opts: { folder: string; name: string; renditions: readonly ImageRendition[] },
): Promise<StoredImageFile[]> {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(opts.folder)) throw new Error(`bad image folder ${opts.folder}`);
  await inspectImage(bytes);
  const slug = slugify(opts.name).slice(0, 60) || "picture";
  const rendered: { url: string; data: Buffer; width: number; height: number }[] = [];
  try {
    for (const r of opts.renditions) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: r.width, height: r.height, fit: r.fit ?? "inside", withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      rendered.push({
        url: `/images/${opts.folder}/${slug}-${sha256(data).slice(0, 10)}${r.suffix}.webp`,
        data,
        width: info.width,
        height: info.height,
      });
    }
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    throw new ServiceError(
      "invalid",
      "This picture could not be read. Upload another JPEG, PNG or WebP file.",
      {
        cause: err,
        details: { fields: { file: "This picture could not be read." } },
      },
    );
  }
  const pictures = pictureStoreOf(store);
  const fresh: typeof rendered = [];
  for (const r of rendered) {
    const there = await pictures.head(keyOf(r.url));
    if (there?.size !== r.data.length) fresh.push(r);
  }
  await claimQuota(
    pictures,
    fresh.reduce((sum, r) => sum + r.data.length, 0),
  );
  const written: string[] = [];
  try {
    for (const r of fresh) {
      const key = keyOf(r.url);
      await pictures.put(key, r.data, pictureType(key));
      written.push(r.url);
    }
  } catch (err) {
    await removeImageFiles(store, written);
    throw err;
  }
  return rendered.map(({ url, width, height }) => ({ url, width, height }));
}

/**
 * A picture uploaded ahead of the record that will name it (a brand logo, a slide, a blog cover),
 * stored as one rendition through uploadPicture (its limits, quota and `<entity>.upload` audit
 * entry), so every file in the folder has a who and a when even before (or without) a save naming it.
 */
export async function storeUploadedPicture(
  store: StoreContext,
  actor: StaffActor,
  file: unknown,
  opts: { entity: string; folder: string; name: string; rendition: ImageRendition },
): Promise<StoredImageFile> {
  const [stored] = await uploadPicture(store, actor, file, { ...opts, renditions: [opts.rendition] });
  if (!stored) throw new Error("no picture stored");
  return stored;
}

function keyOf(url: string): string {
  const key = pictureKeyOf(url);
  if (!key) throw new Error(`not a picture URL of the store: ${url}`);
  return key;
}

/**
 * Removes the pictures of these public URLs from the store's pictures. URLs that are not its own
 * (an external link) are left alone; a file already gone is not an error. A content-named file is
 * kept while a row still names it: the same bytes uploaded twice under one name are one file.
 */
export async function removeImageFiles(store: StoreContext, urls: readonly string[]): Promise<void> {
  const own = [...new Set(urls)].filter((url) => pictureKeyOf(url) !== null);
  if (own.length === 0) return;
  const shared = own.filter((url) => CONTENT_HASHED.test(url));
  const named = shared.length > 0 ? await referencedPictures(store, shared) : new Set<string>();
  await deletePictures(
    store,
    own.filter((url) => !named.has(url)),
  );
}

async function deletePictures(store: StoreContext, urls: readonly string[]): Promise<void> {
  const pictures = pictureStoreOf(store);
  for (const url of urls) {
    const key = keyOf(url);
    const size = (await pictures.head(key))?.size ?? 0;
    await pictures.delete(key);
    const known = usage.get(pictures.where);
    if (known) known.bytes = Math.max(0, known.bytes - size);
  }
}

// ---- quota

/** What each store's pictures take, in bytes: counted from the store at most once a minute. */
const usage = new Map<string, { bytes: number; at: number }>();
const USAGE_RECOUNT_MS = 60_000;

async function storeBytes(pictures: PictureStore): Promise<number> {
  let bytes = 0;
  for await (const p of pictures.list()) bytes += p.size;
  return bytes;
}

const MB = 1024 * 1024;

/** Counts `bytes` more against the store's quota, or refuses (409) when they do not fit. */
async function claimQuota(pictures: PictureStore, bytes: number): Promise<void> {
  let known = usage.get(pictures.where);
  if (!known || Date.now() - known.at > USAGE_RECOUNT_MS) {
    known = { bytes: await storeBytes(pictures), at: Date.now() };
    usage.set(pictures.where, known);
  }
  const quota = serviceConfig().uploadQuotaMb * MB;
  if (known.bytes + bytes > quota)
    throw new ServiceError(
      "quota_exceeded",
      `This shop's pictures already take ${Math.ceil(known.bytes / MB)} MB of its ${serviceConfig().uploadQuotaMb} MB. Remove pictures that are no longer shown, or ask the operator for more room.`,
      { details: { fields: { file: "The shop has no room for this picture." } } },
    );
  known.bytes += bytes;
}

// ---- staff uploads

/** Uploads per member of staff, and per client address, in ten minutes. */
export const UPLOAD_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

/**
 * A picture uploaded by staff (or the ERP): limited per member of staff and per address, read, checked
 * and stored like every picture (quota included), and recorded in the audit log with its files.
 */
export async function uploadPicture(
  store: StoreContext,
  by: AuditActor,
  file: unknown,
  opts: { entity: string; folder: string; name: string; renditions: readonly ImageRendition[] },
): Promise<StoredImageFile[]> {
  const rule = {
    ...UPLOAD_RATE_LIMIT,
    limit: UPLOAD_RATE_LIMIT.limit * serviceConfig().rateLimitFactor,
  };
  // Staff only: the ERP's key uploads a whole catalogue's pictures at once (the quota still holds).
  const keys = by.id === null ? [] : [`upload:staff:${by.id}`, ...(by.ip ? [`upload:ip:${by.ip}`] : [])];
  for (const key of keys) {
    const hit = await hitRateLimit(store.db, key, rule);
    if (!hit.allowed)
      throw new ServiceError(
        "rate_limited",
        `Too many pictures uploaded in a short time: try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`,
        { details: { retryAfterSeconds: hit.retryAfterSeconds } },
      );
  }

  const bytes = Buffer.isBuffer(file) ? file : await readUpload(file);
  const files = await storeImage(store, bytes, opts);
  try {
    await store.db.transaction((tx) =>
      recordAudit(tx, by, {
        action: `${opts.entity}.upload`,
        entity: opts.entity,
        entityId: null,
        summary: `Uploaded a picture: ${files.map((f) => `${f.url} (${f.width} x ${f.height})`).join(", ")}, ${bytes.length} bytes`,
        after: { urls: files.map((f) => f.url), bytes: bytes.length },
      }),
    );
  } catch (err) {
    await removeImageFiles(
      store,
      files.map((f) => f.url),
    );
    throw err;
  }
  return files;
}

// ---- files no row names

/** The folders uploads write to, and the names storeImage gives (a slug, 10 hex digits, a suffix). */
const UPLOAD_FOLDERS = ["products", "brands", "categories", "blog", "slides", "pages"];
/** Tables whose text never names a picture a page shows (the audit log names every upload). */
const NOT_REFERENCES = new Set(["audit_log", "rate_limits", "sessions", "staff_sessions", "error_log"]);

/**
 * Every /images/... address any text or JSON column of the store database names; with `only`,
 * just those of these addresses that some row names.
 */
async function referencedPictures(store: StoreContext, only?: readonly string[]): Promise<Set<string>> {
  const patterns = only?.map((url) => `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    store.db,
    sql`select table_name, column_name from information_schema.columns
         where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')
           and table_name in (select table_name from information_schema.tables
                               where table_schema = current_schema() and table_type = 'BASE TABLE')`,
  );
  const named = new Set<string>();
  for (const { table_name: table, column_name: column } of columns) {
    if (NOT_REFERENCES.has(table)) continue;
    const rows = await queryRows<{ url: string }>(
      store.db,
      sql`select distinct m[1] as url
            from ${sql.identifier(table)} t,
                 regexp_matches(t.${sql.identifier(column)}::text, '(/images/[A-Za-z0-9/_.-]+)', 'g') as m
           where t.${sql.identifier(column)}::text like ${
             patterns
               ? sql`any(array[${sql.join(
                   patterns.map((p) => sql`${p}`),
                   sql`, `,
                 )}]::text[])`
               : sql`'%/images/%'`
           }`,
    );
    for (const r of rows) if (!only || only.includes(r.url)) named.add(r.url);
  }
  return named;
}

/**
 * Removes uploaded picture files that no row of the store names and that are older than `graceMs`
 * (an upload is saved into its record a moment after it is stored); answers the removed URLs.
 */
export async function removeOrphanPictures(
  store: StoreContext,
  graceMs = 24 * 60 * 60_000,
  now = Date.now(),
): Promise<string[]> {
  const pictures = pictureStoreOf(store);
  const candidates: string[] = [];
  for (const folder of UPLOAD_FOLDERS)
    for await (const p of pictures.list(`${folder}/`)) {
      if (!CONTENT_HASHED.test(p.key) || now - p.modifiedAt.getTime() < graceMs) continue;
      candidates.push(pictureUrlOf(p.key));
    }
  if (candidates.length === 0) return [];
  const named = await referencedPictures(store);
  const orphans = candidates.filter((url) => !named.has(url));
  await deletePictures(store, orphans);
  return orphans;
}
