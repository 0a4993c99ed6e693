// /admin/audit: every back-office write, newest first, with filters (owners).
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { AuditTable } from "../../admin/audit/AuditTable";
import { callAdmin } from "../../admin/lib/admin-api";
import { FilterBar, listParams } from "../../admin/ui/DataTable";
import { PageHeader } from "../../admin/ui/Page";

export function meta() {
  return [{ title: "Audit log · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function clientLoader({ request }: { request: Request }) {
  const { params, page } = listParams(request.url, { sort: "created", dir: "desc" });
  const get = (k: string) => params.get(k)?.trim() || undefined;
  const staffId = Number(get("staffId"));
  const from = get("from");
  const to = get("to");
  const filters = {
    staffId: Number.isInteger(staffId) && staffId > 0 ? staffId : undefined,
    entity: get("entity"),
    action: get("action"),
    entityId: get("entityId"),
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
  };
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  const [list, choices] = await Promise.all([
    callAdmin(adminRoutes.audit.list, { query: { ...query, page, limit: 50 } }),
    callAdmin(adminRoutes.audit.filters, {}),
  ]);
  return { list, choices, filters };
}

export const ErrorBoundary = AdminRouteErrorBoundary;

const select = "mt-1 block rounded-md border border-slate-400 bg-white px-2 py-2 text-sm text-slate-900";

function Filter({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export default function AdminAudit() {
  const { list, choices, filters } = useLoaderData<typeof clientLoader>();
  const key = JSON.stringify(filters);
  return (
    <>
      <PageHeader title="Audit log">
        Every change made in the back office: who, when, and what changed.
      </PageHeader>
      <FilterBar label="Filter the audit log">
        <Filter id="audit-staff" label="Who">
          <select
            id="audit-staff"
            name="staffId"
            defaultValue={filters.staffId ?? ""}
            key={`s${key}`}
            className={select}
          >
            <option value="">Anyone</option>
            {choices.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.email})
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="audit-entity" label="Record type">
          <select
            id="audit-entity"
            name="entity"
            defaultValue={filters.entity ?? ""}
            key={`e${key}`}
            className={select}
          >
            <option value="">Any</option>
            {choices.entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="audit-action" label="Action">
          <select
            id="audit-action"
            name="action"
            defaultValue={filters.action ?? ""}
            key={`a${key}`}
            className={select}
          >
            <option value="">Any</option>
            {choices.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="audit-entity-id" label="Record id">
          <input
            id="audit-entity-id"
            name="entityId"
            defaultValue={filters.entityId ?? ""}
            key={`i${key}`}
            className={`${select} w-32`}
          />
        </Filter>
        <Filter id="audit-from" label="From">
          <input
            id="audit-from"
            type="date"
            name="from"
            defaultValue={filters.from ?? ""}
            key={`f${key}`}
            className={select}
          />
        </Filter>
        <Filter id="audit-to" label="To">
          <input
            id="audit-to"
            type="date"
            name="to"
            defaultValue={filters.to ?? ""}
            key={`t${key}`}
            className={select}
          />
        </Filter>
      </FilterBar>
      <AuditTable data={list} />
    </>
  );
}
