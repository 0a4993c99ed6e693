import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { Filter, FilterBar, filterControl, listParams } from "../ui/DataTable";
import { PageHeader } from "../ui/Page";
import { AuditTable } from "./AuditTable";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function loadAudit({ request }: { request: Request }) {
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

export type AuditScreenData = Awaited<ReturnType<typeof loadAudit>>;

export function AuditScreen({ data }: { data: AuditScreenData }) {
  const { list, choices, filters } = data;
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
            className={filterControl}
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
            className={filterControl}
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
            className={filterControl}
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
            className={`${filterControl} w-32`}
          />
        </Filter>
        <Filter id="audit-from" label="From">
          <input
            id="audit-from"
            type="date"
            name="from"
            defaultValue={filters.from ?? ""}
            key={`f${key}`}
            className={filterControl}
          />
        </Filter>
        <Filter id="audit-to" label="To">
          <input
            id="audit-to"
            type="date"
            name="to"
            defaultValue={filters.to ?? ""}
            key={`t${key}`}
            className={filterControl}
          />
        </Filter>
      </FilterBar>
      <AuditTable data={list} />
    </>
  );
}
