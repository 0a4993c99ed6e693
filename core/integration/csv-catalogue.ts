// A catalogue file (issue 22, "Import from a file"): the documented CSV header, each row turned
// into the ERP's product input (core/integration/products.ts), and every problem reported as
// "line 17, price: Enter the price." with the file's own line numbers (the header is line 1) and
// the column's name. Pure: the caller reads the file (services/integration/catalogue-import.ts).
// docs/catalogue-import.md documents the columns; keep the two in step.
import { parse } from "csv-parse/sync";
import { MAX_UPLOAD_BYTES } from "../admin/catalog";
import { parseEuroInput } from "../checkout";
import { type ErpProduct, ErpProductInput } from "./products";

/** The columns a catalogue file may have, in the order the sample file uses. Only `code` is required. */
export const CATALOGUE_COLUMNS = [
  "code",
  "name",
  "slug",
  "short_description",
  "long_description_html",
  "price",
  "sale_price",
  "vat_rate",
  "weight_grams",
  "categories",
  "brand",
  "new",
  "top",
  "hot",
  "popup_ad",
  "video_url",
  "active",
  "variant_group",
  "variant_label",
  "pictures",
  "stock",
  "name_el",
  "short_description_el",
  "long_description_html_el",
  // Compliance (docs/decisions/0058)
  "regulatory_class",
  "nicotine_mg_ml",
  "volume_ml",
  "tank_ml",
  "ec_id",
  "manufacturer",
  "responsible_person",
  "warnings",
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** More rows than this is refused as a whole (the import is one transaction). */
export const MAX_CATALOGUE_ROWS = 100_000;
/** The back office's upload limit for a file (the limit of every upload under /admin/api/uploads). */
export const MAX_CATALOGUE_BYTES = MAX_UPLOAD_BYTES;
/** How many problems are listed; the rest are counted. */
export const MAX_LISTED_ERRORS = 200;
/** Separates category codes and picture addresses inside one cell. */
export const LIST_SEPARATOR = "|";

/** One problem: `line` of the file (1 = the header), `column` null when the whole line or file is at fault. */
export interface RowError {
  line: number;
  column: string | null;
  message: string;
}

export interface CatalogueRow {
  line: number;
  product: ErpProduct;
}

export interface ParsedCatalogue {
  /** Data rows read (empty lines not counted). */
  rowCount: number;
  /** The rows that passed every check, in file order. Written only when `errors` is empty. */
  rows: CatalogueRow[];
  /** Every problem, in file order. */
  errors: RowError[];
}

/** "line 17, price: Enter the price." */
export function formatRowError(e: RowError): string {
  return e.column ? `line ${e.line}, ${e.column}: ${e.message}` : `line ${e.line}: ${e.message}`;
}

/** The first MAX_LISTED_ERRORS problems as text, and a last line saying how many more there are. */
export function listRowErrors(errors: readonly RowError[], max = MAX_LISTED_ERRORS): string[] {
  const lines = errors.slice(0, max).map(formatRowError);
  if (errors.length > max) lines.push(`... and ${errors.length - max} more.`);
  return lines;
}

/** The Greek columns: `translations.el.<field>` of the ERP input. */
const TRANSLATED: Record<
  string,
  { lang: string; field: keyof NonNullable<ErpProduct["translations"]>[string] }
> = {
  name_el: { lang: "el", field: "name" },
  short_description_el: { lang: "el", field: "shortDescription" },
  long_description_html_el: { lang: "el", field: "longDescriptionHtml" },
};
type TranslatedColumn = "name_el" | "short_description_el" | "long_description_html_el";

/** The ERP input's field for each column (error paths from the upsert are mapped back with it). */
const FIELD_OF: Record<Exclude<CatalogueColumn, TranslatedColumn>, keyof ErpProduct> = {
  code: "code",
  name: "name",
  slug: "slug",
  short_description: "shortDescription",
  long_description_html: "longDescriptionHtml",
  price: "priceCents",
  sale_price: "salePriceCents",
  vat_rate: "vatRate",
  weight_grams: "weightGrams",
  categories: "categoryCodes",
  brand: "brandCode",
  new: "isNew",
  top: "isTop",
  hot: "isHot",
  popup_ad: "popupAd",
  video_url: "videoUrl",
  active: "active",
  variant_group: "variantGroup",
  variant_label: "variantLabel",
  pictures: "pictures",
  stock: "stock",
  regulatory_class: "regulatoryClass",
  nicotine_mg_ml: "nicotineMgPerMl",
  volume_ml: "volumeMl",
  tank_ml: "tankCapacityMl",
  ec_id: "ecId",
  manufacturer: "manufacturerCode",
  responsible_person: "responsiblePersonCode",
  warnings: "warnings",
};
const COLUMN_OF = new Map<string, CatalogueColumn>(
  Object.entries(FIELD_OF).map(([column, field]) => [field, column as CatalogueColumn]),
);

/**
 * The column an ERP input path names ("priceCents" -> "price", "categoryCodes.2" -> "categories",
 * "translations.el.name" -> "name_el"; a refused language, "translations.el", -> "*_el").
 * Paths the file cannot set (variants, price lists) keep their own name.
 */
export function columnOfPath(path: string): string | null {
  const [head = "", lang, field] = path.split(".");
  if (head === "") return null;
  if (head === "translations" && lang !== undefined) {
    const column = Object.entries(TRANSLATED).find(([, t]) => t.lang === lang && t.field === field)?.[0];
    return column ?? `*_${lang}`;
  }
  return COLUMN_OF.get(head) ?? head;
}

/** Puts a cell's value in the ERP input: a Greek column into translations.el. */
function setField(input: Record<string, unknown>, column: CatalogueColumn, v: unknown): void {
  const t = TRANSLATED[column];
  if (!t) {
    input[FIELD_OF[column as Exclude<CatalogueColumn, TranslatedColumn>]] = v;
    return;
  }
  const translations = (input.translations ?? {}) as Record<string, Record<string, unknown>>;
  translations[t.lang] = { ...translations[t.lang], [t.field]: v };
  input.translations = translations;
}

const FLAG_VALUES: Record<string, boolean> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  "1": true,
  "0": false,
  y: true,
  n: false,
};

