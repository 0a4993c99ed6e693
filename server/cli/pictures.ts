// `npm run pictures -- move <img_folder>... --to bucket|folder [--remove-source]`: moves stores'
// pictures between DATA_DIR/images/<img_folder>/ and the S3_* bucket (services/pictures/move.ts).
// It reads the same environment as the server (S3_*, DATA_DIR) and no database, so it runs while
// the shop serves. Exit code 0 when every picture is in the target and verified, 1 otherwise.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { movePictures } from "../../services/pictures/move";
import {
  type BucketConfig,
  BucketPictureStore,
  bucketBaseOf,
  FolderPictureStore,
} from "../../services/pictures/store";
import { loadConfigOrExit } from "../config";

const USAGE = `Usage: npm run pictures -- move <img_folder>... --to bucket|folder [--remove-source]
       npm run pictures -- move --all --to bucket|folder [--remove-source]

Copies each store's pictures between DATA_DIR/images/<img_folder>/ and the bucket of S3_BUCKET
(at <S3_PREFIX><img_folder>/), reads every copy back and compares it by SHA-256. A picture already
in the target with the same bytes is skipped, so a stopped run is run again. --remove-source
deletes a source picture once its copy is verified. <img_folder> is the store's img_folder
(\`npm run store -- list\` shows the stores). --all: every folder under DATA_DIR/images (to the
bucket) or every store folder in the bucket (to the folder).`;

function usage(message?: string): never {
  process.stderr.write(`${message ? `${message}\n` : ""}${USAGE}\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) usage();
const [verb, ...rest] = argv;
if (verb !== "move") usage(`Unknown command ${JSON.stringify(verb)}.`);
let to: "bucket" | "folder" | null = null;
let removeSource = false;
let all = false;
const folders: string[] = [];
for (let i = 0; i < rest.length; i++) {
  const a = rest[i] as string;
  if (a === "--to") {
    const v = rest[++i];
    if (v !== "bucket" && v !== "folder") usage("--to takes bucket or folder.");
    to = v;
  } else if (a === "--remove-source") removeSource = true;
  else if (a === "--all") all = true;
  else if (a.startsWith("-")) usage(`Unknown option ${a}.`);
  else folders.push(a);
}
if (!to) usage("Say where the pictures go: --to bucket or --to folder.");
if (all === folders.length > 0) usage("Name the stores' img_folder, or --all (not both).");

const config = loadConfigOrExit();
const bucket: BucketConfig | null = config.bucket;
if (!bucket)
  usage("S3_BUCKET is not set: the bucket is named by S3_BUCKET (and S3_ENDPOINT, S3_REGION, ...).");
const imagesDir = join(config.dataDir, "images");

async function allFolders(): Promise<string[]> {
  if (to === "bucket") {
    const entries = await readdir(imagesDir, { withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isDirectory()).map((e) => e.name);
  }
  // Every first part of a key under the prefix: list the whole prefix once.
  const root = new BucketPictureStore(bucket as BucketConfig, bucket?.prefix ?? "");
  const names = new Set<string>();
  for await (const p of root.list()) names.add(p.key.split("/")[0] as string);
  return [...names];
}

const targets = all ? await allFolders() : folders;
let failed = 0;
for (const imgFolder of targets) {
  let base: string;
  try {
    base = bucketBaseOf(bucket, imgFolder);
  } catch (err) {
    usage((err as Error).message);
  }
  const folder = new FolderPictureStore(join(imagesDir, imgFolder));
  const inBucket = new BucketPictureStore(bucket, base);
  const [from, into] = to === "bucket" ? [folder, inBucket] : [inBucket, folder];
  process.stdout.write(`${imgFolder}: ${from.where} -> ${into.where}\n`);
  const report = await movePictures(from, into, {
    removeSource,
    onPicture: (key, outcome) => {
      if (outcome.startsWith("FAILED")) process.stdout.write(`  ${key}: ${outcome}\n`);
    },
  });
  failed += report.failed.length;
  process.stdout.write(
    `  ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.alreadyThere} already there, ${report.removed} source copies removed, ${report.failed.length} failed\n`,
  );
}
if (failed > 0)
  process.stdout.write(
    `${failed} picture(s) were not moved; their source copies are kept. Run the same command again.\n`,
  );
process.exit(failed > 0 ? 1 : 0);
