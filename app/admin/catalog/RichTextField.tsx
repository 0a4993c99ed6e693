// A small rich-text field for the long description: paragraphs, bold, italic, lists and links;
// where a form asks for them (the blog), headings and pictures uploaded through the picture
// pipeline. The editable area is a labelled multi-line textbox; its HTML travels in a hidden
// input of the same name, and the server keeps only the tags it allows (sanitize-html), whatever
// is sent.
import { useId, useRef, useState } from "react";
import { AdminApiError, uploadPicture } from "../lib/admin-api";
import { buttonClass, useFieldError } from "../ui/AdminForm";

const tool =
  "rounded border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 disabled:opacity-60";

export function RichTextField({
  name,
  label,
  hint,
  defaultValue,
  readOnly,
  headings,
  pictureUpload,
  placeholder,
  lang,
  onValueChange,
  describedBy,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  readOnly?: boolean;
  /** Offer "Heading" (h2), "Subheading" (h3) and "Paragraph". */
  headings?: boolean;
  /** Offer "Insert picture": the upload path under /admin/api, e.g. "/uploads/blog?kind=body". */
  pictureUpload?: string;
  /** Plain text shown while the area is empty (a translation shows the English there). */
  placeholder?: string;
  /** The language of the text typed (a translation's). */
  lang?: string;
  /** Told the HTML after every change. */
  onValueChange?: (html: string) => void;
  /** The id of one more element describing the field (a translation's fallback note). */
  describedBy?: string;
}) {
  const editor = useRef<HTMLDivElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = useFieldError(name);
  const sync = () => {
    if (hidden.current && editor.current) {
      // An emptied area keeps a stray <br>: that is no text (and lets the placeholder show).
      if (!editor.current.textContent?.trim() && !editor.current.querySelector("img"))
        editor.current.innerHTML = "";
      hidden.current.value = editor.current.innerHTML;
      onValueChange?.(hidden.current.value);
    }
  };
  const run = (command: string, value?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, value);
    sync();
  };
  // Where the caret was when "Insert picture" opened its dialog (the dialog takes the focus).
  const caret = useRef<Range | null>(null);
  const rememberCaret = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    caret.current =
      range && editor.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };
  const insertPicture = (url: string, alt: string) => {
    const box = editor.current;
    if (!box) return;
    box.focus();
    const selection = window.getSelection();
    if (selection) {
      selection.removeAllRanges();
      if (caret.current) selection.addRange(caret.current);
      else {
        const end = document.createRange();
        end.selectNodeContents(box);
        end.collapse(false);
        selection.addRange(end);
      }
    }
    const img = document.createElement("img");
    img.src = url;
    img.alt = alt;
    document.execCommand("insertHTML", false, `<p>${img.outerHTML}</p>`);
    sync();
  };
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </span>
      {readOnly ? null : (
        <div role="toolbar" aria-label={`${label}: formatting`} className="mt-1 flex flex-wrap gap-1">
          <button type="button" className={tool} onClick={() => run("bold")}>
            Bold
          </button>
          <button type="button" className={tool} onClick={() => run("italic")}>
            Italic
          </button>
          <button type="button" className={tool} onClick={() => run("insertUnorderedList")}>
            Bulleted list
          </button>
          <button type="button" className={tool} onClick={() => run("insertOrderedList")}>
            Numbered list
          </button>
          <button
            type="button"
            className={tool}
            onClick={() => {
              const url = window.prompt("Link address (https://…)");
              if (url && /^https?:\/\//i.test(url)) run("createLink", url);
            }}
          >
            Link
          </button>
          {headings ? (
            <>
              <button type="button" className={tool} onClick={() => run("formatBlock", "<h2>")}>
                Heading
              </button>
              <button type="button" className={tool} onClick={() => run("formatBlock", "<h3>")}>
                Subheading
              </button>
              <button type="button" className={tool} onClick={() => run("formatBlock", "<p>")}>
                Paragraph
              </button>
            </>
          ) : null}
          {pictureUpload ? (
            <PictureButton
              uploadPath={pictureUpload}
              fieldLabel={label}
              onOpen={rememberCaret}
              onInsert={insertPicture}
            />
          ) : null}
          <button type="button" className={tool} onClick={() => run("removeFormat")}>
            Clear formatting
          </button>
        </div>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area cannot be a textarea; this is the ARIA textbox pattern */}
      <div
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-describedby={
          [error ? `${id}-error` : "", hint ? `${id}-hint` : "", describedBy ?? ""]
            .filter(Boolean)
            .join(" ") || undefined
        }
        aria-invalid={error ? true : undefined}
        aria-readonly={readOnly || undefined}
        tabIndex={0}
        lang={lang}
        data-placeholder={placeholder || undefined}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        onInput={sync}
        onBlur={sync}
        className="prose-sm mt-1 min-h-32 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700 aria-[invalid=true]:border-red-700 aria-readonly:bg-slate-100 empty:before:text-slate-600 empty:before:content-[attr(data-placeholder)] [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-indigo-800 [&_a]:underline [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-base [&_h3]:font-semibold [&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_p]:my-1"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server sanitised (sanitize-html) when it was saved
        dangerouslySetInnerHTML={{ __html: defaultValue }}
      />
      <input ref={hidden} type="hidden" name={name} defaultValue={defaultValue} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Insert picture": a dialog asks for the file and its description, uploads the file through the
 * picture pipeline and hands the stored URL to the editor, which puts <img src alt> at the caret.
 */
function PictureButton({
  uploadPath,
  fieldLabel,
  onOpen,
  onInsert,
}: {
  uploadPath: string;
  fieldLabel: string;
  onOpen: () => void;
  onInsert: (url: string, alt: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const insert = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setProblem("Choose a picture first.");
      return;
    }
    if (!alt.trim()) {
      setProblem("Describe the picture for visitors who cannot see it.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const stored = await uploadPicture(uploadPath, chosen);
      dialog.current?.close();
      onInsert(stored.url, alt.trim());
      setAlt("");
      if (file.current) file.current.value = "";
    } catch (err) {
      setProblem(
        err instanceof AdminApiError ? (err.fields.file ?? err.message) : "The upload failed. Try again.",
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={tool}
        onMouseDown={onOpen}
        onClick={() => {
          setProblem(null);
          dialog.current?.showModal();
        }}
      >
        Insert picture
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="space-y-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Insert a picture into “{fieldLabel}”
          </h2>
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
              Picture (JPEG, PNG or WebP, up to 10 MB)
            </label>
            <input
              id={`${id}-file`}
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block text-sm text-slate-800"
            />
            <p className="mt-1 text-xs text-slate-600">Stored at most 1200 pixels wide.</p>
          </div>
          <div>
            <label htmlFor={`${id}-alt`} className="block text-sm font-medium text-slate-800">
              Description for visitors who cannot see it
            </label>
            <input
              id={`${id}-alt`}
              value={alt}
              onChange={(e) => setAlt(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter would submit the post's form around this dialog.
                if (e.key === "Enter") {
                  e.preventDefault();
                  void insert();
                }
              }}
              maxLength={200}
              className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
            />
          </div>
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={() => dialog.current?.close()}
            >
              Cancel
            </button>
            <button type="button" className={buttonClass()} onClick={insert} disabled={busy}>
              {busy ? "Uploading…" : "Insert"}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
