// A modal layer: dimmed backdrop, centred panel, Escape/backdrop to close (when allowed),
// focus moved in and restored, and everything outside made inert while it is open.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslations } from "use-intl";
import { CloseIcon } from "./icons";

/** Makes every element outside `node` inert, except other modal layers; returns the undo. */
function inertOutside(node: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  let el: HTMLElement | null = node;
  while (el && el !== document.body) {
    const parent: HTMLElement | null = el.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (!(sibling instanceof HTMLElement) || sibling === el) continue;
      if (sibling.hasAttribute("data-modal-layer") || sibling.tagName === "SCRIPT" || sibling.inert) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
    el = parent;
  }
  return () => {
    for (const s of changed) s.inert = false;
  };
}

export interface OverlayProps {
  open: boolean;
  onClose?: () => void;
  /** Accessible name: the id of the heading inside, or a label. */
  labelledBy?: string;
  label?: string;
  children: ReactNode;
  /** Width of the panel. */
  size?: "sm" | "md" | "lg";
  /** Backdrop strength; "solid" hides the page completely (under-age block). */
  backdrop?: "dim" | "dark" | "solid";
  /** Stacking: popups sit above modals. */
  layer?: "modal" | "popup";
  testId?: string;
  role?: "dialog" | "alertdialog";
}

const SIZES = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-2xl" } as const;
const BACKDROPS = {
  dim: "bg-slate-900/50",
  dark: "bg-slate-900/85 backdrop-blur-sm",
  solid: "bg-slate-900",
} as const;

export function Overlay({
  open,
  onClose,
  labelledBy,
  label,
  children,
  size = "md",
  backdrop = "dim",
  layer = "modal",
  testId,
  role = "dialog",
}: OverlayProps) {
  const ref = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const node = ref.current;
    if (!open || !node) return;
    const before = document.activeElement as HTMLElement | null;
    const undo = inertOutside(node);
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>("[data-autofocus]") ??
      panel?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button, [href]");
    // Focus moves outside React's commit: a focus handler that updates state synchronously
    // while React is still committing would break the render.
    const raf = requestAnimationFrame(() => (first ?? panel)?.focus());
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && closeRef.current) {
        e.stopPropagation();
        closeRef.current();
      }
    };
    node.addEventListener("keydown", onKey);
    return () => {
      node.removeEventListener("keydown", onKey);
      cancelAnimationFrame(raf);
      undo();
      window.setTimeout(() => {
        if (before?.isConnected && !before.closest("[inert]")) before.focus();
      }, 0);
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      ref={ref}
      data-modal-layer=""
      className={`fixed inset-0 flex items-center justify-center overflow-y-auto p-4 ${layer === "popup" ? "z-[70]" : "z-[60]"}`}
    >
      {/* The backdrop is a plain layer: clicking it closes dismissible modals. */}
      <div
        aria-hidden="true"
        className={`fixed inset-0 ${BACKDROPS[backdrop]}`}
        onClick={() => closeRef.current?.()}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        tabIndex={-1}
        data-testid={testId}
        className={`relative my-auto w-full ${SIZES[size]} rounded-2xl bg-white shadow-2xl outline-none`}
      >
        {children}
      </div>
    </div>
  );
}

export function CloseButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const t = useTranslations("Common");
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label ?? t("close")}
      className="absolute right-3 top-3 inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <CloseIcon />
    </button>
  );
}

export function useDialogIds() {
  const id = useId();
  return { titleId: `${id}-title`, textId: `${id}-text` };
}
