// Loaders of the provider's return pages: /payment-success verifies and confirms the payment
// (once), /payment-failed releases the reservation when the provider confirms no payment.
import { type RouterContextProvider, redirect } from "react-router";
import { localizedPath } from "../../../core/language";
import type { StoreContext } from "../../../services/context";
import {
  paymentFailedReturn,
  paymentLanguage,
  paymentSuccessView,
} from "../../../services/orders/online-payment";
import { requestEnv } from "../../context";
import { prefixPath } from "../../lib/localized";
import type { FailedData, SuccessData } from "./PaymentResult";

function logger(requestId: string) {
  return {
    warn: (o: object, m: string) => console.warn(JSON.stringify({ level: "warn", requestId, msg: m, ...o })),
  };
}

function shopOf(store: StoreContext) {
  return { telephone: store.settings.telephone, email: store.settings.email };
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The provider returns every shopper to the store's one return address; an order placed in
 * another language is sent on to the same page in it, before anything is confirmed or released.
 */
async function inOrderLanguage(env: { store: StoreContext; lang: string }, url: URL): Promise<void> {
  const lang = await paymentLanguage(env.store, url.searchParams.get("s"));
  if (lang && lang !== env.lang) {
    const { languages } = env.store.config;
    const page = url.pathname.endsWith("/payment-failed") ? "/payment-failed" : "/payment-success";
    throw redirect(`${localizedPath(languages, lang, page)}${url.search}`);
  }
}

export async function paymentSuccessLoader({ request, context }: Args): Promise<SuccessData> {
  const env = context.get(requestEnv);
  const url = new URL(request.url);
  await inOrderLanguage(env, url);
  const view = await paymentSuccessView(
    env.store,
    url.searchParams.get("s"),
    url.searchParams.get("t"),
    logger(env.requestId),
  );
  return { view, shop: shopOf(env.store) };
}

export async function paymentFailedLoader({ request, context }: Args): Promise<FailedData> {
  const env = context.get(requestEnv);
  const url = new URL(request.url);
  await inOrderLanguage(env, url);
  const s = url.searchParams.get("s");
  const t = url.searchParams.get("t");
  const outcome = await paymentFailedReturn(env.store, s, t, logger(env.requestId));
  // The provider says it was paid after all: the success page confirms it.
  if (outcome === "paid" && s) {
    const back = new URLSearchParams({ s });
    if (t) back.set("t", t);
    throw redirect(prefixPath(env.langPrefix, `/payment-success?${back.toString()}`));
  }
  return { paymentCode: s && s.length <= 64 ? s : null, shop: shopOf(env.store) };
}
