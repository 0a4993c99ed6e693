// Who the trader is, as a shopper's withdrawal information and model form name it (Consumer Rights
// Directive Annex I: "the trader's name, geographical address and ... e-mail address"). The
// structured trader identity of Settings (docs/decisions/0049) when the owner has saved one; before
// that, the company name setting (else the store's name), the contact page's "office address" in
// the mail's language and the settings' e-mail and telephone. Every caller reads the trader through
// this one function (docs/decisions/0050).
import { sql } from "drizzle-orm";
import { type Lang, LOCALE_TAGS } from "../../core/language";
import { traderAddressLines, traderView } from "../../core/trader";
import { queryRows, type Tx } from "../../db/client";
import type { StoreContext, StoreDb } from "../context";
import { translated, translationJoin } from "../translation";

export interface TraderIdentity {
  name: string;
  address: string;
  email: string;
  telephone: string;
}

type Brandable = Pick<StoreContext, "config" | "settings">;

export async function traderIdentity(
  db: StoreDb | Tx,
  store: Brandable,
  lang: Lang,
): Promise<TraderIdentity> {
  const saved = store.settings.trader;
  if (saved) {
    const view = traderView(saved, LOCALE_TAGS[lang].intl);
    return {
      name: view.legalName,
      address: traderAddressLines(view).join(", "),
      email: view.email,
      telephone: view.phone,
    };
  }
  const rows = await queryRows<{ text: string }>(
    db,
    sql`select ${translated(lang, "t", "text", sql`c.text`)} as text
          from page_content c
          ${translationJoin(lang, "page_content_translations", "t", "page_content_id", sql`c.id`)}
         where c.position = 'office address'
         limit 1`,
  );
  return {
    name: store.settings.companyName || store.config.name,
    address: rows[0]?.text.trim() ?? "",
    email: store.settings.email,
    telephone: store.settings.telephone,
  };
}

/** "Vape Haven Ltd, Agiou Andreou 145, 3036 Limassol, Cyprus, info@vapehaven.eu": one line. */
export function traderLine(t: TraderIdentity): string {
  return [t.name, t.address, t.email].filter((p) => p.trim() !== "").join(", ");
}
