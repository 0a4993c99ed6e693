import { resetTokenValid } from "../../services/auth/reset";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { PasswordResetPage } from "../features/account/PasswordResetPage";
import { metaTranslator } from "../lib/i18n";
import type { Route } from "./+types/password-reset";

// The link carries token and custid; the store comes from the host. A `constr` parameter of the
// old system's links is ignored: no database address is ever taken from a URL.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const custid = Number(url.searchParams.get("custid") ?? "");
  const valid = await resetTokenValid(store, token, custid);
  return {
    valid,
    token: valid ? token : "",
    custid: valid ? custid : 0,
    canSignIn: store.settings.showSignin,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...accountMeta(matches, metaTranslator(matches, "Account")("resetPassword")),
  // The token must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

export default function PasswordResetRoute({ loaderData }: Route.ComponentProps) {
  return <PasswordResetPage {...loaderData} />;
}
