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
// type the browser claims: JPEG, PNG or WebP, at most 10 MB and 40 megapixels. Files land under
// the store's own image folder (StoreContext.imageDir, served at /images/...), with a random part
// in the name so a replaced picture never hits a browser's cached copy. Throws
// ServiceError("invalid") for anything that is not such a picture.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import sharp, { type Metadata } from "sharp";
import { MAX_UPLOAD_BYTES, slugify } from "../../core/admin/catalog";
import type { StoreContext } from "../context";
import { ServiceError } from "../failure";
import { recordAudit, type StaffActor } from "./audit";

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

/** The file of a public /images/... URL inside the store's folder; null for anything outside it. */
export function imageFileOf(store: StoreContext, url: string): string | null {
  if (!url.startsWith("/images/")) return null;
  const root = resolve(store.imageDir);
  const file = resolve(join(root, url.slice("/images/".length)));
  const rel = relative(root, file);
  if (rel === "" || rel.startsWith("..") || rel.split(sep).includes("..")) return null;
  return file;
}

/**
 * Checks, resizes and writes a picture as one WebP file per rendition under
 * `<imageDir>/<folder>/`; answers the files in the order of `renditions`. Nothing is written
 * when the bytes are not an accepted picture.
 */
export async function storeImage(
  store: StoreContext,
  bytes: Buffer,
  opts: { folder: string; name: string; renditions: readonly ImageRendition[] },
): Promise<StoredImageFile[]> {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(opts.folder)) throw new Error(`bad image folder ${opts.folder}`);
  await inspectImage(bytes);
  const base = `${slugify(opts.name).slice(0, 60) || "picture"}-${randomBytes(5).toString("hex")}`;
  const rendered: { url: string; data: Buffer; width: number; height: number }[] = [];
  try {
    for (const r of opts.renditions) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: r.width, height: r.height, fit: r.fit ?? "inside", withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      rendered.push({
        url: `/images/${opts.folder}/${base}${r.suffix}.webp`,
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
  const written: string[] = [];
  try {
    for (const r of rendered) {
      const file = imageFileOf(store, r.url);
      if (!file) throw new Error(`image URL outside the store folder: ${r.url}`);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, r.data, { flag: "wx" });
      written.push(r.url);
    }
  } catch (err) {
    await removeImageFiles(store, written);
    throw err;
  }
  return rendered.map(({ url, width, height }) => ({ url, width, height }));
}

/**
 * A picture uploaded ahead of the record that will name it (a brand logo, a slide, a blog cover):
 * read, stored as one rendition, and recorded in the audit log as `<entity>.upload` with its URL,
 * so every file in the folder has a who and a when even before (or without) a save naming it.
 * Files are removed again if the entry cannot be written.
 */
export async function storeUploadedPicture(
  store: StoreContext,
  actor: StaffActor,
  file: unknown,
  opts: { entity: string; folder: string; name: string; rendition: ImageRendition },
): Promise<StoredImageFile> {
  const bytes = await readUpload(file);
  const [stored] = await storeImage(store, bytes, { ...opts, renditions: [opts.rendition] });
  if (!stored) throw new Error("no picture stored");
  try {
    await store.db.transaction((tx) =>
      recordAudit(tx, actor, {
        action: `${opts.entity}.upload`,
        entity: opts.entity,
        summary: `Uploaded a picture: ${stored.url} (${stored.width} x ${stored.height}, ${bytes.length} bytes)`,
        after: { url: stored.url, width: stored.width, height: stored.height, bytes: bytes.length },
      }),
    );
  } catch (err) {
    await removeImageFiles(store, [stored.url]);
    throw err;
  }
  return stored;
}

/**
 * Removes the files of these public URLs from the store's folder. URLs outside it (another
 * store's, an external link) are left alone; a file already gone is not an error.
 */
export async function removeImageFiles(store: StoreContext, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const file = imageFileOf(store, url);
    if (file) await rm(file, { force: true });
  }
}
