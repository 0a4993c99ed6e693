// Invite someone to the back office: name, email and role; the server mails the link.
import { ROLE_LABEL, STAFF_ROLES } from "../../../core/admin/permissions";
import { ROLE_HELP } from "../../../core/admin/staff";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { SelectField, TextField } from "../ui/fields";
import { Card } from "../ui/Page";

export function InviteForm() {
  return (
    <Card title="Invite someone">
      <AdminForm
        intent="invite"
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[1fr_1fr_12rem_auto] xl:items-start"
        aria-label="Invite someone"
      >
        <TextField name="name" label="Name" autoComplete="off" required maxLength={120} />
        <TextField name="email" label="Email" type="email" autoComplete="off" required maxLength={200} />
        <SelectField
          name="role"
          label="Role"
          defaultValue="staff"
          options={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
        />
        <div className="sm:col-span-2 xl:col-span-1 xl:pt-6">
          <SubmitButton busyLabel="Sending…">Send invitation</SubmitButton>
        </div>
      </AdminForm>
      <ul className="mt-3 space-y-1 text-xs text-slate-600">
        {STAFF_ROLES.map((r) => (
          <li key={r}>
            <span className="font-semibold text-slate-800">{ROLE_LABEL[r]}:</span> {ROLE_HELP[r]}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">The link in the mail works once and for 7 days.</p>
    </Card>
  );
}
