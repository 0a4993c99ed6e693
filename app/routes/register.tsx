import { redirect } from "react-router";
import { redirectFromUrl } from "../../core/safe-redirect";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { RegisterPage } from "../features/account/RegisterPage";
import type { Route } from "./+types/register";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  // With sign-up off the route does not exist for this store.
  if (!store.settings.showSignup) throw redirect("/pages/404");
  return {
    countries: store.config.countries,
    showSignin: store.settings.showSignin,
    // An unsafe ?redirectTo= is ignored, never followed (open redirect).
    redirectTo: redirectFromUrl(request.url),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, "Register");

export default function RegisterRoute({ loaderData }: Route.ComponentProps) {
  return <RegisterPage {...loaderData} />;
}
