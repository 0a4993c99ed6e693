// A small rich-text field for the long description: paragraphs, bold, italic, lists and links.
// The editable area is a labelled multi-line textbox; its HTML travels in a hidden input of the
// same name, and the server keeps only the tags it allows (sanitize-html), whatever is sent.
import { useId, useRef } from "react";
import { useFieldError } from "../ui/AdminForm";

const tool =
  "rounded border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 disabled:opacity-60";

export function RichTextField({
  name,
  label,
  hint,
  defaultValue,
  readOnly,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  readOnly?: boolean;
}) {
  const editor = useRef<HTMLDivElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = useFieldError(name);
  const sync = () => {
    if (hidden.current && editor.current) hidden.current.value = editor.current.innerHTML;
  };
  const run = (command: string, value?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, value);
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
          [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined
        }
        aria-invalid={error ? true : undefined}
        aria-readonly={readOnly || undefined}
        tabIndex={0}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        onInput={sync}
        onBlur={sync}
        className="prose-sm mt-1 min-h-32 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700 aria-[invalid=true]:border-red-700 aria-readonly:bg-slate-100 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-indigo-800 [&_a]:underline"
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
