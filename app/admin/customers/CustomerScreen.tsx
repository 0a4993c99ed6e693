// One customer in the back office: their details (editable), points (with a manual adjustment
// and its reason), the account's state (deactivate, reactivate, password-reset mail) and their
// latest orders.
import { Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import type * as contract from "../../../core/api/admin/customers";
import { adminRoutes } from "../../../core/api/admin/routes";
import type { ApiOutput } from "../../../core/api/endpoint";
import type { ActionResult } from "../lib/actions";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime, formatMoney } from "../lib/format";
import { useCan } from "../session";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { CheckboxField, SelectField, TextField } from "../ui/fields";
import { Badge, Card, DetailList, PageHeader } from "../ui/Page";
import { PersonalDataCard } from "./PersonalDataCard";

export type CustomerDetail = ApiOutput<typeof contract.detail>;

const fullName = (c: CustomerDetail) => `${c.name} ${c.surname}`.trim() || `Customer #${c.id}`;

const STATUS_LABEL: Record<string, string> = {
  pending_payment: "Awaiting payment",
  placed: "Placed",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Expired",
};

function DetailsForm({ c, readOnly }: { c: CustomerDetail; readOnly: boolean }) {
  return (
    <AdminForm intent="details" className="space-y-4" aria-label="Customer details" readOnly={readOnly}>
      <input type="hidden" name="version" value={c.version} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First name" defaultValue={c.name} required maxLength={80} />
        <TextField name="lastName" label="Last name" defaultValue={c.surname} required maxLength={80} />
        <TextField
          name="company"
          label="Company"
          defaultValue={c.company ?? ""}
          maxLength={120}
          className="sm:col-span-2"
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          defaultValue={c.email}
          maxLength={200}
          hint={
            c.username.toLowerCase() === c.email.toLowerCase()
              ? "Also the username they sign in with."
              : `They sign in as ${c.username}.`
          }
        />
        <TextField
          name="phone"
          label="Mobile phone"
          inputMode="numeric"
          defaultValue={c.phone}
          required
          maxLength={30}
          hint="Digits only."
        />
        <TextField name="street" label="Street" defaultValue={c.street} required maxLength={200} />
        <TextField name="postcode" label="Postcode" defaultValue={c.postcode} required maxLength={20} />
        <TextField name="city" label="City" defaultValue={c.city} required maxLength={100} />
        <SelectField
          name="country"
          label="Country"
          defaultValue={c.country}
          options={[
            ...(c.countries.some((x) => x.code === c.country)
              ? []
              : [{ value: c.country, label: c.country ? `${c.country} (not sold to)` : "Choose…" }]),
            ...c.countries.map((x) => ({ value: x.code, label: x.name })),
          ]}
        />
        <TextField name="vatNumber" label="VAT number" defaultValue={c.vatNumber ?? ""} maxLength={40} />
        <SelectField
          name="priceListId"
          label="Price list"
          defaultValue={c.priceListId === null ? "" : String(c.priceListId)}
          options={[
            { value: "", label: "Normal prices" },
            ...c.priceLists.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` })),
          ]}
        />
      </div>
      <CheckboxField
        name="excludeVat"
        label="Exclude VAT from their prices"
        hint="For businesses that account for VAT themselves."
        defaultChecked={c.excludeVat}
      />
      <SubmitButton>Save details</SubmitButton>
    </AdminForm>
  );
}

function PointsCard({ c, readOnly }: { c: CustomerDetail; readOnly: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <Card title="Reward points">
      <DetailList
        items={[
          {
            term: "Balance",
            value: <span data-testid="points-balance">{formatMoney(c.points.balanceCents)}</span>,
          },
          { term: "Held for unpaid orders", value: formatMoney(c.points.onHoldCents) },
          {
            term: "Available to spend",
            value: (
              <span data-testid="points-available" data-cents={c.points.availableCents}>
                {formatMoney(c.points.availableCents)}
              </span>
            ),
          },
          { term: "Pending (orders not completed)", value: formatMoney(c.points.pendingCents) },
        ]}
      />
      {readOnly ? null : (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Adjust points</h3>
          <AdminForm intent="points" fetcher={fetcher} className="space-y-3" aria-label="Adjust points">
            {/* A new balance empties the inputs for the next adjustment. */}
            <div key={c.points.balanceCents} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <TextField
                name="deltaCents"
                label="Amount"
                inputMode="decimal"
                hint="5.00 adds, -5.00 takes away."
                required
              />
              <TextField
                name="reason"
                label="Reason"
                maxLength={200}
                required
                hint="Kept in the audit log."
              />
            </div>
            <SubmitButton>Adjust points</SubmitButton>
          </AdminForm>
        </div>
      )}
    </Card>
  );
}

function AccountCard({ c, readOnly }: { c: CustomerDetail; readOnly: boolean }) {
  const revalidator = useRevalidator();
  const run = async (done: string, call: () => Promise<unknown>) => {
    try {
      await call();
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof AdminApiError ? err.message : "That did not work. Please try again.");
    }
    revalidator.revalidate();
  };
  return (
    <Card title="Account">
      <DetailList
        items={[
          { term: "Username", value: <span className="break-all">{c.username}</span> },
          {
            term: "State",
            value: c.deactivated ? (
              <Badge tone="red">Deactivated: cannot sign in</Badge>
            ) : (
              <Badge tone="green">Active</Badge>
            ),
          },
          ...(c.legacyAccount
            ? [{ term: "Imported", value: "From the previous shop; signs in with the phone number" }]
            : []),
          ...(c.lockedUntil && new Date(c.lockedUntil) > new Date()
            ? [{ term: "Sign-in locked until", value: formatDateTime(c.lockedUntil) }]
            : []),
          { term: "Customer since", value: formatDateTime(c.createdAt) },
          { term: "Last change", value: formatDateTime(c.updatedAt) },
        ]}
      />
      {readOnly ? null : (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {c.deactivated ? (
            <ConfirmButton
              tone="primary"
              title={`Reactivate ${fullName(c)}?`}
              message="They can sign in and order again."
              confirmLabel="Reactivate"
              onConfirm={() =>
                run("Customer reactivated.", () =>
                  callAdmin(adminRoutes.customers.setStatus, {
                    params: { id: c.id },
                    body: { active: true, version: c.version },
                  }),
                )
              }
            >
              Reactivate
            </ConfirmButton>
          ) : (
            <>
              <ConfirmButton
                tone="secondary"
                title="Send a password-reset mail?"
                message={`${c.email || "They have no email"} will get the shop's password-reset link, valid for one hour. Earlier links stop working.`}
                confirmLabel="Send the mail"
                disabled={!c.email}
                onConfirm={() =>
                  run(`Password-reset mail sent to ${c.email}.`, () =>
                    callAdmin(adminRoutes.customers.sendPasswordReset, { params: { id: c.id } }),
                  )
                }
              >
                Send password-reset mail
              </ConfirmButton>
              <ConfirmButton
                title={`Deactivate ${fullName(c)}?`}
                message="They are signed out everywhere at once and cannot sign in again until you reactivate them. Their orders and points stay."
                confirmLabel="Deactivate"
                onConfirm={() =>
                  run("Customer deactivated and signed out.", () =>
                    callAdmin(adminRoutes.customers.setStatus, {
                      params: { id: c.id },
                      body: { active: false, version: c.version },
                    }),
                  )
                }
              >
                Deactivate
              </ConfirmButton>
            </>
          )}
        </div>
      )}
    </Card>
  );
}

