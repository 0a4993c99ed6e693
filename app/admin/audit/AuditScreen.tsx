// The audit log screen: every back-office write, newest first, with filters (owners).
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { Filter, FilterBar, FilterSelect, filterControl, listParams } from "../ui/DataTable";
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
        <FilterSelect
          id="audit-staff"
          name="staffId"
          label="Who"
          value={filters.staffId}
          resetKey={`s${key}`}
          options={[
            { value: "", label: "Anyone" },
            ...choices.staff.map((s) => ({ value: s.id, label: `${s.name} (${s.email})` })),
          ]}
        />
        <FilterSelect
          id="audit-entity"
          name="entity"
          label="Record type"
          value={filters.entity}
          resetKey={`e${key}`}
          options={[{ value: "", label: "Any" }, ...choices.entities.map((e) => ({ value: e, label: e }))]}
        />
        <FilterSelect
          id="audit-action"
          name="action"
          label="Action"
          value={filters.action}
          resetKey={`a${key}`}
          options={[{ value: "", label: "Any" }, ...choices.actions.map((a) => ({ value: a, label: a }))]}
        />
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
