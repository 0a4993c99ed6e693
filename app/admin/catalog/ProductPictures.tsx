// A product's pictures: upload (JPEG, PNG or WebP up to 10 MB; the server makes the WebP sizes),
// move earlier or later (the first is the main picture), delete after a confirmation.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, adminJson, callAdmin } from "../lib/admin-api";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Card } from "../ui/Page";
import { PictureDrop, pictureProblem, uploadProductPictures } from "./PictureDrop";
import type { AdminProduct } from "./ProductForm";

const problem = (err: unknown) =>
  err instanceof AdminApiError ? err.message : "The shop's server could not be reached. Try again.";

export function ProductPictures({ product, canWrite }: { product: AdminProduct; canWrite: boolean }) {
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<File[]>([]);
  const [pick, setPick] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const images = product.images;

  const move = async (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    if (id === undefined) return;
    ids.splice(to, 0, id);
    try {
      await callAdmin(adminRoutes.catalog.orderImages, { params: { id: product.id }, body: { ids } });
      toast.success("Pictures reordered.");
    } catch (err) {
      toast.error(problem(err));
    }
    revalidator.revalidate();
  };

  const upload = async () => {
    setError(null);
    if (chosen.length === 0) return setError("Choose a picture first.");
    const problemText = pictureProblem(chosen);
    if (problemText) return setError(problemText);
    setBusy(true);
    try {
      await uploadProductPictures(product.id, chosen, (path, body) =>
        adminJson(path, { method: "POST", body }),
      );
      toast.success(chosen.length === 1 ? "Picture added." : `${chosen.length} pictures added.`);
      setChosen([]);
      setPick((n) => n + 1);
    } catch (err) {
      setError(err instanceof Error ? err.message : problem(err));
    } finally {
      setBusy(false);
      revalidator.revalidate();
    }
  };

  return (
    <Card title="Pictures">
      {images.length === 0 ? (
        <p className="text-sm text-slate-700">No pictures yet: the shop shows a placeholder.</p>
      ) : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((img, i) => (
          <li key={img.id} className="rounded-md border border-slate-200 p-2">
            <img
              src={img.smUrl}
              alt={`${product.name}, ${i === 0 ? "main view" : `view ${i + 1}`}`}
              width={150}
              height={Math.round((150 * img.height) / Math.max(1, img.width))}
              className="mx-auto h-auto max-h-36 w-auto"
              loading="lazy"
            />
            <p className="mt-1 text-center text-xs text-slate-600">
              {i === 0 ? "Main · " : ""}
              {img.width}×{img.height}
            </p>
            {canWrite ? (
              <div className="mt-2 flex flex-wrap justify-center gap-1">
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  Earlier<span className="sr-only"> (picture {i + 1})</span>
                </button>
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  disabled={i === images.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  Later<span className="sr-only"> (picture {i + 1})</span>
                </button>
                <ConfirmButton
                  title="Delete this picture?"
                  message="The picture is removed from the shop at once. This cannot be undone."
                  confirmLabel="Delete picture"
                  onConfirm={async () => {
                    try {
                      await callAdmin(adminRoutes.catalog.removeImage, {
                        params: { id: product.id, imageId: img.id },
                      });
                      toast.success("Picture deleted.");
                    } catch (err) {
                      toast.error(problem(err));
                    }
                    revalidator.revalidate();
                  }}
                >
                  Delete<span className="sr-only"> picture {i + 1}</span>
                </ConfirmButton>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <PictureDrop
              key={pick}
              id="picture-file"
              label="Add pictures"
              error={error}
              onChange={setChosen}
            />
          </div>
          <button type="button" className={buttonClass()} disabled={busy} onClick={upload}>
            {busy ? "Uploading…" : chosen.length > 1 ? `Upload ${chosen.length} pictures` : "Upload"}
          </button>
        </div>
      ) : null}
    </Card>
  );
}
