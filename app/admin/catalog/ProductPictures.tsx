// A product's pictures: upload (JPEG, PNG or WebP up to 10 MB; the server makes the WebP sizes),
// move earlier or later (the first is the main picture), delete after a confirmation.
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from "../../../core/admin/catalog";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, adminJson, callAdmin } from "../lib/admin-api";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Card } from "../ui/Page";
import type { AdminProduct } from "./ProductForm";

const problem = (err: unknown) =>
  err instanceof AdminApiError ? err.message : "The shop's server could not be reached. Try again.";

export function ProductPictures({ product, canWrite }: { product: AdminProduct; canWrite: boolean }) {
  const revalidator = useRevalidator();
  const file = useRef<HTMLInputElement>(null);
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
    const chosen = file.current?.files?.[0];
    setError(null);
    if (!chosen) return setError("Choose a picture first.");
    if (chosen.size > MAX_UPLOAD_BYTES) return setError("The picture is larger than 10 MB.");
    const body = new FormData();
    body.append("file", chosen);
    setBusy(true);
    try {
      await adminJson(`/uploads/products/${product.id}/images`, { method: "POST", body });
      toast.success("Picture added.");
      if (file.current) file.current.value = "";
      revalidator.revalidate();
    } catch (err) {
      setError(problem(err));
    } finally {
      setBusy(false);
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
          <div>
            <label htmlFor="picture-file" className="block text-sm font-medium text-slate-800">
              Add a picture
            </label>
            <input
              ref={file}
              id="picture-file"
              type="file"
              accept={UPLOAD_TYPES.join(",")}
              aria-describedby={error ? "picture-hint picture-error" : "picture-hint"}
              aria-invalid={error ? true : undefined}
              className="mt-1 block text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            <p id="picture-hint" className="mt-1 text-xs text-slate-600">
              JPEG, PNG or WebP, up to 10 MB. Stored at 600 px and as a thumbnail.
            </p>
            {error ? (
              <p id="picture-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <button type="button" className={buttonClass()} disabled={busy} onClick={upload}>
            {busy ? "Uploading…" : "Upload"}
          </button>
        </div>
      ) : null}
    </Card>
  );
}
