// Renders the current message popup (see popup.ts) above every other layer.
import { useTranslations } from "use-intl";
import { useCoreText } from "../lib/localized";
import { CloseButton, Overlay, useDialogIds } from "./Overlay";
import { closePopup, type PopupIcon, usePopup } from "./popup";

const ICONS: Record<PopupIcon, { ring: string; path: string }> = {
  success: { ring: "border-emerald-200 text-emerald-600", path: "M5 12.5l4.5 4.5L19 7.5" },
  error: { ring: "border-red-200 text-red-600", path: "M7 7l10 10M17 7L7 17" },
  warning: { ring: "border-amber-200 text-amber-500", path: "M12 6v8M12 17.5v.5" },
  info: { ring: "border-sky-200 text-sky-600", path: "M12 10.5v7M12 6.5v.5" },
};

export function PopupIconBadge({ icon }: { icon: PopupIcon }) {
  const i = ICONS[icon];
  return (
    <span
      className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full border-4 ${i.ring}`}
      aria-hidden="true"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="30"
        height="30"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      >
        <path d={i.path} />
      </svg>
    </span>
  );
}

export function PopupHost() {
  const popup = usePopup((s) => s.popup);
  const { titleId, textId } = useDialogIds();
  const t = useTranslations("Common");
  // A popup may carry a rule's English text (core/*_TEXT): it shows in the page's language.
  const text = useCoreText();
  return (
    <Overlay
      open={popup !== null}
      onClose={closePopup}
      labelledBy={titleId}
      size="sm"
      layer="popup"
      role="alertdialog"
      testId="popup"
    >
      {popup ? (
        <div
          className="px-6 pb-6 pt-8 text-center"
          data-icon={popup.icon}
          aria-describedby={popup.text ? textId : undefined}
        >
          <CloseButton onClick={closePopup} />
          <PopupIconBadge icon={popup.icon} />
          <h2 id={titleId} className="mt-4 text-xl font-semibold text-slate-900">
            {text(popup.title)}
          </h2>
          {popup.text ? (
            <p id={textId} className="mt-2 text-slate-600">
              {text(popup.text)}
            </p>
          ) : null}
          <button
            type="button"
            data-autofocus=""
            onClick={closePopup}
            className="mt-6 inline-flex min-w-28 items-center justify-center rounded-lg bg-brand px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {popup.button ? text(popup.button) : t("ok")}
          </button>
        </div>
      ) : null}
    </Overlay>
  );
}
