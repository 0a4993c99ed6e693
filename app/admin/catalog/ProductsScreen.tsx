// The products screen: the list, its filters, sort and page in the URL.
import { useState } from "react";
import { Link } from "react-router";
import { PRODUCT_FLAGS, PRODUCT_SORTS, PRODUCT_STATUSES } from "../../../core/admin/catalog";
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { Filter, FilterBar, FilterSelect, filterControl, listParams } from "../ui/DataTable";
import { PageHeader } from "../ui/Page";
import { ProductBulkEdit } from "./ProductBulkEdit";
import { ProductTable } from "./ProductTable";

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | undefined =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export async function loadProducts({ request }: { request: Request }) {
  const { params, page, sort, dir } = listParams(request.url, { sort: "updated", dir: "desc" });
  const filters = {
    q: params.get("q")?.trim().slice(0, 100) || undefined,
    categoryId: positive(params.get("categoryId")),
    brandId: positive(params.get("brandId")),
    flag: oneOf(PRODUCT_FLAGS, params.get("flag")),
    status: oneOf(PRODUCT_STATUSES, params.get("status")) ?? "active",
    lowStock: params.get("lowStock") === "1" ? ("1" as const) : undefined,
  };
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  const [list, options] = await Promise.all([
    callAdmin(adminRoutes.catalog.list, {
      query: { ...query, page, limit: 25, sort: oneOf(PRODUCT_SORTS, sort) ?? "updated", dir },
    }),
    callAdmin(adminRoutes.catalog.options, {}),
  ]);
  return { list, options, filters };
}

export type ProductsScreenData = Awaited<ReturnType<typeof loadProducts>>;

export function ProductsScreen({ data }: { data: ProductsScreenData }) {
  const { list, options, filters } = data;
  const can = useCan();
  const key = JSON.stringify(filters);
  const canWrite = can("catalog.write");
  const [ticked, setTicked] = useState<{ key: string; ids: Set<number> }>({ key, ids: new Set() });
  // Ticks belong to one filter: a new filter starts with none.
  const selected = ticked.key === key ? ticked.ids : new Set<number>();
  const onSelect = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    setTicked({ key, ids: next });
  };
  return (
    <>
      <PageHeader
        title="Products"
        actions={
          can("catalog.write") ? (
            <>
              <a href="/admin/api/catalogue-export.csv" download className={buttonClass("secondary")}>
                Export catalogue
              </a>
              <Link to="/admin/products/import" className={buttonClass("secondary")}>
                Import from a file
              </Link>
              <Link to="/admin/products/new" className={buttonClass()}>
                New product
              </Link>
            </>
          ) : null
        }
      >
        {can("catalog.write")
          ? "Prices, pictures, stock and everything the shop shows."
          : "Read only: your role can look but not change."}
      </PageHeader>
      <FilterBar label="Filter products">
        <Filter id="p-q" label="Search">
          <input
            id="p-q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            key={`q${key}`}
            placeholder="Name, code, brand…"
            className={`${filterControl} w-56`}
          />
        </Filter>
        <FilterSelect
          id="p-cat"
          name="categoryId"
          label="Category"
          value={filters.categoryId}
          resetKey={`c${key}`}
          className="max-w-48"
          options={[
            { value: "", label: "Any" },
            ...options.categories.map((c) => ({ value: c.id, label: `${c.master} › ${c.name}` })),
          ]}
        />
        <FilterSelect
          id="p-brand"
          name="brandId"
          label="Brand"
          value={filters.brandId}
          resetKey={`b${key}`}
          className="max-w-40"
          options={[
            { value: "", label: "Any" },
            ...options.brands.map((b) => ({ value: b.id, label: b.name })),
          ]}
        />
        <FilterSelect
          id="p-flag"
          name="flag"
          label="Shown as"
          value={filters.flag}
          resetKey={`f${key}`}
          options={[
            { value: "", label: "Anything" },
            { value: "new", label: "New" },
            { value: "top", label: "Top" },
            { value: "hot", label: "Hot deal" },
            { value: "popup", label: "Pop-up ad" },
          ]}
        />
        <Filter id="p-status" label="Status">
          <select
            id="p-status"
            name="status"
            defaultValue={filters.status}
            key={`s${key}`}
            className={filterControl}
          >
            <option value="active">In the shop</option>
            <option value="draft">Drafts</option>
            <option value="inactive">Deleted (withdrawn)</option>
            <option value="deleted">Drafts and deleted</option>
            <option value="all">All</option>
          </select>
        </Filter>
        <div className="flex items-center gap-2 self-center pt-5">
          <input
            id="p-low"
            type="checkbox"
            name="lowStock"
            value="1"
            defaultChecked={filters.lowStock === "1"}
            key={`l${key}`}
            className="size-4 accent-indigo-700"
          />
          <label htmlFor="p-low" className="text-sm font-medium text-slate-800">
            Low stock ({options.lowStockThreshold} or less)
          </label>
        </div>
      </FilterBar>
      {canWrite ? (
        <ProductBulkEdit
          selected={[...selected]}
          total={list.total}
          filter={filters}
          onDone={() => setTicked({ key, ids: new Set() })}
        />
      ) : null}
      <ProductTable
        data={list}
        lowStock={options.lowStockThreshold}
        {...(canWrite ? { selected, onSelect } : {})}
      />
    </>
  );
}
