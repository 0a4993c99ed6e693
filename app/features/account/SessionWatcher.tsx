// Session timing in the page (spec sections 4 and 9):
// - every 60 s, idle minutes are compared with the store's session-expire setting (useIdleLogout);
// - on start, minutes since cookiesExpirationDate are compared with the cookie-expire setting;
//   past it, stored data is cleared, the cart emptied and the shopper sent home;
// - loginData mirrors the server's answer, which is the truth (the server enforces the idle limit too);
// - a sign-in the server finished (Google, Facebook, a mailed link) runs the browser's sign-in steps.
import { useEffect, useRef } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { SOCIAL_DONE_PARAM } from "../../../core/social-sign-in";
import { ACCOUNT_TEXT } from "../../../core/validation/account";
import { useCoreText, useLocalePath } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { showPopup } from "../../ui/popup";
import { afterSignIn, logout } from "./session-client";
import {
  clearLogoutData,
  markCookiesDate,
  minutesSinceCookiesDate,
  readItem,
  removeItem,
  saveLoginData,
} from "./storage";
import { type LiveSession, useIdleLogout } from "./useIdleLogout";

export function SessionWatcher() {
  const data = useRootData();
  const customer = data?.customer ?? null;
  const account = data?.account;
  const company = data?.store?.companyName || data?.store?.name || "";
  // Awaited before the revalidation: paths are put in the page's language here (home).
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const home = useLocalePath()("/");
  const expiredText = useCoreText()(ACCOUNT_TEXT.sessionExpired);
  const live = useRef<LiveSession>({ customer, account, company, navigate, revalidator, home, expiredText });
  live.current = { customer, account, company, navigate, revalidator, home, expiredText };

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
      await live.current.navigate(live.current.home);
      await live.current.revalidator.revalidate();
    })();
  }, []);

  // loginData follows the server: present when signed in, gone otherwise.
  useEffect(() => {
    if (customer) saveLoginData(customer);
    else if (readItem("loginData") !== null) removeItem("loginData");
  }, [customer]);

  // Back from Google or Facebook, signed in by the server: what a sign-in does in the browser
  // (a price-list customer's cart and wishlist emptied), then the marker leaves the address.
  useEffect(() => {
    if (!customer) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SOCIAL_DONE_PARAM)) return;
    afterSignIn(customer);
    url.searchParams.delete(SOCIAL_DONE_PARAM);
    void live.current.navigate(`${url.pathname}${url.search}${url.hash}`, {
      replace: true,
      preventScrollReset: true,
    });
  }, [customer]);

  useIdleLogout(live);

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
    showPopup({ icon: "info", title: live.current.company, text: live.current.expiredText });
    if (window.location.pathname !== live.current.home) void live.current.navigate(live.current.home);
  }, [serverExpired]);

  return null;
}
