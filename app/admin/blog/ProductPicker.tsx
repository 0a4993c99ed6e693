// The products a post recommends: search the catalogue by name or code (the product list's own
// endpoint), add up to BLOG_MAX_PRODUCTS, put them in order, remove them. The chosen ids travel
// in hidden `productIds` inputs, in their order.
import { useId, useState } from "react";
import { adminRoutes } from "../../../core/api/admin/routes";
import { BLOG_MAX_PRODUCTS } from "../../../core/blog";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { buttonClass, useFieldError } from "../ui/AdminForm";

export interface PickedProduct {
  id: number;
  code: string;
  name: string;
  picture: string | null;
  deleted?: boolean;
}

const small =
  "rounded border border-slate-300 bg-white px-2 py-0.5 text-sm text-slate-800 hover:bg-slate-100 disabled:opacity-50";

function Thumb({ src }: { src: string | null }) {
  return src ? (
    <img src={src} alt="" width={32} height={32} className="size-8 shrink-0 rounded object-cover" />
  ) : (
    <span className="size-8 shrink-0 rounded bg-slate-100" aria-hidden="true" />
  );
}

export function ProductPicker({ initial, readOnly }: { initial: PickedProduct[]; readOnly: boolean }) {
  const [chosen, setChosen] = useState<PickedProduct[]>(initial);
  const [q, setQ] = useState("");
  const [results, setResults] = useState<PickedProduct[] | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const error = useFieldError("productIds");
  const full = chosen.length >= BLOG_MAX_PRODUCTS;

  const search = async () => {
    const term = q.trim();
    if (!term) {
      setStatus("Type a product's name or code first.");
      return;
    }
    setBusy(true);
    try {
      const page = await callAdmin(adminRoutes.catalog.list, {
        query: { q: term.slice(0, 100), limit: 10, status: "active", sort: "name", dir: "asc" },
      });
      const found = page.products.map((p) => ({ id: p.id, code: p.code, name: p.name, picture: p.picture }));
      setResults(found);
      setStatus(
        found.length === 0
          ? `No product matches “${term}”.`
          : `${page.total} product${page.total === 1 ? "" : "s"} match “${term}”${page.total > found.length ? `; the first ${found.length} are shown` : ""}.`,
      );
    } catch (err) {
      setStatus(err instanceof AdminApiError ? err.message : "The search failed. Try again.");
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, by: -1 | 1) =>
    setChosen((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Related products</legend>
      <p className="text-xs text-slate-600">
        Shown under the post, in this order; up to {BLOG_MAX_PRODUCTS}.
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {chosen.map((p) => (
        <input key={p.id} type="hidden" name="productIds" value={p.id} />
      ))}
      {chosen.length > 0 ? (
        <ol className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
          {chosen.map((p, i) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 px-2 py-1.5 text-sm text-slate-800">
              <Thumb src={p.picture} />
              <span className="min-w-0 flex-1">
                {p.name} <span className="text-slate-600">({p.code})</span>
                {p.deleted ? (
                  <span className="ml-1 font-medium text-red-700">deleted from the shop</span>
                ) : null}
              </span>
              {readOnly ? null : (
                <span className="flex gap-1">
                  <button type="button" className={small} disabled={i === 0} onClick={() => move(i, -1)}>
                    <span aria-hidden="true">↑</span>
                    <span className="sr-only">Move {p.name} up</span>
                  </button>
                  <button
                    type="button"
                    className={small}
                    disabled={i === chosen.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                    <span className="sr-only">Move {p.name} down</span>
                  </button>
                  <button
                    type="button"
                    className={small}
                    onClick={() => setChosen((all) => all.filter((x) => x.id !== p.id))}
                  >
                    Remove<span className="sr-only"> {p.name}</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No related products.</p>
      )}
      {readOnly ? null : (
        <div className="mt-3">
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
            Find a product by name or code
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id={`${id}-q`}
              type="search"
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter searches; it would otherwise submit the post's form.
                if (e.key === "Enter") {
                  e.preventDefault();
                  void search();
                }
              }}
              maxLength={100}
              autoComplete="off"
              className="block w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
            />
            <button type="button" className={buttonClass("secondary")} onClick={search} disabled={busy}>
              {busy ? "Searching…" : "Search"}
            </button>
          </div>
          <p role="status" className="mt-1 text-xs text-slate-700">
            {full ? `The post has ${BLOG_MAX_PRODUCTS} products, the most it can show.` : status}
          </p>
          {results && results.length > 0 ? (
            <ul
              className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200"
              aria-label="Search results"
            >
              {results.map((p) => {
                const added = chosen.some((c) => c.id === p.id);
                return (
                  <li key={p.id} className="flex items-center gap-2 px-2 py-1.5 text-sm text-slate-800">
                    <Thumb src={p.picture} />
                    <span className="min-w-0 flex-1">
                      {p.name} <span className="text-slate-600">({p.code})</span>
                    </span>
                    <button
                      type="button"
                      className={small}
                      disabled={added || full}
                      onClick={() => setChosen((all) => [...all, p])}
                    >
                      {added ? "Added" : "Add"}
                      <span className="sr-only"> {p.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