type Cell = { ok: true; value: unknown } | { ok: true; skip: true } | { ok: false; message: string };
const value = (v: unknown): Cell => ({ ok: true, value: v });
const skip: Cell = { ok: true, skip: true };
const bad = (message: string): Cell => ({ ok: false, message });

function flag(text: string, empty: boolean): Cell {
  if (text === "") return value(empty);
  const v = FLAG_VALUES[text.toLowerCase()];
  return v === undefined ? bad("Write yes or no (also true/false, 1/0).") : value(v);
}

function euros(text: string, label: string): Cell {
  const cents = parseEuroInput(text);
  return cents === null
    ? bad(`Write the ${label} in euros, like 12.50 or 12,50 (no currency sign).`)
    : value(cents);
}

function list(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * One cell to the input's value. An empty cell means: no sale price, brand, video, group or label;
 * no categories; flags no; active yes; text fields emptied. Empty slug, VAT rate, pictures and stock
 * leave the field out (a new product: slug from the name, the store's VAT rate, no pictures, no stock;
 * an existing one keeps what it has). An empty name or price is an error. An empty Greek cell
 * (name_el ...) means not translated: the English shows, as an empty English text is emptied.
 */
function cell(column: CatalogueColumn, given: string): Cell {
  const raw = undefuse(given);
  const text = column === "long_description_html" || column === "long_description_html_el" ? raw : raw.trim();
  switch (column) {
    case "code":
      return text === "" ? bad("Enter the product code.") : value(text);
    case "name":
      return text === "" ? bad("Enter the product name.") : value(text);
    case "slug":
      return text === "" ? skip : value(text);
    case "short_description":
      return value(text);
    case "long_description_html":
      return value(text);
    case "price":
      return text === "" ? bad("Enter the price.") : euros(text, "price");
    case "sale_price":
      return text === "" ? value(null) : euros(text, "sale price");
    case "vat_rate": {
      if (text === "") return skip;
      const m = /^(\d{1,3})\s*%?$/.exec(text);
      return m ? value(Number(m[1])) : bad("Write the VAT rate as a whole percent, like 19.");
    }
    case "weight_grams": {
      // Empty: an existing product keeps its weight; a new one is refused ("Enter the weight in grams").
      if (text === "") return skip;
      const m = /^(\d{1,9})\s*(g)?$/i.exec(text);
      return m ? value(Number(m[1])) : bad("Write the weight as whole grams, like 120.");
    }
    case "categories":
      return value(list(text));
    case "brand":
      return value(text === "" ? null : text);
    case "new":
    case "top":
    case "hot":
    case "popup_ad":
      return flag(text, false);
    case "active":
      return flag(text, true);
    case "video_url":
    case "variant_group":
    case "variant_label":
      return value(text === "" ? null : text);
    case "pictures":
      return text === "" ? skip : value(list(text).map((url) => ({ url })));
    case "stock": {
      if (text === "") return skip;
      return /^\d{1,8}$/.test(text)
        ? value(Number(text))
        : bad("Write the stock as a whole number, 0 or more.");
    }
    case "regulatory_class":
      return text === "" ? skip : value(text);
    case "nicotine_mg_ml":
    case "volume_ml":
    case "tank_ml": {
      if (text === "") return value(null);
      const m = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text);
      return m
        ? value(Number(`${m[1]}.${m[2] ?? "0"}`))
        : bad("Write a number like 2 or 1.5 (no unit), or leave it empty.");
    }
    case "ec_id":
    case "manufacturer":
    case "responsible_person":
      return value(text === "" ? null : text);
    case "warnings":
      return value(list(text));
    case "name_el":
    case "short_description_el":
      return value(text === "" ? null : text);
    case "long_description_html_el":
      return value(text.trim() === "" ? null : text);
  }
}

