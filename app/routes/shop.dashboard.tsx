import { redirect } from "react-router";
import { formatPoints } from "../../core/account";
import { formatEuro } from "../../core/money";
import { customerOrders } from "../../services/auth/account";
import { requestEnv } from "../context";
import { accountMeta } from "../features/account/AccountPageHeader";
import { DashboardPage } from "../features/account/DashboardPage";
import type { Route } from "./+types/shop.dashboard";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Nicosia",
});

// Signed-in customers only; visitors go to sign in (or home, where sign-in is off).
export async function loader({ context }: Route.LoaderArgs) {
  const { store, customer } = context.get(requestEnv);
  if (!customer) throw redirect(store.settings.showSignin ? "/pages/login" : "/");
  const orders = await customerOrders(store, customer.id);
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
    points: store.settings.pointsEnabled
      ? formatPoints(customer.pointsBalanceCents, customer.pointsOnHoldCents)
      : null,
    orders: orders.map((o) => ({
      id: o.id,
      code: o.code,
      date: dateFormat.format(new Date(o.createdAt)),
      total: formatEuro(o.totalCents),
      status: o.status,
      lines: o.lines,
    })),
    countries: store.config.countries,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, "My Account");

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  return <DashboardPage {...loaderData} />;
}
