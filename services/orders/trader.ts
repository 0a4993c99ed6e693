// Who the trader is, as a shopper's withdrawal information and model form name it (Consumer Rights
// Directive Annex I: "the trader's name, geographical address and ... e-mail address"). Today the
// store has no structured trader identity: the name is the company name setting (else the store's
// name), the address the contact page's "office address" in the mail's language, the e-mail and
// telephone the settings. The structured trader identity (issue 40, branch `trader`) replaces this
// one function; every caller reads the trader through it (docs/decisions/0050).
import { sql } from "drizzle-orm";
import type { Lang } from "../../core/language";
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
