// Stock per warehouse of the product (or of the chosen related variant).
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import type { WarehouseStock as WarehouseRow } from "../../../core/api/products";
import { routes } from "../../../core/api/routes";
import { ApiError, callApi } from "../../lib/api-client";

export type { WarehouseRow };

/** Loads the warehouse list of `productId` (skips the fetch when `initial` is for that id). */
export function useWarehouses(
  productId: number | null,
  initial?: { productId: number; rows: WarehouseRow[] },
) {
  const [state, setState] = useState<{ productId: number; rows: WarehouseRow[] } | null>(initial ?? null);
  useEffect(() => {
    if (productId === null) return;
    if (state?.productId === productId) return;
    const controller = new AbortController();
    callApi(routes.products.warehouses, { params: { id: productId } }, { signal: controller.signal })
      .then((body) => setState({ productId, rows: body.warehouses }))
      // The server answered no: no rows. Aborted or offline: nothing to show yet.
      .catch((err) => {
        if (err instanceof ApiError) setState({ productId, rows: [] });
      });
    return () => controller.abort();
  }, [productId, state?.productId]);
  return state && state.productId === productId ? state.rows : null;
}

export function WarehouseStock({ rows }: { rows: WarehouseRow[] | null }) {
  const t = useTranslations("Product");
  if (!rows || rows.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200" data-testid="warehouse-stock">
      <h3 className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t("stockPerStore")}
      </h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map((w) => (
          <li key={w.warehouseId} className="flex items-center justify-between gap-3 px-4 py-2">
            {/* The name and its badge are two boxes with a gap (and a space for the text
                itself), so a long name wraps instead of running into the badge. */}
            <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
              <span className="min-w-0 break-words" data-testid="warehouse-name">
                {w.name}
              </span>
              {w.main ? (
                <>
                  {" "}
                  <span className="shrink-0 rounded bg-brand/10 px-1.5 py-0.5 text-[11px] font-medium text-brand-dark">
                    {t("warehouseOnline")}
                  </span>
                </>
              ) : null}
            </span>
            <span className={`shrink-0 font-medium ${w.qty > 0 ? "text-emerald-700" : "text-slate-600"}`}>
              {w.qty > 0 ? t("warehouseInStock", { qty: w.qty }) : t("warehouseOutOfStock")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
