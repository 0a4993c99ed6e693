// /shop/dashboard/data: "Download my data" (GDPR Art. 15 and 20, docs/decisions/0051). The
// signed-in customer's own data as one JSON file (services/privacy, documented in
// docs/privacy-export.md); a few downloads an hour. A resource route: no page, only the file.
import { redirect } from "react-router";
import { createTranslator } from "use-intl/core";
import type { Messages } from "../../core/messages/catalogue";
import { exportFileName } from "../../core/privacy";
import { isServiceError } from "../../services/failure";
import { pageMessagesFor } from "../../services/messages";
import { exportOwnData } from "../../services/privacy";
import { requestEnv } from "../context";
import { prefixPath } from "../lib/localized";
import type { Route } from "./+types/shop.dashboard.data";

export async function loader({ context }: Route.LoaderArgs) {
  const { store, customer, lang, langPrefix } = context.get(requestEnv);
  if (!customer) throw redirect(prefixPath(langPrefix, store.settings.showSignin ? "/pages/login" : "/"));
  try {
    const now = new Date();
    const file = await exportOwnData(store, customer.id, now);
    return new Response(`${JSON.stringify(file, null, 2)}\n`, {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${exportFileName(store.config.id, now)}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (err) {
    if (!isServiceError(err) || err.code !== "rate_limited") throw err;
    const t = createTranslator({
      locale: lang,
      messages: pageMessagesFor(lang) as unknown as Messages,
      namespace: "Privacy",
    });
    return new Response(t("exportTooMany"), {
      status: 429,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "retry-after": String(err.retryAfterSeconds ?? 3600),
        "cache-control": "no-store",
      },
    });
  }
}
