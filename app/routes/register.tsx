import { redirect } from "react-router";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { RegisterPage } from "../features/account/RegisterPage";
import type { Route } from "./+types/register";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  // With sign-up off the route does not exist for this store.
  if (!store.settings.showSignup) throw redirect("/pages/404");
  return { countries: store.config.countries, showSignin: store.settings.showSignin };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, "Register");

export default function RegisterRoute({ loaderData }: Route.ComponentProps) {
  return <RegisterPage countries={loaderData.countries} showSignin={loaderData.showSignin} />;
}
