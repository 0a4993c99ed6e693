// Where a store's pictures live: one interface, two backends (docs/decisions/0061).
//
//   const pictures = pictureStoreOf(store);                 // the deployment's backend for this store
//   await pictures.put("products/kit-3f9a0c21be.webp", bytes, "image/webp");
//   const found = await pictures.get("products/kit-3f9a0c21be.webp");   // null when missing
//
// A key is the part of a public URL after /images/ ("products/kit-3f9a0c21be.webp"), the same in
// both backends, so moving a store between them (server/cli/pictures.ts) changes no row.
//   - folder (the embedded default): `<DATA_DIR>/images/<img_folder>/<key>`, written under a
//     temporary name and renamed, so a reader never sees half a picture;
//   - bucket: any S3-compatible service (PICTURE_STORE=s3), object `<prefix><img_folder>/<key>`,
//     through @aws-sdk/client-s3, so every instance of a deployment sees every upload.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { serviceConfig } from "../config";

/** The S3-compatible bucket of a deployment (server/config.ts PICTURE_STORE=s3 and S3_*). */
export interface BucketConfig {
  bucket: string;
  region: string;
  /** Null: AWS's own endpoint for the region. */
  endpoint: string | null;
  /** Path-style addresses (http://host/bucket/key), which most S3-compatible services want. */
  forcePathStyle: boolean;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Put before every store's folder name in the object keys ("" or ending in "/"). */
  prefix: string;
}

export type PictureBackend = { kind: "folder" } | ({ kind: "bucket" } & BucketConfig);

/** One picture as listed: its key, size and when it was written. */
export interface PictureInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface PictureFile extends PictureInfo {
  body: Buffer;
}

export interface PictureStore {
  readonly kind: "folder" | "bucket";
  /** Where it is, for messages: a folder path or s3://bucket/prefix. */
  readonly where: string;
  /** Writes (or overwrites) the picture at `key`. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The picture, or null when there is none. */
  get(key: string): Promise<PictureFile | null>;
  /** Its size and date without its bytes, or null when there is none. */
  head(key: string): Promise<PictureInfo | null>;
  /** Removes the picture; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every picture whose key starts with `prefix` ("" for all), in no promised order. */
  list(prefix?: string): AsyncIterable<PictureInfo>;
}

const KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

/** A key is relative, plain and has no `..` part: anything else is refused before any I/O. */
export function isPictureKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split("/").includes("..");
}

function checkKey(key: string): string {
  if (!isPictureKey(key)) throw new Error(`not a picture key: ${JSON.stringify(key)}`);
  return key;
}

/** The key of a public /images/... URL, or null for any other address. */
export function pictureKeyOf(url: string): string | null {
  if (!url.startsWith("/images/")) return null;
  const key = url.slice("/images/".length);
  return isPictureKey(key) ? key : null;
}

export const pictureUrlOf = (key: string) => `/images/${checkKey(key)}`;

const TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  avif: "image/avif",
  ico: "image/x-icon",
};

