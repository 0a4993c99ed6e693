// The customers screen: the list, its filters, sort and page in the URL.

import { Link } from "react-router";
import { CUSTOMER_SORTS, type CustomerSort } from "../../../core/admin/customers";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { buttonClass } from "../ui/AdminForm";
import { Filter, FilterBar, FilterSelect, filterControl, listParams } from "../ui/DataTable";
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

/** The list's filters as the export's query: every matching customer, so no page or sort. */
function csvQuery(f: CustomersScreenData["filters"]): string {
  const params = new URLSearchParams({ status: f.status });
  if (f.q) params.set("q", f.q);
  if (f.priceList) params.set("priceList", String(f.priceList));
  if (f.vatExcluded) params.set("vatExcluded", f.vatExcluded);
  return `?${params}`;
}

export function CustomersScreen({ data }: { data: CustomersScreenData }) {
  const { list, sort, dir, filters } = data;
  const key = JSON.stringify(filters);
  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          <>
            <Link to="/admin/customers/guests" className={buttonClass("secondary")}>
              Guest buyers
            </Link>
            <a
              href={`${ADMIN_API_BASE}/customers.csv${csvQuery(filters)}`}
              className={buttonClass("secondary")}
              download
            >
              Download CSV
            </a>
          </>
        }
      >
        Customers with an account. Search by any part of a name, username, email or phone number.
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
        <FilterSelect
          id="customers-price-list"
          name="priceList"
          label="Price list"
          value={filters.priceList}
          resetKey={`p${key}`}
          options={[
            { value: "", label: "Any" },
            { value: "none", label: "Normal prices" },
            ...list.priceLists.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <FilterSelect
          id="customers-vat"
          name="vatExcluded"
          label="VAT"
          value={filters.vatExcluded}
          resetKey={`v${key}`}
          options={[
            { value: "", label: "Any" },
            { value: "true", label: "VAT excluded" },
            { value: "false", label: "VAT included" },
          ]}
        />
        <FilterSelect
          id="customers-status"
          name="status"
          label="Accounts"
          value={filters.status}
          resetKey={`s${key}`}
          options={[
            { value: "active", label: "Active" },
            { value: "deactivated", label: "Deactivated" },
            { value: "all", label: "All" },
          ]}
        />
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
