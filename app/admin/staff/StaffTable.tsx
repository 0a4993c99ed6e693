// The staff list with each member's actions: change role, disable/enable (confirmed), send a
// new invitation. The last active owner's protection is the server's; its message shows here.
import type { ColumnDef } from "@tanstack/react-table";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { ROLE_LABEL, STAFF_ROLES } from "../../../core/admin/permissions";
import { adminRoutes } from "../../../core/api/admin/routes";
import type * as contract from "../../../core/api/admin/staff";
import type { ApiOutput } from "../../../core/api/endpoint";
import type { ActionResult } from "../lib/actions";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { AdminForm, buttonClass, SubmitButton } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { DataTable } from "../ui/DataTable";
import { Badge } from "../ui/Page";

export type StaffPage = ApiOutput<typeof contract.list>;
type Member = StaffPage["items"][number];

function RoleForm({ m }: { m: Member }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <AdminForm
      intent="role"
      fetcher={fetcher}
      className="flex flex-wrap items-center gap-2"
      aria-label={`Role of ${m.name}`}
    >
      <input type="hidden" name="id" value={m.id} />
      <input type="hidden" name="version" value={m.version} />
      <label htmlFor={`role-${m.id}`} className="sr-only">
        Role of {m.name}
      </label>
      <select
        id={`role-${m.id}`}
        name="role"
        defaultValue={m.role}
        key={m.version}
        className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900"
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </select>
      <SubmitButton busyLabel="…">Set role</SubmitButton>
    </AdminForm>
  );
}

function Actions({ m }: { m: Member }) {
  const revalidator = useRevalidator();
  const run = async (ok: string, call: () => Promise<unknown>) => {
    try {
      await call();
      toast.success(ok);
    } catch (err) {
      toast.error(err instanceof AdminApiError ? err.message : "That did not work. Please try again.");
    }
    revalidator.revalidate();
  };
  return (
    <div className="flex flex-wrap gap-2">
      {m.invited && !m.disabled ? (
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() =>
            run(`A new invitation was sent to ${m.email}.`, () =>
              callAdmin(adminRoutes.staff.resendInvite, { params: { id: m.id } }),
            )
          }
        >
          Send the invitation again<span className="sr-only"> to {m.name}</span>
        </button>
      ) : null}
      {m.disabled ? (
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() =>
            run(`${m.name} can sign in again.`, () =>
              callAdmin(adminRoutes.staff.setDisabled, {
                params: { id: m.id },
                body: { disabled: false, version: m.version },
              }),
            )
          }
        >
          Enable<span className="sr-only"> {m.name}</span>
        </button>
      ) : (
        <ConfirmButton
          title={`Disable ${m.name}?`}
          message={`${m.name} is signed out everywhere at once and cannot sign in until enabled again.`}
          confirmLabel="Disable"
          onConfirm={() =>
            run(`${m.name} is disabled and signed out.`, () =>
              callAdmin(adminRoutes.staff.setDisabled, {
                params: { id: m.id },
                body: { disabled: true, version: m.version },
              }),
            )
          }
        >
          Disable<span className="sr-only"> {m.name}</span>
        </ConfirmButton>
      )}
    </div>
  );
}

const columns: ColumnDef<Member>[] = [
  {
    header: "Name",
    cell: ({ row }) => (
      <div>
        <div className="font-medium text-slate-900">{row.original.name}</div>
        <div className="text-slate-600">{row.original.email}</div>
      </div>
    ),
  },
  { header: "Role", cell: ({ row }) => <RoleForm m={row.original} /> },
  {
    header: "Status",
    cell: ({ row }) => {
      const m = row.original;
      if (m.disabled) return <Badge tone="red">Disabled</Badge>;
      if (m.invited)
        return (
          <Badge tone="amber">
            Invited
            {m.inviteExpiresAt ? `, link valid until ${formatDateTime(m.inviteExpiresAt)}` : ", link expired"}
          </Badge>
        );
      return <Badge tone="green">Active</Badge>;
    },
  },
  { header: "Two-factor", cell: ({ row }) => (row.original.totpEnabled ? "On" : "Off") },
  { header: "Last sign-in", cell: ({ row }) => formatDateTime(row.original.lastSignInAt) },
  { header: "Actions", cell: ({ row }) => <Actions m={row.original} /> },
];

export function StaffTable({ data }: { data: StaffPage }) {
  return (
    <DataTable
      caption="Staff accounts"
      columns={columns}
      rows={data.items}
      total={data.total}
      page={data.page}
      pageSize={data.limit}
      empty="No staff yet."
    />
  );
}