/**
 * A cell as written before an exporter defused it: our export (and core/csv.ts) puts an apostrophe
 * before a cell a spreadsheet would run as a formula (= + - @, a tab or a carriage return), so the
 * file opens safely; reading it back takes the apostrophe off, so an export imports unchanged.
 */
function undefuse(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A product as the export writes it: what each column of the file holds. */
export interface CatalogueProduct {
  code: string;
  name: string;
  slug: string;
  shortDesc: string;
  longDescHtml: string;
  priceCents: number;
  salePriceCents: number | null;
  vatRate: number;
  /** Grams per unit; null: never weighed (the cell is left empty). */
  weightGrams: number | null;
  categoryCodes: string[];
  brandCode: string | null;
  isNew: boolean;
  isTop: boolean;
  isHot: boolean;
  popupAd: boolean;
  videoUrl: string | null;
  active: boolean;
  variantGroup: string | null;
  variantLabel: string | null;
  /** The addresses the pictures were imported from; empty: the cell is left empty (pictures kept). */
  pictureSources: string[];
  /** The store warehouse's stock; null: no stock row (the cell is left empty). */
  stock: number | null;
  el: { name: string | null; shortDesc: string | null; longDescHtml: string | null } | null;
  /** The compliance columns; absent: written empty. */
  compliance?: {
    regulatoryClass: string;
    nicotineMgPerMl: number | null;
    volumeMl: number | null;
    tankCapacityMl: number | null;
    ecId: string | null;
    manufacturerCode: string | null;
    responsiblePersonCode: string | null;
    warnings: string[];
  };
}

const measureCell = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

const euroCell = (cents: number) => (cents / 100).toFixed(2);
const yesNo = (v: boolean) => (v ? "yes" : "no");

/**
 * One product as the cells of a catalogue file, in CATALOGUE_COLUMNS' order, written so that
 * parseCatalogueCsv reads back exactly the product (docs/catalogue-import.md).
 */
export function catalogueCells(p: CatalogueProduct): string[] {
  const cells: Record<CatalogueColumn, string> = {
    code: p.code,
    name: p.name,
    slug: p.slug,
    short_description: p.shortDesc,
    long_description_html: p.longDescHtml,
    price: euroCell(p.priceCents),
    sale_price: p.salePriceCents === null ? "" : euroCell(p.salePriceCents),
    vat_rate: String(p.vatRate),
    weight_grams: p.weightGrams === null ? "" : String(p.weightGrams),
    categories: p.categoryCodes.join(LIST_SEPARATOR),
    brand: p.brandCode ?? "",
    new: yesNo(p.isNew),
    top: yesNo(p.isTop),
    hot: yesNo(p.isHot),
    popup_ad: yesNo(p.popupAd),
    video_url: p.videoUrl ?? "",
    active: yesNo(p.active),
    variant_group: p.variantGroup ?? "",
    variant_label: p.variantLabel ?? "",
    pictures: p.pictureSources.join(LIST_SEPARATOR),
    stock: p.stock === null ? "" : String(p.stock),
    name_el: p.el?.name ?? "",
    short_description_el: p.el?.shortDesc ?? "",
    long_description_html_el: p.el?.longDescHtml ?? "",
    regulatory_class: p.compliance?.regulatoryClass ?? "",
    nicotine_mg_ml: measureCell(p.compliance?.nicotineMgPerMl),
    volume_ml: measureCell(p.compliance?.volumeMl),
    tank_ml: measureCell(p.compliance?.tankCapacityMl),
    ec_id: p.compliance?.ecId ?? "",
    manufacturer: p.compliance?.manufacturerCode ?? "",
    responsible_person: p.compliance?.responsiblePersonCode ?? "",
    warnings: (p.compliance?.warnings ?? []).join(LIST_SEPARATOR),
  };
  return CATALOGUE_COLUMNS.map((c) => cells[c]);
}

/** Where a record starts: csv-parse counts the line it ends on; quoted fields may hold line breaks. */
function startLine(endLine: number, record: readonly string[]): number {
  let breaks = 0;
  for (const field of record)
    for (let i = field.indexOf("\n"); i !== -1; i = field.indexOf("\n", i + 1)) breaks++;
  return endLine - breaks;
}

/**
 * Reads a catalogue file's text (UTF-8, comma-separated, quotes per RFC 4180, a byte-order mark
 * allowed) and checks every row. Every row is checked, so the list of errors is complete; the rows
 * are for writing only when it is empty. Problems the database finds (unknown category or brand
 * codes) come later, from the upsert, through `columnOfPath`.
 */
export function parseCatalogueCsv(text: string): ParsedCatalogue {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    const line = typeof e.lines === "number" ? e.lines : 1;
    // csv-parse names the character and the line; the first clause is the useful part.
    const detail = String(e.message ?? "unreadable").split(":")[0];
    return {
      rowCount: 0,
      rows: [],
      errors: [
        { line, column: null, message: `The file is not valid CSV here (${detail}). Check the quotes.` },
      ],
    };
  }
  const [head, ...data] = records;
  if (!head || head.record.every((h) => h.trim() === "")) {
    return {
      rowCount: 0,
      rows: [],
      errors: [{ line: 1, column: null, message: "The file is empty: it needs a header row." }],
    };
  }
  const headerLine = startLine(head.info.lines, head.record);
  const header = head.record.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_COLUMNS);
  const errors: RowError[] = [];
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length > 0) {
    errors.push({
      line: headerLine,
      column: null,
      message: `Unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.map((u) => (u === "" ? "(empty)" : u)).join(", ")}. The columns are: ${CATALOGUE_COLUMNS.join(", ")}.`,
    });
  }
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) twice.add(h);
    seen.add(h);
  }
  if (twice.size > 0) {
    errors.push({ line: headerLine, column: null, message: `Column named twice: ${[...twice].join(", ")}.` });
  }
  if (!header.includes("code")) {
    errors.push({
      line: headerLine,
      column: null,
      message: "The header has no code column (it is required).",
    });
  }
  if (errors.length > 0) return { rowCount: data.length, rows: [], errors };
  if (data.length === 0) {
    return {
      rowCount: 0,
      rows: [],
      errors: [{ line: headerLine, column: null, message: "The file has no rows under its header." }],
    };
  }
  if (data.length > MAX_CATALOGUE_ROWS) {
    return {
      rowCount: data.length,
      rows: [],
      errors: [
        {
          line: headerLine,
          column: null,
          message: `The file has ${data.length} rows; at most ${MAX_CATALOGUE_ROWS} are imported at once. Split it.`,
        },
      ],
    };
  }

  const columns = header as CatalogueColumn[];
  const rows: CatalogueRow[] = [];
  const codeLines = new Map<string, number>();
  const slugLines = new Map<string, number>();
  for (const { record, info } of data) {
    const line = startLine(info.lines, record);
    if (record.length !== columns.length) {
      errors.push({
        line,
        column: null,
        message: `This row has ${record.length} fields; the header has ${columns.length}. Quote fields that hold commas.`,
      });
      continue;
    }
    const input: Record<string, unknown> = {};
    const rowErrors: RowError[] = [];
    columns.forEach((column, i) => {
      const c = cell(column, record[i] ?? "");
      if (!c.ok) rowErrors.push({ line, column, message: c.message });
      else if (!("skip" in c)) setField(input, column, c.value);
    });
    // A repeated code is an error on its later line, whether or not the first line was valid.
    if (typeof input.code === "string") {
      const first = codeLines.get(input.code);
      if (first !== undefined)
        rowErrors.push({
          line,
          column: "code",
          message: `The code ${input.code} is already on line ${first}.`,
        });
      else codeLines.set(input.code, line);
    }
    if (typeof input.slug === "string") {
      const first = slugLines.get(input.slug);
      if (first !== undefined)
        rowErrors.push({
          line,
          column: "slug",
          message: `The web address ${input.slug} is already on line ${first}.`,
        });
      else slugLines.set(input.slug, line);
    }
    const checked = ErpProductInput.safeParse(input);
    if (!checked.success) {
      const flagged = new Set(rowErrors.map((e) => e.column));
      for (const issue of checked.error.issues) {
        const column = columnOfPath(issue.path.map(String).join("."));
        // A cell that could not be read is reported once, as the cell's own problem.
        if (column !== null && flagged.has(column)) continue;
        rowErrors.push({ line, column, message: issue.message });
        if (column !== null) flagged.add(column);
      }
    }
    if (rowErrors.length > 0 || !checked.success) {
      errors.push(...rowErrors);
      continue;
    }
    const product = checked.data as ErpProduct;
    rows.push({ line, product });
  }
  return { rowCount: data.length, rows, errors };
}