function OrdersCard({ c }: { c: CustomerDetail }) {
  return (
    <Card title={`Orders (${c.ordersCount})`} className="lg:col-span-2">
      {c.orders.length === 0 ? (
        <p className="text-sm text-slate-700">No orders yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">
              {c.ordersCount > c.orders.length ? "The latest 20 orders" : "Orders"}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-2 text-left font-semibold text-slate-700">
                  Order
                </th>
                <th scope="col" className="px-2 py-2 text-left font-semibold text-slate-700">
                  Date
                </th>
                <th scope="col" className="px-2 py-2 text-left font-semibold text-slate-700">
                  Status
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold text-slate-700">
                  Total
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold text-slate-700">
                  Points earned
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {c.orders.map((o) => (
                <tr key={o.code}>
                  <td className="px-2 py-2">
                    <Link
                      to={`/admin/orders/${encodeURIComponent(o.code)}`}
                      className="font-medium text-indigo-800 underline-offset-2 hover:underline"
                    >
                      {o.code}
                    </Link>
                  </td>
                  <td className="px-2 py-2 text-slate-800">{formatDateTime(o.createdAt)}</td>
                  <td className="px-2 py-2 text-slate-800">{STATUS_LABEL[o.status] ?? o.status}</td>
                  <td className="px-2 py-2 text-right tabular-nums text-slate-800">
                    {formatMoney(o.totalCents)}
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums text-slate-800">
                    {formatMoney(o.pointsEarnedCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {c.ordersCount > c.orders.length ? (
            <p className="mt-2 text-sm text-slate-700">Showing the latest {c.orders.length}.</p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

export function CustomerScreen({ c }: { c: CustomerDetail }) {
  const can = useCan();
  const readOnly = !can("customers.write");
  return (
    <>
      <PageHeader title={fullName(c)} back={{ to: "/admin/customers", label: "Customers" }}>
        {c.deactivated
          ? "This account is deactivated."
          : `${c.email || "No email"} · ${c.phone || "No phone"}`}
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Details">
          <DetailsForm c={c} readOnly={readOnly} />
        </Card>
        <div className="space-y-6">
          <PointsCard c={c} readOnly={readOnly} />
          <AccountCard c={c} readOnly={readOnly} />
          <PersonalDataCard id={c.id} name={fullName(c)} readOnly={readOnly} />
        </div>
        <OrdersCard c={c} />
      </div>
    </>
  );
}
