// "Preview": the editor's unsaved values go to /admin/api/blog/preview, which sanitises the body
// and sizes its pictures exactly as a save would, and the answer is drawn with the storefront's
// own BlogArticle in a dialog, so the writer sees what shoppers will. Links inside the preview do
// not navigate (the editor would lose its changes).
import { useId, useRef, useState } from "react";
import { IntlProvider } from "use-intl";
import type { BlogPostPreview } from "../../../core/api/admin/blog";
import { adminRoutes } from "../../../core/api/admin/routes";
import { STORE_TIME_ZONE } from "../../../core/time-zone";
import { BlogArticle } from "../../features/blog/BlogArticle";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { buttonClass } from "../ui/AdminForm";
import { readBlogForm } from "./blog-form";

export function BlogPreviewButton() {
  const anchor = useRef<HTMLSpanElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [preview, setPreview] = useState<BlogPostPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const open = async () => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const read = readBlogForm(new FormData(form));
    if (!read.ok) {
      setProblem(`Fix these first: ${Object.values(read.fields).join(" ")}`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setPreview(await callAdmin(adminRoutes.blog.preview, { body: read.input }));
      dialog.current?.showModal();
    } catch (err) {
      setProblem(
        err instanceof AdminApiError
          ? [err.message, ...Object.values(err.fields).filter((m) => m !== err.message)].join(" ")
          : "The preview could not be made. Try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <span ref={anchor} className="contents">
      <button type="button" className={buttonClass("secondary")} onClick={open} disabled={busy}>
        {busy ? "Preparing…" : "Preview"}
      </button>
      {problem ? (
        <span role="alert" className="basis-full text-sm font-medium text-red-700">
          {problem}
        </span>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto h-[calc(100vh-2rem)] overflow-y-auto w-[min(64rem,calc(100vw-1rem))] max-w-none rounded-lg border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
        onClose={() => setPreview(null)}
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            Preview: the post as the shop will show it
          </h2>
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => dialog.current?.close()}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens on request; its close button takes the focus (WAI-ARIA dialog pattern)
            autoFocus
          >
            Close preview
          </button>
        </div>
        {preview ? (
          // Stops the preview's links from leaving the editor (they stay focusable and announced).
          <div
            className="bg-white"
            onClickCapture={(e) => {
              if ((e.target as HTMLElement).closest("a")) e.preventDefault();
            }}
          >
            <IntlProvider locale="en" messages={preview.messages as never} timeZone={STORE_TIME_ZONE}>
              <BlogArticle post={preview.post} related={<PreviewProducts products={preview.products} />} />
            </IntlProvider>
          </div>
        ) : null}
      </dialog>
    </span>
  );
}

/** The storefront shows these as product cards with prices; the preview names them in order. */
function PreviewProducts({ products }: { products: BlogPostPreview["products"] }) {
  if (products.length === 0) return null;
  return (
    <section className="mt-12" aria-labelledby="blog-preview-products">
      <h2 id="blog-preview-products" className="mb-6 text-2xl font-semibold text-slate-900">
        Products in this post
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {products.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
            {p.picture ? (
              <img
                src={p.picture}
                alt=""
                width={150}
                height={150}
                className="mx-auto size-24 object-contain"
              />
            ) : null}
            <span className="mt-2 block font-medium">{p.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
