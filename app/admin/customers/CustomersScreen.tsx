import { CUSTOMER_SORTS, type CustomerSort } from "../../../core/admin/customers";
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { Filter, FilterBar, filterControl, listParams } from "../ui/DataTable";
import { PageHeader } from "../ui/Page";
import { CustomerTable } from "./CustomerTable";

const PAGE_SIZE = 25;

export async function loadCustomers({ request }: { request: Request }) {
  const { params, page, sort, dir } = listParams(request.url, { sort: "created", dir: "desc" });
  const q = params.get("q")?.trim().slice(0, 100) || "";
  const priceListText = params.get("priceList") ?? "";
  const priceList =
    priceListText === "none" ? "none" : /^\d{1,9}$/.test(priceListText) ? Number(priceListText) : undefined;
  const vat = params.get("vatExcluded");
  const vatExcluded = vat === "true" || vat === "false" ? vat : undefined;
  const statusText = params.get("status");
  const status = statusText === "deactivated" || statusText === "all" ? statusText : ("active" as const);
  const safeSort: CustomerSort = (CUSTOMER_SORTS as readonly string[]).includes(sort)
    ? (sort as CustomerSort)
    : "created";
  const list = await callAdmin(adminRoutes.customers.list, {
    query: {
      page,
      limit: PAGE_SIZE,
      sort: safeSort,
      dir,
      status,
      ...(q ? { q } : {}),
      ...(priceList !== undefined ? { priceList } : {}),
      ...(vatExcluded ? { vatExcluded } : {}),
    },
  });
  return {
    list,
    sort: safeSort,
    dir,
    filters: { q, priceList: priceListText, vatExcluded: vatExcluded ?? "", status },
  };
}

export type CustomersScreenData = Awaited<ReturnType<typeof loadCustomers>>;

export function CustomersScreen({ data }: { data: CustomersScreenData }) {
  const { list, sort, dir, filters } = data;
  const key = JSON.stringify(filters);
  return (
    <>
      <PageHeader title="Customers">
        Search by any part of a name, username, email or phone number.
      </PageHeader>
      <FilterBar label="Find customers">
        <Filter id="customers-q" label="Search">
          <input
            id="customers-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            key={`q${key}`}
            maxLength={100}
            className={`${filterControl} w-64 max-w-full`}
          />
        </Filter>
        <Filter id="customers-price-list" label="Price list">
          <select
            id="customers-price-list"
            name="priceList"
            defaultValue={filters.priceList}
            key={`p${key}`}
            className={filterControl}
          >
            <option value="">Any</option>
            <option value="none">Normal prices</option>
            {list.priceLists.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Filter>
        <Filter id="customers-vat" label="VAT">
          <select
            id="customers-vat"
            name="vatExcluded"
            defaultValue={filters.vatExcluded}
            key={`v${key}`}
            className={filterControl}
          >
            <option value="">Any</option>
            <option value="true">VAT excluded</option>
            <option value="false">VAT included</option>
          </select>
        </Filter>
        <Filter id="customers-status" label="Accounts">
          <select
            id="customers-status"
            name="status"
            defaultValue={filters.status}
            key={`s${key}`}
            className={filterControl}
          >
            <option value="active">Active</option>
            <option value="deactivated">Deactivated</option>
            <option value="all">All</option>
          </select>
        </Filter>
        {sort !== "created" || dir !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={sort} />
            <input type="hidden" name="dir" value={dir} />
          </>
        ) : null}
      </FilterBar>
      <CustomerTable data={list} sort={sort} dir={dir} />
    </>
  );
}
