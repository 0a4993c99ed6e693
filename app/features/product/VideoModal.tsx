// The video modal (spec section 2, modal 4): the product's video URL embedded.
import { useId } from "react";
import { useTranslations } from "use-intl";
import { Modal, ModalClose } from "../../ui/Modal";
import { closeVideo } from "../catalog/quick-view";

/** Only embeddable players: a YouTube watch link becomes its embed address. */
export function embedUrl(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== "https:") return null;
    if (/(^|\.)youtube(-nocookie)?\.com$/.test(u.hostname)) {
      if (u.pathname.startsWith("/embed/")) return u.toString();
      const v = u.searchParams.get("v");
      return v ? `https://www.youtube.com/embed/${encodeURIComponent(v)}` : null;
    }
    if (u.hostname === "youtu.be")
      return `https://www.youtube.com/embed/${encodeURIComponent(u.pathname.slice(1))}`;
    return null;
  } catch {
    return null;
  }
}

export default function VideoModal({ url }: { url: string }) {
  const t = useTranslations("Product");
  const titleId = useId();
  const src = embedUrl(url);
  return (
    <Modal open onClose={closeVideo} labelledBy={titleId} size="xl" testId="video-modal">
      <ModalClose onClick={closeVideo} />
      <h2 id={titleId} className="px-5 pb-3 pt-4 text-base font-semibold text-slate-900">
        {t("productVideo")}
      </h2>
      <div className="aspect-video w-full bg-black">
        {src ? (
          <iframe
            src={`${src}${src.includes("?") ? "&" : "?"}autoplay=1`}
            title={t("productVideo")}
            className="h-full w-full"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <p className="p-6 text-white">{t("videoCannotPlay")}</p>
        )}
      </div>
    </Modal>
  );
}
