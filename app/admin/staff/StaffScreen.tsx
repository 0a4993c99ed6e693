// The staff screen (owners): the shop's staff accounts: invite, role, disable.
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { listParams } from "../ui/DataTable";
import { PageHeader } from "../ui/Page";
import { InviteForm } from "./InviteForm";
import { StaffTable } from "./StaffTable";

export async function loadStaff({ request }: { request: Request }) {
  const { page } = listParams(request.url, { sort: "name", dir: "asc" });
  return callAdmin(adminRoutes.staff.list, { query: { page, limit: 50 } });
}

export type StaffScreenData = Awaited<ReturnType<typeof loadStaff>>;

export function StaffScreen({ data }: { data: StaffScreenData }) {
  return (
    <>
      <PageHeader title="Staff">Who can sign in to the back office, and what each may do.</PageHeader>
      <div className="space-y-6">
        <InviteForm />
        <StaffTable data={data} />
      </div>
    </>
  );
}
