// Several pictures at once: a file input that takes many (multi-select) and a drop zone for files
// dragged from the desktop. The pictures are uploaded in the order shown, the first as the main
// picture; each goes through the one upload endpoint (rate limit, quota, audit).
import { type DragEvent, useId, useState } from "react";
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from "../../../core/admin/catalog";

/** Files of the picture types, in the order given. */
export function pictureFiles(list: FileList | readonly File[] | null | undefined): File[] {
  return [...(list ?? [])].filter((f) => (UPLOAD_TYPES as readonly string[]).includes(f.type) && f.size > 0);
}

/** The first problem of a choice of pictures, or null. */
export function pictureProblem(files: readonly File[]): string | null {
  const big = files.find((f) => f.size > MAX_UPLOAD_BYTES);
  return big ? `${big.name} is larger than 10 MB.` : null;
}

export function PictureDrop({
  id,
  name,
  label,
  error,
  onChange,
}: {
  id: string;
  /** Set inside a form: the files go with it under this name. */
  name?: string;
  label: string;
  error?: string | null;
  onChange?: (files: File[]) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [over, setOver] = useState(false);
  const hint = useId();
  const errorId = useId();
  const take = (input: HTMLInputElement, list: FileList | null) => {
    const chosen = pictureFiles(list);
    // A drop sets the input's own files, so a form sends them as if they had been picked.
    if (list && input.files !== list) {
      const transfer = new DataTransfer();
      for (const f of chosen) transfer.items.add(f);
      input.files = transfer.files;
    }
    setFiles(chosen);
    onChange?.(chosen);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const input = e.currentTarget.querySelector("input[type=file]") as HTMLInputElement | null;
    if (input) take(input, e.dataTransfer.files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse only; the file input inside it is the keyboard's and screen reader's way to the same choice.
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={`${id}-drop`}
      className={`rounded-md border-2 border-dashed p-3 ${over ? "border-indigo-700 bg-indigo-50" : "border-slate-300"}`}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        multiple
        accept={UPLOAD_TYPES.join(",")}
        aria-describedby={error ? `${hint} ${errorId}` : hint}
        aria-invalid={error ? true : undefined}
        onChange={(e) => take(e.currentTarget, e.currentTarget.files)}
        className="mt-1 block max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
      <p id={hint} className="mt-1 text-xs text-slate-600">
        Choose several at once or drop them here. JPEG, PNG or WebP, up to 10 MB each; the first is the main
        picture.
      </p>
      {files.length > 0 ? (
        <ol
          className="mt-2 list-decimal pl-5 text-sm text-slate-800"
          aria-label="Pictures to upload, in order"
        >
          {files.map((f) => (
            <li key={`${f.name}-${f.size}-${f.lastModified}`} className="break-all">
              {f.name}
            </li>
          ))}
        </ol>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Uploads pictures to a product one after the other, in order; the first failure stops and is thrown. */
export async function uploadProductPictures(
  productId: number,
  files: readonly File[],
  post: (path: string, body: FormData) => Promise<unknown>,
): Promise<void> {
  for (const file of files) {
    const body = new FormData();
    body.append("file", file);
    try {
      await post(`/uploads/products/${productId}/images`, body);
    } catch (err) {
      const why = err instanceof Error ? err.message : "it could not be sent";
      throw new Error(`${file.name} was not added: ${why}`);
    }
  }
}
