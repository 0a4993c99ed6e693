import { data, redirect } from "react-router";
import { z } from "zod";
import { countriesIn } from "../../core/country-names";
import { EMAIL_PROOF_PARAM, isEmailProofNotice } from "../../core/email-proof";
import type { Lang } from "../../core/language";
import { formatDecimalIn, formatMoney } from "../../core/money";
import { isEmailProven } from "../../services/auth/email-proof";
import { isServiceError } from "../../services/failure";
import { customerPoints, listCustomerOrders } from "../../services/orders";
import { confirmsByEmail, deleteOwnAccount } from "../../services/privacy";
import { lineReviewStates } from "../../services/product-reviews";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { DashboardPage } from "../features/account/DashboardPage";
import type { DeleteAccountRefusal } from "../features/account/dashboard/PrivacyCard";
import { withdrawalDataFor } from "../features/withdrawal/withdrawal.server";
import { metaTranslator } from "../lib/i18n";
import { prefixPath } from "../lib/localized";
import type { Route } from "./+types/shop.dashboard";

/** The order dates in the page's language: el-GR on Greek pages, en-GB on English ones. */
const LOCALE: Record<Lang, string> = { en: "en-GB", el: "el-GR" };
const formats = new Map<Lang, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function formatsFor(lang: Lang) {
  let f = formats.get(lang);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat(LOCALE[lang], {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "Europe/Nicosia",
      }),
      time: new Intl.DateTimeFormat(LOCALE[lang], { timeStyle: "short", timeZone: "Europe/Nicosia" }),
    };
    formats.set(lang, f);
  }
  return f;
}

// Signed-in customers only; visitors go to sign in (or home, where sign-in is off).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { store, customer, lang, langPrefix } = context.get(requestEnv);
  if (!customer) throw redirect(prefixPath(langPrefix, store.settings.showSignin ? "/pages/login" : "/"));
  const { date: dateFormat, time: timeFormat } = formatsFor(lang);
  const pointsOn = store.settings.pointsEnabled;
  const [orders, points, proven, confirmByEmail] = await Promise.all([
    listCustomerOrders(store, customer.id),
    pointsOn ? customerPoints(store, customer.id) : null,
    isEmailProven(store.db, customer.id),
    confirmsByEmail(store, customer.id),
  ]);
  const withdrawals = await withdrawalDataFor(
    store,
    orders.map((o) => o.code),
    lang,
  );
  // Which lines can be reviewed, and the state of the reviews already written (docs/decisions/0053).
  const reviews = await lineReviewStates(
    store,
    customer.id,
    orders.flatMap((o) =>
      o.lines.map((l) => ({ id: l.lineId, productId: l.productId, orderStatus: o.status })),
    ),
  );
  const notice = new URL(request.url).searchParams.get(EMAIL_PROOF_PARAM);
  const country =
    countriesIn(store.config.countries, store.lang).find((c) => c.code === customer.country)?.name ??
    customer.country;
  return {
    customer: {
      name: customer.name,
      surname: customer.surname,
      company: customer.company ?? "",
      email: customer.email,
      username: customer.username,
      phone: customer.mobilePhone,
      street: customer.street,
      postcode: customer.postcode,
      city: customer.city,
      country: customer.country,
      countryName: country,
      legacyAccount: customer.legacyAccount,
      excludeVat: customer.excludeVat,
    },
    // core/account.ts formatPoints (balance - on hold, never below zero), in the page's language.
    points: pointsOn
      ? formatDecimalIn(Math.max(0, customer.pointsBalanceCents - customer.pointsOnHoldCents), lang)
      : null,
    // Points, not euros (issue 44 item 2), formatted as the balance is.
    pendingPoints: points && points.pendingCents > 0 ? formatDecimalIn(points.pendingCents, lang) : null,
    orders: orders.map((o) => ({
      code: o.code,
      date: dateFormat.format(new Date(o.createdAt)),
      total: formatMoney(o.totalCents, lang),
      status: o.status,
      lines: o.lines.map((l) => ({
        lineId: l.lineId,
        description: l.description,
        qty: l.qty,
        review: reviews.get(l.lineId) ?? { status: null, canReview: false },
      })),
      payUntil: o.payableUntil ? timeFormat.format(new Date(o.payableUntil)) : null,
      withdrawal: withdrawals[o.code] ?? null,
      shipments: o.shipments,
      deliveredAt: o.deliveredAt,
    })),
    countries: countriesIn(store.config.countries, store.lang),
    emailProof: { notice: isEmailProofNotice(notice) ? notice : null, pending: !proven },
    privacy: { confirmByEmail, fiscalRetentionYears: store.settings.fiscalRetentionYears },
  };
}

const DeleteAccountForm = z.object({
  intent: z.literal("delete-account"),
  password: z.string().max(1000).optional(),
  email: z.string().max(320).optional(),
});

/**
 * "Delete my account" (docs/decisions/0051): confirmed by the password, or by the email for an
 * account made through Google or Facebook; then everything goes at once (services/privacy) and the
 * shopper lands on the sign-in page, signed out, with a notice.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { store, customer, langPrefix } = context.get(requestEnv);
  if (!customer) throw redirect(prefixPath(langPrefix, store.settings.showSignin ? "/pages/login" : "/"));
  const form = DeleteAccountForm.safeParse(Object.fromEntries(await request.formData()));
  const refuse = (problem: DeleteAccountRefusal["problem"], status: number) =>
    data<DeleteAccountRefusal>({ problem }, { status });
  if (!form.success) return refuse("deleteFailed", 400);
  const proof =
    form.data.password !== undefined ? { password: form.data.password } : { email: form.data.email ?? "" };
  try {
    await deleteOwnAccount(store, customer.id, proof);
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === "wrong_password")
      return refuse("password" in proof ? "deleteWrongPassword" : "deleteWrongEmail", 400);
    if (err.code === "rate_limited") return refuse("deleteTooMany", 429);
    return refuse("deleteFailed", 409);
  }
  throw redirect(prefixPath(langPrefix, store.settings.showSignin ? "/pages/login?account=deleted" : "/"));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches, metaTranslator(matches, "Account")("myAccount"));

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardPage {...loaderData} />;
}
