import { redirect } from "react-router";
import { countriesIn } from "../../core/country-names";
import { EMAIL_PROOF_PARAM, isEmailProofNotice, isEmailProofPath } from "../../core/email-proof";
import { redirectFromUrl } from "../../core/safe-redirect";
import { isSocialProblem, isSocialProvider, SOCIAL_ERROR_PARAM } from "../../core/social-sign-in";
import { pendingLink } from "../../services/auth/social/identities";
import { configuredProviders } from "../../services/auth/social/provider-clients";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { LoginPage } from "../features/account/LoginPage";
import { metaTranslator } from "../lib/i18n";
import { prefixPath } from "../lib/localized";
import type { Route } from "./+types/pages.login";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { store, customer, session, langPrefix } = context.get(requestEnv);
  const { showSignin, showSignup } = store.settings;
  if (!showSignin && !showSignup) throw redirect(prefixPath(langPrefix, "/pages/404"));
  // An unsafe ?redirectTo= is ignored, never followed (open redirect).
  const redirectTo = redirectFromUrl(request.url);
  if (customer) throw redirect(prefixPath(langPrefix, redirectTo ?? "/shop/dashboard"));
  const params = new URL(request.url).searchParams;
  const problem = params.get(SOCIAL_ERROR_PARAM);
  const provider = params.get("provider");
  // A Google or Facebook identity of an existing account's email, waiting for the account's proof.
  const waiting = showSignin ? await pendingLink(store, session.tokenHash) : null;
  return {
    countries: countriesIn(store.config.countries, store.lang),
    showSignin,
    showSignup,
    redirectTo,
    social: showSignin ? configuredProviders(store.secrets) : { google: false, facebook: false },
    // The page writes them in its language (LoginPage).
    socialProblem: isSocialProblem(problem)
      ? { problem, provider: isSocialProvider(provider) ? provider : null }
      : null,
    linkPending: waiting ? { provider: waiting.provider, email: waiting.email } : null,
    // Sent here by an email proof link: sign in first, or what the link found.
    emailProof: redirectTo && isEmailProofPath(redirectTo) ? ("sign_in" as const) : emailProofNotice(params),
  };
}

function emailProofNotice(params: URLSearchParams) {
  const notice = params.get(EMAIL_PROOF_PARAM);
  return isEmailProofNotice(notice) && notice !== "proven" ? notice : null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches, metaTranslator(matches, "Account")("login"));

export default function LoginRoute({ loaderData }: Route.ComponentProps) {
  return <LoginPage {...loaderData} />;
}
