// A button that asks first: destructive or irreversible actions open a native <dialog> (focus
// kept inside, Escape closes) and run only on an explicit confirmation.
import { type ReactNode, useId, useRef, useState } from "react";
import { buttonClass } from "./AdminForm";

interface ConfirmButtonProps {
  children: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger" | "secondary";
  /** Runs on confirmation; the dialog closes when it settles. */
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}

export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  tone = "danger",
  onConfirm,
  disabled,
}: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const messageId = useId();
  return (
    <>
      <button
        type="button"
        className={buttonClass(tone)}
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div id={messageId} className="mt-2 text-sm text-slate-700">
            {message}
          </div>
          <div className="mt-5 flex justify-end gap-3">
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={() => dialog.current?.close()}
              // biome-ignore lint/a11y/noAutofocus: a dialog opened on request puts focus on its safe choice (WAI-ARIA dialog pattern)
              autoFocus
            >
              Keep it
            </button>
            <button
              type="button"
              className={buttonClass(tone === "secondary" ? "primary" : tone)}
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                } finally {
                  setBusy(false);
                  dialog.current?.close();
                }
              }}
            >
              {busy ? "Working…" : confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