/** The media type a picture is served with, from its name's ending (the pipeline writes the names). */
export function pictureType(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

// ---- folder

export class FolderPictureStore implements PictureStore {
  readonly kind = "folder" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  get where() {
    return this.root;
  }

  private fileOf(key: string): string {
    return join(this.root, ...checkKey(key).split("/"));
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now().toString(36)}.partial`;
    try {
      await writeFile(partial, body);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<PictureFile | null> {
    const file = this.fileOf(key);
    try {
      const [body, st] = await Promise.all([readFile(file), stat(file)]);
      if (!st.isFile()) return null;
      return { key, body, size: body.length, modifiedAt: st.mtime };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<PictureInfo | null> {
    try {
      const st = await stat(this.fileOf(key));
      return st.isFile() ? { key, size: st.size, modifiedAt: st.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async *list(prefix = ""): AsyncIterable<PictureInfo> {
    // Only the folder the prefix names is walked ("products/" walks products).
    const slash = prefix.lastIndexOf("/");
    const start = slash < 0 ? this.root : join(this.root, ...prefix.slice(0, slash).split("/"));
    for await (const file of filesUnder(start)) {
      if (file.endsWith(".partial")) continue;
      const key = relative(this.root, file).split(sep).join("/");
      if (!key.startsWith(prefix) || !isPictureKey(key)) continue;
      const st = await stat(file).catch(() => null);
      if (st?.isFile()) yield { key, size: st.size, modifiedAt: st.mtime };
    }
  }
}

const missing = (err: unknown) =>
  (err as NodeJS.ErrnoException)?.code === "ENOENT" || (err as NodeJS.ErrnoException)?.code === "ENOTDIR";

async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(path);
    else if (e.isFile()) yield path;
  }
}

// ---- bucket

const clients = new Map<string, S3Client>();

/** One client per bucket configuration (it keeps its connections). */
function clientFor(cfg: BucketConfig): S3Client {
  const id = JSON.stringify([cfg.endpoint, cfg.region, cfg.forcePathStyle, cfg.accessKeyId]);
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      region: cfg.region,
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      forcePathStyle: cfg.forcePathStyle,
      ...(cfg.accessKeyId && cfg.secretAccessKey
        ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
        : {}),
      // S3-compatible services other than AWS do not all accept the CRC32 checksums the SDK adds by
      // default since 2025; a picture is verified by its SHA-256 where it matters (the move command).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
    clients.set(id, client);
  }
  return client;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

export class BucketPictureStore implements PictureStore {
  readonly kind = "bucket" as const;
  private readonly client: S3Client;

  /** `base` is the key prefix of this store's pictures: "" or ending in "/". */
  constructor(
    readonly config: BucketConfig,
    readonly base: string,
  ) {
    this.client = clientFor(config);
  }

  get where() {
    return `s3://${this.config.bucket}/${this.base}`;
  }

  private objectKey(key: string) {
    return `${this.base}${checkKey(key)}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        // Served by the shop (or read by a CDN straight from the bucket) with the same lifetime.
        CacheControl: cacheControlFor(key),
        Metadata: { sha256: sha256(body) },
      }),
    );
  }

  async get(key: string): Promise<PictureFile | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      const body = Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array());
      return { key, body, size: body.length, modifiedAt: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<PictureInfo | null> {
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      return { key, size: res.ContentLength ?? 0, modifiedAt: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix = ""): AsyncIterable<PictureInfo> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: `${this.base}${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? []) {
        if (!o.Key) continue;
        const key = o.Key.slice(this.base.length);
        if (isPictureKey(key)) yield { key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }
}

// ---- names and lifetimes

/**
 * A name the pipeline gives: a slug, the first 10 hex digits of the SHA-256 of the file's own
 * bytes, a rendition suffix ("-sm"). Such a name never holds other bytes, so it may be cached for
 * a year without asking again.
 */
export const CONTENT_HASHED = /-[0-9a-f]{10}(-[a-z]+)?\.webp$/;

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Other names (the demo seed's, the logo a new store gets) may be written again with new bytes. */
export const REVALIDATED = "public, max-age=604800, stale-while-revalidate=86400";

export const cacheControlFor = (key: string) => (CONTENT_HASHED.test(key) ? IMMUTABLE : REVALIDATED);

// ---- which store

/** The folder or bucket part of a store: its img_folder (a path's last part in a bucket). */
export function bucketBaseOf(cfg: BucketConfig, imgFolder: string): string {
  const name = isAbsolute(imgFolder) ? basename(imgFolder) : imgFolder.replace(/^\/+|\/+$/g, "");
  if (!isPictureKey(name))
    throw new Error(`img_folder ${JSON.stringify(imgFolder)} cannot name a bucket prefix`);
  return `${cfg.prefix}${name}/`;
}

/** A store's pictures in the given backend. */
export function pictureStoreIn(
  backend: PictureBackend,
  store: { imgFolder: string; imageDir: string },
): PictureStore {
  if (backend.kind === "folder") return new FolderPictureStore(store.imageDir);
  return new BucketPictureStore(backend, bucketBaseOf(backend, store.imgFolder));
}

const cache = new Map<string, PictureStore>();

/** The store's pictures in the deployment's backend (services/config.ts `pictures`). */
export function pictureStoreOf(store: { config: { imgFolder: string }; imageDir: string }): PictureStore {
  const backend = serviceConfig().pictures;
  const id = `${JSON.stringify(backend)}\n${store.config.imgFolder}\n${store.imageDir}`;
  let found = cache.get(id);
  if (!found) {
    found = pictureStoreIn(backend, { imgFolder: store.config.imgFolder, imageDir: store.imageDir });
    if (cache.size > 1000) cache.clear();
    cache.set(id, found);
  }
  return found;
}
