// Pictures in a bucket (docs/decisions/0061), on either database: with PICTURE_STORE=s3 the upload
// pipeline writes to the S3-compatible bucket (a local one, tests/helpers/local-s3.ts), nothing to
// the store's folder; /images/... serves it from the bucket under a content-hashed name with a
// year's immutable cache; a 304 answers a revalidation; the orphan sweep and removals work on the
// bucket; and the same upload through the folder backend is served the same way.
import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import { removeImageFiles, removeOrphanPictures } from "../../services/admin/images";
import { configureServices, serviceConfig } from "../../services/config";
import type { StoreContext } from "../../services/context";
import { BucketPictureStore, bucketBaseOf, FolderPictureStore, sha256 } from "../../services/pictures/store";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";
import { giveApiKey } from "../helpers/erp";
import { type LocalS3, startLocalS3 } from "../helpers/local-s3";

const HOST = "alpha.localhost";

describe.each(driversFor("either"))("pictures in a bucket on %s", (driver) => {
  let p: Platform;
  let s3: LocalS3;
  let png: Buffer;
  const before = serviceConfig();

  beforeAll(async () => {
    s3 = await startLocalS3();
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", "alpha-key");
    png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c52" } })
      .png()
      .toBuffer();
  }, 600_000);
  afterAll(async () => {
    configureServices(before);
    await p?.dispose();
    await s3?.close();
  });

  const toBucket = () => configureServices({ ...before, pictures: { kind: "bucket", ...s3.bucket } });
  const upload = async (body: Buffer) => {
    const res = await p.request(HOST, "/api/v1/integration/pictures", {
      method: "POST",
      headers: { "x-api-key": "alpha-key", "content-type": "image/png" },
      body: new Uint8Array(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { url: string; smUrl: string };
  };
  const store = async () => (await p.registry.byId("alpha", HOST)) as StoreContext;

  it("writes uploads to the bucket and serves them from it, immutable under content-hashed names", async () => {
    toBucket();
    const alpha = await store();
    const up = await upload(png);
    expect(up.url).toMatch(/^\/images\/products\/erp-[0-9a-f]{10}\.webp$/);
    expect(up.smUrl).toMatch(/^\/images\/products\/erp-[0-9a-f]{10}-sm\.webp$/);

    const bucket = new BucketPictureStore(s3.bucket, bucketBaseOf(s3.bucket, alpha.config.imgFolder));
    const key = up.url.slice("/images/".length);
    const object = await bucket.get(key);
    expect(object, "the object is in the bucket").not.toBeNull();
    // The name is the content's own hash.
    expect(up.url).toContain(sha256(object?.body as Buffer).slice(0, 10));
    expect(existsSync(join(alpha.imageDir, key)), "nothing written to the folder").toBe(false);

    const res = await p.request(HOST, up.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals(object?.body as Buffer)).toBe(true);

    const etag = res.headers.get("etag") as string;
    const again = await p.request(HOST, up.url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await p.request(HOST, "/images/products/none-0123456789.webp")).status).toBe(404);
    expect((await p.request(HOST, "/images/..%2F..%2Fcontrol")).status).toBe(404);

    // The same bytes again are the same files (not written twice); removing them empties the bucket.
    const twice = await upload(png);
    expect(twice.url).toBe(up.url);
    await removeImageFiles(alpha, [up.url, up.smUrl]);
    // The ERP's upload records still name them: they stay until those are gone.
    expect(await bucket.head(key)).not.toBeNull();
  });

  it("sweeps pictures no row names from the bucket", async () => {
    toBucket();
    const alpha = await store();
    const other = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    const up = await upload(other);
    const { db } = await p.registry.storeHandle("alpha");
    await db.delete(s.integrationUploads);
    const removed = await removeOrphanPictures(alpha, 0);
    expect(removed).toEqual(expect.arrayContaining([up.url, up.smUrl]));
    expect((await p.request(HOST, up.url)).status).toBe(404);
  });

  it("serves the folder backend the same way", async () => {
    configureServices(before);
    const alpha = await store();
    const blue = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#13c" } })
      .png()
      .toBuffer();
    const up = await upload(blue);
    expect(existsSync(join(alpha.imageDir, up.url.slice("/images/".length)))).toBe(true);
    const res = await p.request(HOST, up.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // A name that is not content-hashed (the seed's, a new store's logo) is revalidated.
    await new FolderPictureStore(alpha.imageDir).put(
      "brand/logo.svg",
      Buffer.from("<svg/>"),
      "image/svg+xml",
    );
    const logo = await p.request(HOST, "/images/brand/logo.svg");
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/svg+xml");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=604800, stale-while-revalidate=86400");
  });
});
