// Moves a store's pictures from one picture store to another (its folder to the deployment's
// bucket, or back): server/cli/pictures.ts, docs/operations.md "Pictures in a bucket".
//
// Keys are the same in both backends, so no row changes: a picture is copied, read back and
// compared by SHA-256 with the source, and only a verified copy counts. A picture the target
// already holds with the same bytes is left as it is, so a run that was stopped is simply run
// again (idempotent, resumable). With `removeSource` the source copy is deleted only once its
// copy is verified; a failed or mismatched copy leaves the source untouched and is reported.
import { type PictureStore, pictureType, sha256 } from "./store";

export interface MoveReport {
  /** Copied and verified in this run. */
  copied: number;
  /** Already in the target with the same bytes. */
  alreadyThere: number;
  /** Source copies deleted (removeSource) after their copy was verified. */
  removed: number;
  /** Keys not copied or not verified, with why; their source copies are kept. */
  failed: { key: string; reason: string }[];
  bytes: number;
}

export async function movePictures(
  from: PictureStore,
  to: PictureStore,
  opts: { removeSource?: boolean; onPicture?: (key: string, outcome: string) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, removed: 0, failed: [], bytes: 0 };
  // The keys are read first: deleting while a bucket listing pages on is not safe everywhere.
  const keys: string[] = [];
  for await (const p of from.list()) keys.push(p.key);
  for (const key of keys) {
    let outcome: string;
    try {
      const source = await from.get(key);
      if (!source) continue; // removed since the listing: nothing to move
      const hash = sha256(source.body);
      const existing = await to.head(key);
      const same = existing?.size === source.body.length && (await sameBytes(to, key, hash));
      if (same) {
        report.alreadyThere++;
        outcome = "already there";
      } else {
        await to.put(key, source.body, pictureType(key));
        if (!(await sameBytes(to, key, hash))) {
          report.failed.push({ key, reason: "the copy read back differs from the source" });
          opts.onPicture?.(key, "FAILED: the copy read back differs");
          continue;
        }
        report.copied++;
        report.bytes += source.body.length;
        outcome = "copied";
      }
      if (opts.removeSource) {
        await from.delete(key);
        report.removed++;
        outcome += ", source removed";
      }
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      report.failed.push({ key, reason });
      opts.onPicture?.(key, `FAILED: ${reason}`);
      continue;
    }
    opts.onPicture?.(key, outcome);
  }
  return report;
}

async function sameBytes(store: PictureStore, key: string, hash: string): Promise<boolean> {
  const back = await store.get(key);
  return back !== null && sha256(back.body) === hash;
}
