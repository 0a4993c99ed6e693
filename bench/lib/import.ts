// The bench's catalogue writes (issue 22): N products sent to the integration API's batch endpoint
// (requests of up to 1,000), and an N-row catalogue file imported with `npm run import`'s script.
// The products are generated here, believable and distinct (codes `<prefix>-00001` ...), in the
// demo stores' categories and brands; no large file is committed.
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import pg from "pg";
import { type Child, startChild } from "./proc";

const CATEGORIES = ["EL-FRUIT", "EL-DESSERT", "EL-MENTHOL", "EL-SALT", "DV-POD", "TC-COILS", "AC-DRIP"];
const BRANDS = ["ORBITEK", "KESTRELLE", "VOLTAFORGE", "HALCYON", "NIMBORA"];
const FLAVOURS = [
  "Mango Ice",
  "Blue Razz",
  "Strawberry Kiwi",
  "Cola Lime",
  "Vanilla Custard",
  "Menthol",
  "Peach",
];
const SIZES = ["10 ml", "50 ml", "100 ml"];

export interface BenchProduct {
  code: string;
  name: string;
  shortDescription: string;
  priceCents: number;
  salePriceCents: number | null;
  vatRate: number;
  categoryCodes: string[];
  brandCode: string;
  isNew: boolean;
  stock: number;
}

/** Product i of a generated catalogue (0-based). */
export function benchProduct(prefix: string, i: number): BenchProduct {
  const flavour = FLAVOURS[i % FLAVOURS.length] as string;
  const size = SIZES[i % SIZES.length] as string;
  const priceCents = 390 + (i % 40) * 50;
  return {
    code: `${prefix}-${String(i + 1).padStart(5, "0")}`,
    // Distinct from every other run's names: a name another product has makes the upsert look for
    // a free web address (name-2, name-3 ...), which is not what a new catalogue costs.
    name: `${flavour} ${size} ${prefix} ${i + 1}`,
    shortDescription: `${flavour}, ${size}, from the bench's generated catalogue.`,
    priceCents,
    salePriceCents: i % 5 === 0 ? priceCents - 100 : null,
    vatRate: 19,
    categoryCodes: [CATEGORIES[i % CATEGORIES.length] as string],
    brandCode: BRANDS[i % BRANDS.length] as string,
    isNew: i % 7 === 0,
    stock: i % 30,
  };
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const quote = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A catalogue file of `count` products (docs/catalogue-import.md). */
export function benchCatalogueCsv(prefix: string, count: number): string {
  const lines = ["code,name,short_description,price,sale_price,vat_rate,categories,brand,new,stock"];
  for (let i = 0; i < count; i++) {
    const p = benchProduct(prefix, i);
    lines.push(
      [
        p.code,
        quote(p.name),
        quote(p.shortDescription),
        euros(p.priceCents),
        p.salePriceCents === null ? "" : euros(p.salePriceCents),
        String(p.vatRate),
        p.categoryCodes.join("|"),
        p.brandCode,
        p.isNew ? "yes" : "no",
        String(p.stock),
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

export interface WriteTiming {
  seconds: number;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Set when the run did not complete; the row is then reported as missed. */
  error?: string;
}

/** Gives the store a fresh API key (its sha256 in the control database) and answers the key. */
async function giveApiKey(controlUrl: string, storeId: string): Promise<string> {
  const key = randomBytes(24).toString("hex");
  const client = new pg.Client({ connectionString: controlUrl });
  await client.connect();
  try {
    await client.query("update stores set api_key_hash = $1 where id = $2", [
      createHash("sha256").update(key).digest("hex"),
      storeId,
    ]);
  } finally {
    await client.end();
  }
  return key;
}

/**
 * `count` products through POST /api/v1/integration/products/batch, `perRequest` at a time, one
 * request after another (an ERP's sync loop). The clock runs from the first request to the last answer.
 */
export async function timeIntegrationBatch(opts: {
  baseUrl: string;
  host: string;
  controlUrl: string;
  storeId: string;
  prefix: string;
  count: number;
  perRequest: number;
}): Promise<WriteTiming> {
  const key = await giveApiKey(opts.controlUrl, opts.storeId);
  const headers = {
    host: opts.host,
    "x-api-key": key,
    "content-type": "application/json",
    accept: "application/json",
  };
  // The server caches registry rows (STORE_CACHE_MS): wait until it knows the new key.
  const until = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${opts.baseUrl}/api/v1/integration/products/${opts.prefix}-probe`, { headers });
    await res.arrayBuffer();
    if (res.status !== 401) break;
    if (Date.now() > until) throw new Error("the server did not accept the bench's API key within 90 s");
    await new Promise((r) => setTimeout(r, 1000));
  }
  const out: WriteTiming = { seconds: 0, rows: opts.count, created: 0, updated: 0, unchanged: 0, failed: 0 };
  const bodies: string[] = [];
  for (let start = 0; start < opts.count; start += opts.perRequest) {
    const products = [];
    for (let i = start; i < Math.min(opts.count, start + opts.perRequest); i++)
      products.push(benchProduct(opts.prefix, i));
    bodies.push(JSON.stringify({ products }));
  }
  const t0 = performance.now();
  for (const body of bodies) {
    const res = await fetch(`${opts.baseUrl}/api/v1/integration/products/batch`, {
      method: "POST",
      headers,
      body,
    });
    const text = await res.text();
    if (res.status !== 200) {
      out.error = `a batch answered ${res.status}: ${text.slice(0, 200)}`;
      break;
    }
    const r = JSON.parse(text) as { created: number; updated: number; unchanged: number; failed: number };
    out.created += r.created;
    out.updated += r.updated;
    out.unchanged += r.unchanged;
    out.failed += r.failed;
  }
  out.seconds = (performance.now() - t0) / 1000;
  if (!out.error && out.failed > 0) out.error = `${out.failed} products failed`;
  return out;
}

/**
 * A `count`-row file imported with the import script (`node --import tsx server/cli/import.ts`), as
 * an operator runs it. The time is the script's own ("in 12.3 s": reading, checking and writing,
 * not the process start); the wall time including the start is reported beside it.
 */
export async function timeCsvImport(opts: {
  env: NodeJS.ProcessEnv;
  storeId: string;
  prefix: string;
  count: number;
  file: string;
  logFile: string;
}): Promise<WriteTiming & { wallSeconds: number }> {
  writeFileSync(opts.file, benchCatalogueCsv(opts.prefix, opts.count));
  const t0 = performance.now();
  const child: Child = startChild(
    ["--import", "tsx", "server/cli/import.ts", "--store", opts.storeId, opts.file],
    opts.env,
    opts.logFile,
  );
  let output = "";
  child.proc.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.proc.once("exit", (c) => resolve(c)));
  await child.stop();
  const wallSeconds = (performance.now() - t0) / 1000;
  const m = /Imported (\d+) rows: (\d+) created, (\d+) updated, (\d+) unchanged in ([\d.]+) s/.exec(output);
  if (code !== 0 || !m) {
    return {
      seconds: wallSeconds,
      wallSeconds,
      rows: opts.count,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: opts.count,
      error: `npm run import exited ${code}; see ${opts.logFile}`,
    };
  }
  return {
    seconds: Number(m[5]),
    wallSeconds,
    rows: Number(m[1]),
    created: Number(m[2]),
    updated: Number(m[3]),
    unchanged: Number(m[4]),
    failed: 0,
  };
}
