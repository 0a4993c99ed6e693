// One change to many products: the rows ticked in the list, or every product the list's filters
// match (not only the page shown). Price, sale price (set or end), the web warehouse's stock (set,
// or add/take off), or the state (publish, draft, deactivate). The server checks every product by
// the product form's rules and writes all of them in one transaction, or none (the message names
// the product that was refused).
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import type { BulkActionInput } from "../../../core/admin/catalog";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { centsFromInput } from "../lib/format";
import { buttonClass } from "../ui/AdminForm";
import { filterControl } from "../ui/DataTable";

type Kind =
  | "price"
  | "salePrice"
  | "saleEnd"
  | "stockSet"
  | "stockAdjust"
  | "published"
  | "draft"
  | "inactive";

const KINDS: { value: Kind; label: string; value_label?: string }[] = [
  { value: "stockSet", label: "Set stock to", value_label: "Stock" },
  { value: "stockAdjust", label: "Add to stock (negative: take off)", value_label: "Change" },
  { value: "price", label: "Set price to", value_label: "Price (€)" },
  { value: "salePrice", label: "Set sale price to", value_label: "Sale price (€)" },
  { value: "saleEnd", label: "End the sale" },
  { value: "published", label: "Publish" },
  { value: "inactive", label: "Deactivate (hide from the shop)" },
  { value: "draft", label: "Keep as draft (never published only)" },
];

export type ProductFilter = {
  q?: string;
  categoryId?: number;
  brandId?: number;
  flag?: "new" | "top" | "hot" | "popup";
  status: "active" | "deleted" | "draft" | "inactive" | "all";
  lowStock?: "1";
};

/** The action as the API takes it, or what is wrong with the value typed. */
function actionOf(
  kind: Kind,
  text: string,
): { ok: true; action: BulkActionInput } | { ok: false; message: string } {
  const whole = Number(text.trim());
  const isWhole = text.trim() !== "" && Number.isInteger(whole);
  const cents = centsFromInput(text);
  switch (kind) {
    case "stockSet":
      return isWhole && whole >= 0
        ? { ok: true, action: { kind: "stock", mode: "set", qty: whole } }
        : { ok: false, message: "Enter the stock: a whole number, 0 or more." };
    case "stockAdjust":
      return isWhole && whole !== 0
        ? { ok: true, action: { kind: "stock", mode: "adjust", qty: whole } }
        : { ok: false, message: "Enter how many to add, like 5, or to take off, like -2." };
    case "price":
    case "salePrice":
      if (cents === null || Number.isNaN(cents))
        return { ok: false, message: "Write the amount in euros, e.g. 12.50." };
      return kind === "price"
        ? { ok: true, action: { kind: "price", priceCents: cents } }
        : { ok: true, action: { kind: "salePrice", salePriceCents: cents } };
    case "saleEnd":
      return { ok: true, action: { kind: "salePrice", salePriceCents: null } };
    default:
      return { ok: true, action: { kind: "state", state: kind } };
  }
}

export function ProductBulkEdit({
  selected,
  total,
  filter,
  onDone,
}: {
  selected: number[];
  total: number;
  filter: ProductFilter;
  onDone: () => void;
}) {
  const revalidator = useRevalidator();
  const [kind, setKind] = useState<Kind>("stockSet");
  const [value, setValue] = useState("");
  // A phone has no tick boxes (ProductTable hides them below 640 px): it starts on every match.
  const [scope, setScope] = useState<"selected" | "all">(() =>
    typeof window !== "undefined" && window.matchMedia("(max-width: 639px)").matches ? "all" : "selected",
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const needsValue = KINDS.find((k) => k.value === kind)?.value_label;
  const count = scope === "all" ? total : selected.length;

  const apply = async () => {
    setError(null);
    if (count === 0) return setError("Tick the products to change, or choose all that match the filter.");
    const read = actionOf(kind, value);
    if (!read.ok) return setError(read.message);
    setBusy(true);
    try {
      const { lowStock, ...rest } = filter;
      const target =
        scope === "all"
          ? { filter: { ...rest, ...(lowStock ? { lowStock: true } : {}) } }
          : { ids: selected };
      const done = await callAdmin(adminRoutes.catalog.bulk, { body: { ...target, action: read.action } });
      toast.success(
        `${done.changed} of ${done.matched} product${done.matched === 1 ? "" : "s"} changed. The shop shows it now.`,
      );
      setValue("");
      onDone();
      revalidator.revalidate();
    } catch (err) {
      setError(
        err instanceof AdminApiError ? err.message : "The shop's server could not be reached. Try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${ids}-h`} className="mb-4 rounded-md border border-slate-200 bg-white p-3">
      <h2 id={`${ids}-h`} className="text-sm font-semibold text-slate-900">
        Change several products
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-wrap gap-3 text-sm text-slate-800">
          <legend className="sr-only">Which products</legend>
          <label className="hidden items-center gap-2 sm:flex">
            <input
              type="radio"
              name={`${ids}-scope`}
              checked={scope === "selected"}
              onChange={() => setScope("selected")}
              className="size-4 accent-indigo-700"
            />
            The {selected.length} ticked
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${ids}-scope`}
              checked={scope === "all"}
              onChange={() => setScope("all")}
              className="size-4 accent-indigo-700"
            />
            All {total} matching the filter
          </label>
        </fieldset>
        <div>
          <label htmlFor={`${ids}-kind`} className="block text-sm font-medium text-slate-800">
            Change
          </label>
          <select
            id={`${ids}-kind`}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as Kind)}
            className={filterControl}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        {needsValue ? (
          <div>
            <label htmlFor={`${ids}-value`} className="block text-sm font-medium text-slate-800">
              {needsValue}
            </label>
            <input
              id={`${ids}-value`}
              inputMode={kind === "price" || kind === "salePrice" ? "decimal" : "numeric"}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
              className={`${filterControl} w-28`}
            />
          </div>
        ) : null}
        <button type="button" className={buttonClass()} disabled={busy} onClick={apply}>
          {busy ? "Applying…" : `Apply to ${count} product${count === 1 ? "" : "s"}`}
        </button>
      </div>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
