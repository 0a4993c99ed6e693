// Header pieces for the header owner to place: the top-bar account links (Sign in / Sign up for
// visitors, each only when the store allows it; My Account when signed in) and the reward-points
// badge. Both read the root loader data, so they need no props.
import { useTranslations } from "use-intl";
import { LocalLink, useMoney, usePoints } from "../../lib/localized";
import { useRootData } from "../../root-data";
import { openLoginModal } from "./login-modal";

export function useAccountRoot() {
  const data = useRootData();
  return { customer: data?.customer ?? null, account: data?.account ?? null };
}

const linkClass =
  "inline-flex items-center gap-1.5 rounded px-1 py-1 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand";

function UserIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

/** Sign in · Sign up, or My Account. `className` styles the wrapper (e.g. text colour of the top bar). */
export function AccountLinks({ className = "" }: { className?: string }) {
  const { customer, account } = useAccountRoot();
  const t = useTranslations("Account");
  if (customer) {
    return (
      <div className={`flex items-center gap-3 text-sm ${className}`} data-testid="account-links">
        <LocalLink to="/shop/dashboard" className={linkClass}>
          <UserIcon />
          {t("myAccount")}
        </LocalLink>
      </div>
    );
  }
  if (!account?.showSignin && !account?.showSignup) return null;
  return (
    <div className={`flex items-center gap-1 text-sm ${className}`} data-testid="account-links">
      {account.showSignin ? (
        <button type="button" onClick={() => openLoginModal()} className={linkClass}>
          <UserIcon />
          {t("signIn")}
        </button>
      ) : null}
      {account.showSignin && account.showSignup ? <span aria-hidden="true">/</span> : null}
      {account.showSignup ? (
        <LocalLink to="/register" className={linkClass}>
          {t("signUp")}
        </LocalLink>
      ) : null}
    </div>
  );
}

/**
 * The reward-points badge: shown to signed-in customers of stores with points on. Points, not
 * euros: a pill with "12.5 points" from 640 px; on a phone the star and "12.5" beside the other
 * header icons, without the pill's padding or the word, which the row has no room for. Their euro
 * value is in the link's name and tooltip. It never wraps or shrinks (issue 44 item 2).
 */
export function PointsBadge({ className = "" }: { className?: string }) {
  const { customer, account } = useAccountRoot();
  const t = useTranslations("Account");
  const points = usePoints();
  const euro = useMoney();
  if (!customer || !account?.pointsEnabled) return null;
  const shown = points(customer.pointsCents);
  const label = t("rewardPointsLabel", {
    points: t("pointsCount", { points: shown }),
    amount: euro(customer.pointsCents),
  });
  return (
    <LocalLink
      to="/shop/dashboard"
      title={label}
      aria-label={label}
      data-testid="points-badge"
      className={`inline-flex shrink-0 items-center gap-0.5 whitespace-nowrap rounded-full py-1 text-[13px] font-semibold text-slate-800 transition hover:text-brand sm:gap-1.5 sm:bg-accent/15 sm:text-sm sm:hover:bg-accent/25 sm:hover:text-slate-800 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        className="size-4 shrink-0 sm:size-[18px]"
      >
        <circle cx="12" cy="12" r="9" fill="var(--color-accent)" />
        <path d="M12 7.5l1.4 2.9 3.1.4-2.3 2.2.6 3.1-2.8-1.5-2.8 1.5.6-3.1-2.3-2.2 3.1-.4z" fill="#fff" />
      </svg>
      <span className="sm:hidden">{shown}</span>
      <span className="hidden sm:inline">{t("pointsCount", { points: shown })}</span>
    </LocalLink>
  );
}
