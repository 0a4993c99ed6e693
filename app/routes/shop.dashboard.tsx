import { redirect } from "react-router";
import { formatPoints } from "../../core/account";
import { formatEuro } from "../../core/money";
import { customerPoints, listCustomerOrders } from "../../services/orders";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { DashboardPage } from "../features/account/DashboardPage";
import type { Route } from "./+types/shop.dashboard";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Nicosia",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "Europe/Nicosia" });

// Signed-in customers only; visitors go to sign in (or home, where sign-in is off).
export async function loader({ context }: Route.LoaderArgs) {
  const { store, customer } = context.get(requestEnv);
  if (!customer) throw redirect(store.settings.showSignin ? "/pages/login" : "/");
  const pointsOn = store.settings.pointsEnabled;
  const [orders, points] = await Promise.all([
    listCustomerOrders(store, customer.id),
    pointsOn ? customerPoints(store, customer.id) : null,
  ]);
  const country = store.config.countries.find((c) => c.code === customer.country)?.name ?? customer.country;
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
    points: pointsOn ? formatPoints(customer.pointsBalanceCents, customer.pointsOnHoldCents) : null,
    pendingPoints: points && points.pendingCents > 0 ? formatEuro(points.pendingCents) : null,
    orders: orders.map((o) => ({
      code: o.code,
      date: dateFormat.format(new Date(o.createdAt)),
      total: formatEuro(o.totalCents),
      status: o.status,
      lines: o.lines.map((l) => ({ description: l.description, qty: l.qty })),
      payUntil: o.payableUntil ? timeFormat.format(new Date(o.payableUntil)) : null,
    })),
    countries: store.config.countries,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, "My Account");

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardPage {...loaderData} />;
}
