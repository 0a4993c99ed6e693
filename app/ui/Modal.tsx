// A modal on the native <dialog>: focus trap, Escape and the top layer come from the browser;
// focus returns to what opened it, also when the modal is unmounted while open.
// A click on the backdrop closes it; so does every finished navigation (see ./modals).
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { CloseIcon } from "./icons";
import { registerOpenModal } from "./modals";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Id of the heading inside that names the dialog, or a plain label. */
  labelledBy?: string;
  label?: string;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
  testId?: string;
  className?: string;
}

const SIZES = { md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-5xl" } as const;

export function Modal({
  open,
  onClose,
  labelledBy,
  label,
  children,
  size = "lg",
  testId,
  className = "",
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    const unregister = registerOpenModal(() => closeRef.current());
    return () => {
      unregister();
      // close() gives focus back by itself, but a modal that is unmounted while open (the
      // quick view and video modals are) is removed without it: focus would fall to <body>.
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected) return;
        if (opener?.isConnected && !opener.closest("[inert]")) opener.focus({ preventScroll: true });
      }, 0);
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; the keyboard closes with Escape natively
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-testid={testId}
      onClose={() => closeRef.current()}
      onCancel={(e) => {
        e.preventDefault();
        closeRef.current();
      }}
      onClick={(e) => {
        // The dialog element itself is only hit on its backdrop: the panel fills it.
        if (e.target === ref.current) closeRef.current();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${SIZES[size]} max-h-[calc(100dvh-1.5rem)] overflow-visible bg-transparent p-0 backdrop:bg-slate-900/60 backdrop:backdrop-blur-[2px] ${className}`}
    >
      {open ? (
        <div className="relative max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-xl bg-white shadow-2xl">
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

export function ModalClose({ onClick, label }: { onClick: () => void; label?: string }) {
  const t = useTranslations("Common");
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label ?? t("close")}
      className="absolute right-2 top-2 z-10 inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <CloseIcon />
    </button>
  );
}
