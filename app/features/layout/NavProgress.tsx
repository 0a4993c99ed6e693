// A thin progress bar at the top while a navigation takes longer than a moment.
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useTranslations } from "use-intl";

const SHOW_AFTER_MS = 150;

export function NavProgress() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  const t = useTranslations("Shell");
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div
      role="progressbar"
      aria-label={t("loadingPage")}
      aria-hidden={!visible}
      data-testid="nav-progress"
      data-active={visible ? "true" : "false"}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[80] h-[3px] overflow-hidden transition-opacity duration-200 ${visible ? "opacity-100" : "opacity-0"}`}
    >
      <div
        className={`h-full bg-accent ${visible ? "motion-safe:animate-[nav-progress_1.6s_ease-in-out_infinite]" : "w-0"}`}
      />
    </div>
  );
}
