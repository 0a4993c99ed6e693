// A local S3-compatible server for the picture store's tests: @20minutes/s3rver (a maintained fork
// of s3rver, from the npm registry) in this process, on a free loopback port, with one bucket and
// its files in a temporary folder. It answers PutObject, GetObject, HeadObject, ListObjectsV2 and
// DeleteObject as S3 does. Its signature check is relaxed: for a bucket-level request (ListObjectsV2,
// GET /<bucket>/) it signs the path without the trailing slash the AWS SDK v3 signs, and refuses
// every listing with SignatureDoesNotMatch; AWS S3 signs the path as sent.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";
import type { BucketConfig } from "../../services/pictures/store";

export interface LocalS3 {
  endpoint: string;
  bucket: BucketConfig;
  /** The S3_* variables a server process needs to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucketName = "pictures"): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucketName }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: {
      bucket: bucketName,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      prefix: "",
    },
    env: {
      PICTURE_STORE: "s3",
      S3_BUCKET: bucketName,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
