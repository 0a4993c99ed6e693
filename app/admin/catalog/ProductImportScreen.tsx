// The catalogue import screen (issue 22). Choose a CSV, "Check file" (a dry run on the server:
// every row, the database's checks too; nothing is written), then "Import" (the same file, checked
// again, written in one transaction). The file's rules are in core/integration/csv-catalogue.ts
// and docs/catalogue-import.md; this screen only uploads.
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { MAX_UPLOAD_BYTES } from "../../../core/admin/catalog";
import type { CatalogueImportResultSchema } from "../../../core/api/admin/catalog";
import { adminRoutes } from "../../../core/api/admin/routes";
import type { CatalogueColumn } from "../../../core/integration/csv-catalogue";
import { AdminApiError, adminJson } from "../lib/admin-api";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { Card, PageHeader } from "../ui/Page";

type ImportResult = z.output<typeof CatalogueImportResultSchema>;

/** Every column of the file (the type keeps this list equal to the parser's). */
const COLUMNS: Record<CatalogueColumn, string> = {
  code: "Required. The product's code; an existing code updates that product.",
  name: "The product name.",
  slug: "Web address (lower-case, hyphens). Empty: made from the name.",
  short_description: "One or two sentences.",
  long_description_html: "The product page's text, in HTML.",
  price: "Euros with VAT: 12.50 or 12,50.",
  sale_price: "Euros, lower than the price. Empty: no sale.",
  vat_rate: "Whole percent, e.g. 19. Empty: the shop's rate.",
  weight_grams:
    "Packed weight of one unit in whole grams, e.g. 120 (delivery is priced by it). Empty: unchanged.",
  categories: "Category codes separated by |, e.g. EL-FRUIT|EL-SALT.",
  brand: "A brand code. Empty: no brand.",
  new: "yes or no (also true/false, 1/0). Empty: no.",
  top: "yes or no. Empty: no.",
  hot: "yes or no. Empty: no.",
  popup_ad: "yes or no. Empty: no.",
  video_url: "An https YouTube or Vimeo link.",
  active: "yes or no: no takes it off the shop. Empty: yes.",
  variant_group: "Products with the same group are shown as options of each other.",
  variant_label: "This product's option name within its group, e.g. 12 mg.",
  pictures: "Picture addresses separated by |. Empty: pictures stay as they are.",
  stock: "Whole number in the shop's warehouse. Empty: unchanged.",
  name_el: "The name in Greek. Empty: not translated (the English shows).",
  short_description_el: "The short description in Greek. Empty: the English shows.",
  long_description_html_el: "The product page's text in Greek, in HTML. Empty: the English shows.",
  regulatory_class:
    "general, nicotine_liquid, nicotine_free_liquid, device, tank or accessory. Empty: unchanged (new: general).",
  nicotine_mg_ml: "Nicotine in mg/ml, at most 20, e.g. 6 or 1.5. Empty: none.",
  volume_ml: "Container volume in ml; a nicotine liquid at most 10. Empty: none.",
  tank_ml: "Tank, pod or cartridge capacity in ml, at most 2. Empty: none.",
  ec_id: "EU notification number, e.g. 01234-16-00001. Required for a nicotine liquid.",
  manufacturer: "A manufacturer's code. Empty: the brand's.",
  responsible_person: "The EU responsible person's code. Empty: the brand's.",
  warnings: "Warning codes separated by |: keepAwayFromChildren, adultsOnly, pregnancy, battery, flammable.",
};

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

type Step =
  | { kind: "idle" }
  | { kind: "busy"; label: string }
  | { kind: "problem"; message: string }
  | { kind: "invalid"; result: ImportResult }
  | { kind: "checked"; result: ImportResult }
  | { kind: "imported"; result: ImportResult };

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-IE")} ${n === 1 ? one : many}`;

async function send(route: { path: string }, file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append("file", file);
  try {
    return await adminJson<ImportResult>(route.path, { method: "POST", body });
  } catch (err) {
    // The import answers a refused file with 400 and the same result in `details`.
    const details =
      err instanceof AdminApiError ? (err.body as { details?: ImportResult }).details : undefined;
    if (details && details.status === "invalid") return details;
    throw err;
  }
}

