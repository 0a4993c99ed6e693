import { data } from "react-router";
import { useTranslations } from "use-intl";
import { guestOrderView, orderPath } from "../../services/orders";
import { requestEnv } from "../context";
import { GuestOrderPage } from "../features/checkout/GuestOrderPage";
import { PageHeader } from "../features/content/PageHeader";
import { withdrawalDataFor } from "../features/withdrawal/withdrawal.server";
import { metaTranslator } from "../lib/i18n";
import { notFoundMeta as noindexMeta } from "../lib/seo";
import type { Route } from "./+types/shop.order.$code";

/** A guest order through its signed link; a wrong code or signature is a plain 404. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const env = context.get(requestEnv);
  const sig = new URL(request.url).searchParams.get("k") ?? "";
  const view = params.code.length <= 64 ? await guestOrderView(env.store, params.code, sig) : null;
  if (!view) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  const withdrawal =
    (await withdrawalDataFor(env.store, [view.order.code], env.lang))[view.order.code] ?? null;
  return { ...view, orderUrl: await orderPath(env.store.config.id, view.order.code), withdrawal };
}

// Personal data behind a secret link: never cached, never indexed, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches, "Checkout");
  return noindexMeta(
    matches,
    loaderData ? t("orderTitle", { code: loaderData.order.code }) : t("orderNotFound"),
  );
};

export default function GuestOrderRoute({ loaderData }: Route.ComponentProps) {
  const t = useTranslations("Checkout");
  return (
    <>
      <PageHeader title={t("orderTitle", { code: loaderData.order.code })} path="/shop/order" />
      <GuestOrderPage data={loaderData} />
    </>
  );
}

export function ErrorBoundary() {
  const t = useTranslations("Checkout");
  return (
    <>
      <PageHeader title={t("orderNotFound")} path="/shop/order" />
      <div className="mx-auto max-w-xl px-4 py-12 text-center" data-testid="guest-order-missing">
        <p className="text-slate-700">{t("orderLinkInvalid")}</p>
      </div>
    </>
  );
}
