// Stock per warehouse. Each count goes with the one the page showed, so a sale made meanwhile
// is not overwritten (the server answers that the stock changed). Back-in-stock mails go out
// when the shop's own warehouse has stock again.
import { AdminForm, SubmitButton, useFieldError } from "../ui/AdminForm";
import { Card } from "../ui/Page";
import type { AdminProduct } from "./ProductForm";

function LinesError() {
  const error = useFieldError("lines");
  return error ? <p className="text-sm font-medium text-red-700">{error}</p> : null;
}

export function ProductStock({ product, canWrite }: { product: AdminProduct; canWrite: boolean }) {
  return (
    <Card title="Stock">
      {product.stock.length === 0 ? (
        <p className="text-sm text-slate-700">The shop has no warehouses yet.</p>
      ) : (
        <AdminForm intent="stock" readOnly={!canWrite} aria-label="Stock per warehouse" className="space-y-3">
          <LinesError />
          {product.stock.map((line) => (
            <div key={line.warehouseId} className="flex flex-wrap items-end justify-between gap-2">
              <label htmlFor={`stock-${line.warehouseId}`} className="text-sm font-medium text-slate-800">
                {line.warehouse}
                {line.web ? (
                  <span className="block text-xs font-normal text-slate-600">Sold on the web shop</span>
                ) : null}
              </label>
              <input type="hidden" name={`was-${line.warehouseId}`} value={line.qty ?? ""} />
              <input
                id={`stock-${line.warehouseId}`}
                name={`stock-${line.warehouseId}`}
                inputMode="numeric"
                defaultValue={line.qty ?? ""}
                placeholder="0"
                className="w-28 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-right text-sm text-slate-900 focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700 disabled:bg-slate-100"
              />
            </div>
          ))}
          {canWrite ? (
            <div className="flex justify-end">
              <SubmitButton>Save stock</SubmitButton>
            </div>
          ) : null}
        </AdminForm>
      )}
    </Card>
  );
}

/** The stock form's lines: only warehouses whose count was typed or changed. */
export function readStockForm(
  form: FormData,
):
  | { ok: true; lines: { warehouseId: number; qty: number; was: number | null }[] }
  | { ok: false; message: string } {
  const lines: { warehouseId: number; qty: number; was: number | null }[] = [];
  for (const [key, value] of form.entries()) {
    const m = /^stock-(\d+)$/.exec(key);
    if (!m) continue;
    const warehouseId = Number(m[1]);
    const wasText = String(form.get(`was-${warehouseId}`) ?? "");
    const was = wasText === "" ? null : Number(wasText);
    const text = String(value).trim();
    if (text === "" && was === null) continue;
    const qty = text === "" ? 0 : Number(text);
    if (!Number.isInteger(qty) || qty < 0)
      return { ok: false, message: "Stock is a whole number of 0 or more." };
    if (qty !== was) lines.push({ warehouseId, qty, was });
  }
  return { ok: true, lines };
}