export function ProductImportScreen() {
  const can = useCan();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const ids = useId();
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;

  const run = async (dryRun: boolean) => {
    if (!file) return setStep({ kind: "problem", message: "Choose a CSV file first." });
    if (file.size > MAX_UPLOAD_BYTES)
      return setStep({
        kind: "problem",
        message: `The file is larger than ${MAX_MB} MB. Split it into smaller files, or ask for it to be imported on the server (npm run import).`,
      });
    setStep({ kind: "busy", label: dryRun ? "Checking the file…" : "Importing…" });
    try {
      const route = dryRun ? adminRoutes.catalog.checkImport : adminRoutes.catalog.runImport;
      const result = await send(route, file);
      setStep(
        result.status === "invalid"
          ? { kind: "invalid", result }
          : result.status === "checked"
            ? { kind: "checked", result }
            : { kind: "imported", result },
      );
    } catch (err) {
      setStep({
        kind: "problem",
        message:
          err instanceof AdminApiError ? err.message : "The shop's server could not be reached. Try again.",
      });
    }
  };

  if (!can("catalog.write")) {
    return (
      <>
        <PageHeader title="Import products" back={{ to: "/admin/products", label: "Products" }} />
        <p className="text-sm text-slate-700">Your role cannot change the catalogue.</p>
      </>
    );
  }

  const busy = step.kind === "busy";
  const fileProblem = step.kind === "problem" ? step.message : null;
  return (
    <>
      <PageHeader title="Import products" back={{ to: "/admin/products", label: "Products" }}>
        Add or update many products at once from a CSV file. Nothing is written until every row is right; then
        the whole file is imported together.
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="min-w-0 space-y-6">
          <Card title="1. Choose the file">
            <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-800">
              Catalogue file (CSV)
            </label>
            <input
              ref={fileRef}
              id={`${ids}-file`}
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={fileProblem ? `${hintId} ${errorId}` : hintId}
              aria-invalid={fileProblem ? true : undefined}
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setStep({ kind: "idle" });
              }}
              className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            <p id={hintId} className="mt-1 text-xs text-slate-600">
              UTF-8 text with a header row, commas between fields, at most {MAX_MB} MB. Spreadsheets: save as
              “CSV UTF-8”.
            </p>
            {fileProblem ? (
              <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
                {fileProblem}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap gap-3">
              <button
                type="button"
                className={buttonClass("secondary")}
                disabled={busy}
                onClick={() => run(true)}
              >
                Check file
              </button>
            </div>
          </Card>

          <div aria-live="polite" className="space-y-6">
            {step.kind === "busy" ? <p className="text-sm text-slate-700">{step.label}</p> : null}
            {step.kind === "invalid" ? <Problems result={step.result} /> : null}
            {step.kind === "checked" ? (
              <Card title="2. Import">
                <p className="text-sm text-slate-800">
                  The file is ready: {plural(step.result.created, "new product")},{" "}
                  {plural(step.result.updated, "product")} updated,{" "}
                  {step.result.unchanged.toLocaleString("en-IE")} unchanged.
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  Pictures named by address are fetched during the import, not during the check.
                </p>
                <button
                  type="button"
                  className={`${buttonClass()} mt-4`}
                  disabled={busy}
                  onClick={() => run(false)}
                >
                  Import
                </button>
              </Card>
            ) : null}
            {step.kind === "imported" ? (
              <div
                role="status"
                className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
              >
                <p className="font-semibold">
                  Imported {plural(step.result.rowCount, "row")}:{" "}
                  {step.result.created.toLocaleString("en-IE")} created,{" "}
                  {step.result.updated.toLocaleString("en-IE")} updated,{" "}
                  {step.result.unchanged.toLocaleString("en-IE")} unchanged.
                </p>
                <p className="mt-1">
                  <Link to="/admin/products" className="font-medium text-indigo-800 underline">
                    See the products
                  </Link>
                </p>
              </div>
            ) : null}
          </div>
        </div>

        <Card title="Columns">
          <p className="text-sm text-slate-700">
            The first row names the columns, in any order; only <code>code</code> is required. A column left
            out keeps what each product has. Variants and price-list prices are set through the integration
            API.
          </p>
          <dl className="mt-3 space-y-2 text-sm">
            {Object.entries(COLUMNS).map(([name, text]) => (
              <div key={name}>
                <dt className="font-mono text-xs font-semibold text-slate-900">{name}</dt>
                <dd className="text-slate-700">{text}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  );
}

function Problems({ result }: { result: ImportResult }) {
  const more = result.errorCount - result.errors.length;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">
        {plural(result.errorCount, "problem")} in the file; nothing was imported. Fix the rows and check
        again.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
        {result.errors.map((e) => (
          <li key={`${e.line}-${e.column}-${e.message}`}>
            <span className="font-medium">
              line {e.line}
              {e.column ? `, ${e.column}` : ""}:
            </span>{" "}
            {e.message}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-2">… and {plural(more, "more problem")}.</p> : null}
    </div>
  );
}
