// /admin/customers/:id: one customer, their points and orders; edit, adjust points, deactivate.
import { useLoaderData } from "react-router";
import { CustomerEditInput, POINTS_REASON_MAX } from "../../../core/admin/customers";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { CustomerScreen } from "../../admin/customers/CustomerScreen";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { centsFromInput } from "../../admin/lib/format";

export function meta() {
  return [{ title: "Customer · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

const idOf = (params: { id?: string }) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
};

export async function clientLoader({ params }: { params: { id?: string } }) {
  // An id that is no number gets the server's 400/404 inside the frame like any other.
  return callAdmin(adminRoutes.customers.detail, { params: { id: idOf(params) || 0 } });
}

export async function clientAction({ request, params }: { request: Request; params: { id?: string } }) {
  const id = idOf(params);
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? "").trim();
  const intent = form.get("intent");
  if (intent === "details") {
    const priceList = text("priceListId");
    const body = {
      firstName: text("firstName"),
      lastName: text("lastName"),
      company: text("company"),
      email: text("email"),
      phone: text("phone"),
      street: text("street"),
      postcode: text("postcode"),
      city: text("city"),
      country: text("country"),
      vatNumber: text("vatNumber"),
      priceListId: priceList === "" ? null : Number(priceList),
      excludeVat: form.get("excludeVat") === "on",
      version: text("version"),
    };
    // The same schema the server validates with: the fields are marked before anything is sent.
    const checked = CustomerEditInput.safeParse(body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0] ?? "");
        if (name && !fields[name]) fields[name] = issue.message;
      }
      return invalid(fields);
    }
    return adminAction("Customer saved.", () =>
      callAdmin(adminRoutes.customers.update, { params: { id }, body: checked.data }),
    );
  }
  if (intent === "points") {
    const cents = centsFromInput(form.get("deltaCents"));
    const reason = text("reason");
    const fields: Record<string, string> = {};
    if (cents === null || Number.isNaN(cents)) fields.deltaCents = "Enter an amount like 5.00 or -5.00.";
    else if (cents === 0) fields.deltaCents = "Enter an amount other than 0.";
    if (!reason) fields.reason = "Say why the points change.";
    else if (reason.length > POINTS_REASON_MAX) fields.reason = `At most ${POINTS_REASON_MAX} characters.`;
    if (Object.keys(fields).length > 0 || cents === null) return invalid(fields);
    return adminAction("Points adjusted.", () =>
      callAdmin(adminRoutes.customers.adjustPoints, { params: { id }, body: { deltaCents: cents, reason } }),
    );
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminCustomer() {
  const customer = useLoaderData<typeof clientLoader>();
  return <CustomerScreen c={customer} />;
}
