import { redirect } from "react-router";
import { countriesIn } from "../../core/country-names";
import { redirectFromUrl } from "../../core/safe-redirect";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { RegisterPage } from "../features/account/RegisterPage";
import { metaTranslator } from "../lib/i18n";
import { prefixPath } from "../lib/localized";
import type { Route } from "./+types/register";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { store, langPrefix } = context.get(requestEnv);
  // With sign-up off the route does not exist for this store.
  if (!store.settings.showSignup) throw redirect(prefixPath(langPrefix, "/pages/404"));
  return {
    countries: countriesIn(store.config.countries, store.lang),
    showSignin: store.settings.showSignin,
    // An unsafe ?redirectTo= is ignored, never followed (open redirect).
    redirectTo: redirectFromUrl(request.url),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches, metaTranslator(matches, "Account")("register"));

export default function RegisterRoute({ loaderData }: Route.ComponentProps) {
  return <RegisterPage {...loaderData} />;
}
