// The withdrawal function's page data (docs/decisions/0050): for each order the loader shows, whether
// 'Withdraw from contract here' is offered, until when (a date in the page's language), which lines
// and how many are left, and the withdrawals made so far.
import { type Lang, LOCALE_TAGS } from "../../../core/language";
import type { StoreContext } from "../../../services/context";
import { type WithdrawalView, withdrawalViewsByCode } from "../../../services/orders/withdrawal";
import { withdrawalTime } from "../../../services/orders/withdrawal-mail";
import type { WithdrawalData } from "./types";

function toData(view: WithdrawalView, lang: Lang): WithdrawalData {
  const w = view.window;
  const day = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[lang].intl, { dateStyle: "full", timeZone: "UTC" }).format(
      new Date(`${iso}T12:00:00Z`),
    );
  return {
    open: w.open,
    lastDay: w.open && w.lastDay ? day(w.lastDay) : null,
    days: view.days,
    lines: w.open ? w.lines : [],
    done: view.withdrawals.map((d) => ({
      id: d.id,
      time: withdrawalTime(new Date(d.createdAt), lang),
      lines: d.lines.map((l) => `${l.qty} × ${l.description}`).join(", "),
    })),
  };
}

/** Withdrawal data of these orders of the store, by code; orders with nothing to show are left out. */
export async function withdrawalDataFor(
  store: StoreContext,
  codes: string[],
  lang: Lang,
): Promise<Record<string, WithdrawalData>> {
  const views = await withdrawalViewsByCode(store, codes);
  const out: Record<string, WithdrawalData> = {};
  for (const [code, view] of views) {
    const data = toData(view, lang);
    if (data.open || data.done.length > 0) out[code] = data;
  }
  return out;
}
