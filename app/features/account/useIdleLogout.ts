// The idle limit in the page (spec sections 4 and 9): activity (input, scrolling, navigation) is
// recorded, shared with the shop's other tabs through storage, and every 60 s the idle minutes are
// compared with the store's session-expire setting; past it, a signed-in shopper is logged out
// and sees the info popup '{company}' / 'Session Expired'.
import { type RefObject, useEffect, useRef } from "react";
import { useLocation, type useNavigate, type useRevalidator } from "react-router";
import type { RootData } from "../../root-data";
import { showPopup } from "../../ui/popup";
import { logout } from "./session-client";
import { LAST_ACTIVITY_KEY, readItem, writeItem } from "./storage";

const IDLE_CHECK_MS = 60_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;

/** What the timers read when they fire: the latest render's values. */
export interface LiveSession {
  customer: RootData["customer"] | null;
  account: RootData["account"] | undefined;
  company: string;
  navigate: ReturnType<typeof useNavigate>;
  revalidator: ReturnType<typeof useRevalidator>;
  /** The home page in the page's language. */
  home: string;
  /** ACCOUNT_TEXT.sessionExpired in the page's language. */
  expiredText: string;
}

export function useIdleLogout(live: RefObject<LiveSession>) {
  const location = useLocation();
  const lastActivity = useRef(Date.now());
  const expiring = useRef(false);

  function touch() {
    const now = Date.now();
    // Written at most every 5 s: other tabs of the same shop share it.
    if (now - lastActivity.current > 5000 || readItem(LAST_ACTIVITY_KEY) === null)
      writeItem(LAST_ACTIVITY_KEY, String(now));
    lastActivity.current = now;
  }

  async function expire() {
    if (expiring.current) return;
    expiring.current = true;
    try {
      await logout();
      showPopup({ icon: "info", title: live.current.company, text: live.current.expiredText });
      await live.current.navigate(live.current.home);
      await live.current.revalidator.revalidate();
    } finally {
      expiring.current = false;
    }
  }

  // Navigation counts as activity.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => {
    touch();
  }, [location.key]);

  // Activity tracking and the 60-second idle check.
  // biome-ignore lint/correctness/useExhaustiveDependencies: touch/expire read live refs
  useEffect(() => {
    touch();
    const onActivity = () => touch();
    for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true });
    const timer = window.setInterval(() => {
      const { customer: c, account: a } = live.current;
      if (!c || !a) return;
      const shared = Number(readItem(LAST_ACTIVITY_KEY) ?? 0);
      const last = Math.max(lastActivity.current, Number.isFinite(shared) ? shared : 0);
      const idleMinutes = (Date.now() - last) / 60000;
      if (idleMinutes > a.sessionExpireMinutes) void expire();
    }, IDLE_CHECK_MS);
    return () => {
      for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity);
      window.clearInterval(timer);
    };
  }, []);
}
