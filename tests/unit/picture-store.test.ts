// The picture store (services/pictures/store.ts) on both backends: the folder, and a bucket on a
// local S3-compatible server (tests/helpers/local-s3.ts); and the move between them
// (services/pictures/move.ts): verified, idempotent, resumable, the source kept unless verified.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { movePictures } from "../../services/pictures/move";
import {
  BucketPictureStore,
  bucketBaseOf,
  cacheControlFor,
  FolderPictureStore,
  IMMUTABLE,
  isPictureKey,
  type PictureStore,
  pictureKeyOf,
  REVALIDATED,
} from "../../services/pictures/store";
import { type LocalS3, startLocalS3 } from "../helpers/local-s3";

let s3: LocalS3;
const folders: string[] = [];
const tempFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), "pictures-"));
  folders.push(dir);
  return dir;
};
let n = 0;
const bucketStore = () => new BucketPictureStore(s3.bucket, bucketBaseOf(s3.bucket, `store${++n}`));

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const list = async (store: PictureStore, prefix?: string) => {
  const keys: string[] = [];
  for await (const p of store.list(prefix)) keys.push(p.key);
  return keys.sort();
};

describe.each([
  ["folder", () => new FolderPictureStore(tempFolder()) as PictureStore],
  ["bucket", () => bucketStore() as PictureStore],
])("the %s picture store", (_kind, make) => {
  it("writes, reads, lists and deletes pictures by key", async () => {
    const store = make();
    const bytes = Buffer.from("RIFF....WEBPVP8 picture bytes");
    expect(await store.get("products/a-0123456789.webp")).toBeNull();
    expect(await store.head("products/a-0123456789.webp")).toBeNull();

    await store.put("products/a-0123456789.webp", bytes, "image/webp");
    await store.put("products/b-0123456789-sm.webp", Buffer.from("small"), "image/webp");
    await store.put("brand/logo.svg", Buffer.from("<svg/>"), "image/svg+xml");

    const got = await store.get("products/a-0123456789.webp");
    expect(got?.body.equals(bytes)).toBe(true);
    expect(got?.size).toBe(bytes.length);
    const head = await store.head("products/a-0123456789.webp");
    expect(head?.size).toBe(bytes.length);
    expect(Math.abs((head?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    expect(await list(store)).toEqual([
      "brand/logo.svg",
      "products/a-0123456789.webp",
      "products/b-0123456789-sm.webp",
    ]);
    expect(await list(store, "products/")).toEqual([
      "products/a-0123456789.webp",
      "products/b-0123456789-sm.webp",
    ]);
    expect(await list(store, "brand/")).toEqual(["brand/logo.svg"]);

    // Overwrite, then delete (twice: a picture already gone is not an error).
    await store.put("brand/logo.svg", Buffer.from("<svg>2</svg>"), "image/svg+xml");
    expect((await store.get("brand/logo.svg"))?.body.toString()).toBe("<svg>2</svg>");
    await store.delete("products/a-0123456789.webp");
    await store.delete("products/a-0123456789.webp");
    expect(await store.get("products/a-0123456789.webp")).toBeNull();
    expect(await list(store, "products/")).toEqual(["products/b-0123456789-sm.webp"]);
  });

  it("refuses keys that could leave the store's place", async () => {
    const store = make();
    for (const key of ["../x.webp", "products/../../x.webp", "/etc/passwd", "a//b.webp", ""])
      await expect(store.put(key, Buffer.from("x"), "image/webp"), key).rejects.toThrow(/not a picture key/);
  });
});

describe("two stores in one bucket", () => {
  it("see only their own pictures", async () => {
    const one = bucketStore();
    const two = bucketStore();
    await one.put("products/x-0123456789.webp", Buffer.from("one"), "image/webp");
    expect(await two.get("products/x-0123456789.webp")).toBeNull();
    expect(await list(two)).toEqual([]);
    expect(await list(one)).toEqual(["products/x-0123456789.webp"]);
  });
});

describe("picture names", () => {
  it("maps /images/ URLs to keys and refuses anything else", () => {
    expect(pictureKeyOf("/images/products/a.webp")).toBe("products/a.webp");
    expect(pictureKeyOf("/images/../control/x")).toBeNull();
    expect(pictureKeyOf("https://cdn.example/x.webp")).toBeNull();
    expect(isPictureKey("products/a b.webp")).toBe(false);
  });

  it("serves content-named pictures as immutable, others revalidated", () => {
    expect(cacheControlFor("products/pod-kit-3f9a0c21be.webp")).toBe(IMMUTABLE);
    expect(cacheControlFor("products/pod-kit-3f9a0c21be-sm.webp")).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("products/pod-kit-1.webp")).toBe(REVALIDATED);
    expect(cacheControlFor("brand/logo.svg")).toBe(REVALIDATED);
  });
});

describe("moving a store's pictures", () => {
  const fill = async (store: PictureStore, count: number) => {
    for (let i = 0; i < count; i++)
      await store.put(`products/p${i}-0123456789.webp`, Buffer.from(`picture ${i}`), "image/webp");
  };

  it("copies every picture to the bucket and verifies it; a second run copies nothing", async () => {
    const folder = new FolderPictureStore(tempFolder());
    const bucket = bucketStore();
    await fill(folder, 5);
    await folder.put("brand/logo.svg", Buffer.from("<svg/>"), "image/svg+xml");

    const first = await movePictures(folder, bucket);
    expect(first).toMatchObject({ copied: 6, alreadyThere: 0, removed: 0, failed: [] });
    expect(await list(bucket)).toEqual(await list(folder));
    expect((await bucket.get("products/p3-0123456789.webp"))?.body.toString()).toBe("picture 3");

    const again = await movePictures(folder, bucket);
    expect(again).toMatchObject({ copied: 0, alreadyThere: 6, failed: [] });
  });

  it("resumes a stopped run, replaces a different copy, and removes sources only once verified", async () => {
    const folder = new FolderPictureStore(tempFolder());
    const bucket = bucketStore();
    await fill(folder, 4);
    // A run stopped after two pictures, one of which then got other bytes in the target.
    await bucket.put("products/p0-0123456789.webp", Buffer.from("picture 0"), "image/webp");
    await bucket.put("products/p1-0123456789.webp", Buffer.from("picture X"), "image/webp");

    const report = await movePictures(folder, bucket, { removeSource: true });
    expect(report).toMatchObject({ copied: 3, alreadyThere: 1, removed: 4, failed: [] });
    expect((await bucket.get("products/p1-0123456789.webp"))?.body.toString()).toBe("picture 1");
    expect(await list(folder)).toEqual([]);

    // And back to the folder.
    const back = await movePictures(bucket, folder, { removeSource: true });
    expect(back).toMatchObject({ copied: 4, removed: 4, failed: [] });
    expect((await folder.get("products/p2-0123456789.webp"))?.body.toString()).toBe("picture 2");
    expect(await list(bucket)).toEqual([]);
  });

  it("keeps the source of a copy it cannot verify", async () => {
    const folder = new FolderPictureStore(tempFolder());
    await fill(folder, 3);
    const inner = bucketStore();
    // A target that corrupts one picture on the way (a broken proxy, a full disk).
    const lossy: PictureStore = {
      kind: "bucket",
      where: inner.where,
      head: (k) => inner.head(k),
      get: (k) => inner.get(k),
      delete: (k) => inner.delete(k),
      list: (p) => inner.list(p),
      put: (k, body, type) => inner.put(k, k.startsWith("products/p1") ? body.subarray(0, 3) : body, type),
    };
    const report = await movePictures(folder, lossy, { removeSource: true });
    expect(report.copied).toBe(2);
    expect(report.removed).toBe(2);
    expect(report.failed).toEqual([
      { key: "products/p1-0123456789.webp", reason: "the copy read back differs from the source" },
    ]);
    expect(await list(folder)).toEqual(["products/p1-0123456789.webp"]);
  });
});

describe("the picture store's configuration (server/config.ts)", () => {
  it("is the folder unless PICTURE_STORE=s3 names a bucket, and refuses s3 without one", () => {
    expect(loadConfig({}).services.pictures).toEqual({ kind: "folder" });
    expect(() => loadConfig({ PICTURE_STORE: "s3" })).toThrow(/PICTURE_STORE="s3" needs S3_BUCKET/);
    expect(() => loadConfig({ PICTURE_STORE: "s3", S3_BUCKET: "Bad_Name" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ PICTURE_STORE: "s3", S3_BUCKET: "pics", S3_ACCESS_KEY_ID: "k" })).toThrow(
      /go together/,
    );
    const c = loadConfig({
      PICTURE_STORE: "s3",
      S3_BUCKET: "pics",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_PREFIX: "shop",
    });
    expect(c.services.pictures).toMatchObject({
      kind: "bucket",
      bucket: "pics",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      prefix: "shop/",
    });
    expect(bucketBaseOf(c.bucket as NonNullable<typeof c.bucket>, "main")).toBe("shop/main/");
    // The bucket is known to the move command while the shop still serves from its folder.
    const folderStill = loadConfig({ S3_BUCKET: "pics" });
    expect(folderStill.services.pictures.kind).toBe("folder");
    expect(folderStill.bucket?.forcePathStyle).toBe(false);
  });
});
