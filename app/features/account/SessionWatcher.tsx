// Session timing in the page (spec sections 4 and 9):
// - every 60 s, idle minutes are compared with the store's session-expire setting; past it, a
//   signed-in shopper is logged out and sees the info popup '{company}' / 'Session Expired';
// - on start, minutes since cookiesExpirationDate are compared with the cookie-expire setting;
//   past it, stored data is cleared, the cart emptied and the shopper sent home;
// - loginData mirrors the server's answer, which is the truth (the server enforces the idle limit too).
import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { ACCOUNT_TEXT } from "../../../core/validation/account";
import { useRootData } from "../../root-data";
import { showPopup } from "../../ui/popup";
import { logout } from "./session-client";
import {
  clearLogoutData,
  LAST_ACTIVITY_KEY,
  markCookiesDate,
  minutesSinceCookiesDate,
  readItem,
  removeItem,
  saveLoginData,
  writeItem,
} from "./storage";

export const IDLE_CHECK_MS = 60_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;

export function SessionWatcher() {
  const data = useRootData();
  const customer = data?.customer ?? null;
  const account = data?.account;
  const company = data?.store?.companyName || data?.store?.name || "";
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const location = useLocation();
  const lastActivity = useRef(Date.now());
  const expiring = useRef(false);
  const live = useRef({ customer, account, company, navigate, revalidator });
  live.current = { customer, account, company, navigate, revalidator };

  // Cookie expiry, once per page load.
  useEffect(() => {
    const limit = live.current.account?.cookieExpireMinutes;
    const minutes = minutesSinceCookiesDate();
    if (minutes === null || !limit) {
      markCookiesDate();
      return;
    }
    if (minutes <= limit) return;
    void (async () => {
      if (live.current.customer) await logout();
      else clearLogoutData();
      markCookiesDate();
      await live.current.navigate("/");
      await live.current.revalidator.revalidate();
    })();
  }, []);

  // loginData follows the server: present when signed in, gone otherwise.
  useEffect(() => {
    if (customer) saveLoginData(customer);
    else if (readItem("loginData") !== null) removeItem("loginData");
  }, [customer]);

  // Navigation counts as activity.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => {
    touch();
  }, [location.key]);

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
      showPopup({ icon: "info", title: live.current.company, text: ACCOUNT_TEXT.sessionExpired });
      await live.current.navigate("/");
      await live.current.revalidator.revalidate();
    } finally {
      expiring.current = false;
    }
  }

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

  // The server found the session idle (e.g. after the laptop slept): same outcome, once.
  const serverExpired = account?.sessionExpired ?? false;
  const handled = useRef(false);
  useEffect(() => {
    if (!serverExpired) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    clearLogoutData();
    showPopup({ icon: "info", title: live.current.company, text: ACCOUNT_TEXT.sessionExpired });
    if (window.location.pathname !== "/") void live.current.navigate("/");
  }, [serverExpired]);

  return null;
}
