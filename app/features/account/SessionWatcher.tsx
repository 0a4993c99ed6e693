// Session timing in the page (spec sections 4 and 9):
// - every 60 s, idle minutes are compared with the store's session-expire setting (useIdleLogout);
// - on start, minutes since cookiesExpirationDate are compared with the cookie-expire setting;
//   past it, stored data is cleared, the cart emptied and the shopper sent home;
// - loginData mirrors the server's answer, which is the truth (the server enforces the idle limit too).
import { useEffect, useRef } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ACCOUNT_TEXT } from "../../../core/validation/account";
import { useRootData } from "../../root-data";
import { showPopup } from "../../ui/popup";
import { logout } from "./session-client";
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
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const live = useRef<LiveSession>({ customer, account, company, navigate, revalidator });
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
    showPopup({ icon: "info", title: live.current.company, text: ACCOUNT_TEXT.sessionExpired });
    if (window.location.pathname !== "/") void live.current.navigate("/");
  }, [serverExpired]);

  return null;
}
