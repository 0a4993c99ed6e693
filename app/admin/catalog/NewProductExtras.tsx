// What the new product's form adds to the details, so a product is made in one sitting: whether
// it goes to the shop at once or stays a draft, its stock per warehouse and its pictures (several
// at once). The page's action creates the product (as a draft while its pictures upload), uploads
// the pictures in order, then publishes it when asked (docs/decisions/0047).
import { useFieldError } from "../ui/AdminForm";
import { Card } from "../ui/Page";
import { PictureDrop, pictureFiles, pictureProblem } from "./PictureDrop";
import type { ProductOptions } from "./ProductForm";

const box =
  "w-28 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-right text-sm text-slate-900 focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700";

export function NewProductExtras({ options }: { options: ProductOptions }) {
  const stockError = useFieldError("stock");
  const picturesError = useFieldError("pictures");
  return (
    <>
      <Card title="Pictures">
        <PictureDrop id="new-pictures" name="pictures" label="Pictures" error={picturesError} />
      </Card>
      {options.warehouses.length > 0 ? (
        <Card title="Stock">
          <div className="space-y-3">
            {stockError ? <p className="text-sm font-medium text-red-700">{stockError}</p> : null}
            {options.warehouses.map((w) => (
              <div key={w.id} className="flex flex-wrap items-end justify-between gap-2">
                <label htmlFor={`new-stock-${w.id}`} className="text-sm font-medium text-slate-800">
                  {w.name}
                  {w.web ? (
                    <span className="block text-xs font-normal text-slate-600">Sold on the web shop</span>
                  ) : null}
                </label>
                <input
                  id={`new-stock-${w.id}`}
                  name={`stock-${w.id}`}
                  inputMode="numeric"
                  placeholder="0"
                  className={box}
                />
              </div>
            ))}
          </div>
        </Card>
      ) : null}
      <Card title="Shop">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">When it is saved</legend>
          <div className="mt-2 space-y-2 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="state"
                value="published"
                defaultChecked
                className="size-4 accent-indigo-700"
              />
              Publish: the shop shows it at once
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="state" value="draft" className="size-4 accent-indigo-700" />
              Save as a draft: hidden from the shop until you publish it
            </label>
          </div>
        </fieldset>
      </Card>
    </>
  );
}

export interface NewProductExtrasInput {
  state: "published" | "draft";
  stock: { warehouseId: number; qty: number }[];
  pictures: File[];
}

/** The extras of the new product's form, or the fields they got wrong. */
export function readNewProductExtras(
  form: FormData,
): { ok: true; value: NewProductExtrasInput } | { ok: false; fields: Record<string, string> } {
  const stock: { warehouseId: number; qty: number }[] = [];
  for (const [key, value] of form.entries()) {
    const m = /^stock-(\d+)$/.exec(key);
    const text = String(value).trim();
    if (!m || text === "") continue;
    const qty = Number(text);
    if (!Number.isInteger(qty) || qty < 0)
      return { ok: false, fields: { stock: "Stock is a whole number of 0 or more." } };
    stock.push({ warehouseId: Number(m[1]), qty });
  }
  const pictures = pictureFiles(form.getAll("pictures").filter((f): f is File => f instanceof File));
  const problem = pictureProblem(pictures);
  if (problem) return { ok: false, fields: { pictures: problem } };
  return {
    ok: true,
    value: { state: form.get("state") === "draft" ? "draft" : "published", stock, pictures },
  };
}
