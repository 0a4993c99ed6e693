import { redirect } from "react-router";
import { redirectFromUrl } from "../../core/safe-redirect";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { LoginPage } from "../features/account/LoginPage";
import type { Route } from "./+types/pages.login";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { store, customer } = context.get(requestEnv);
  const { showSignin, showSignup } = store.settings;
  if (!showSignin && !showSignup) throw redirect("/pages/404");
  // An unsafe ?redirectTo= is ignored, never followed (open redirect).
  const redirectTo = redirectFromUrl(request.url);
  if (customer) throw redirect(redirectTo ?? "/shop/dashboard");
  return { countries: store.config.countries, showSignin, showSignup, redirectTo };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, "Login");

export default function LoginRoute({ loaderData }: Route.ComponentProps) {
  return <LoginPage {...loaderData} />;
}
