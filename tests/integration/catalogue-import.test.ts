// The catalogue import (services/integration/catalogue-import.ts) on both databases: the database's
// refusals mapped back to lines and columns, a dry run that writes nothing, the import in one
// transaction (a refused row in a later batch undoes the earlier ones), repeated imports that
// change nothing, and the back office's upload endpoints (permission, dry run, import, limits).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRowError } from "../../core/integration/csv-catalogue";
import * as controlSchema from "../../db/control/schema";
import * as s from "../../db/store/schema";
import { configureServices, serviceConfig } from "../../services/config";
import { IMPORT_BATCH, importCatalogueText } from "../../services/integration/catalogue-import";
import { PICTURE_NOT_FETCHED } from "../../services/integration/picture-fetch";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";
import { addCatalogueCodes } from "../helpers/erp";

const HEAD = "code,name,price,sale_price,categories,brand,new,stock";

/** `npm run import` as an operator runs it: its exit code and what it printed. */
function runImportCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/import.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.once("exit", (code) => resolve({ code, out, err }));
  });
}
const actor = { id: null, email: "csv-import", ip: null };

function csvUpload(text: string | Uint8Array, name = "catalogue.csv"): FormData {
  const form = new FormData();
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), name);
  return form;
}

interface ImportResult {
  status: string;
  rowCount: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: { line: number; column: string | null; message: string }[];
  errorCount: number;
}

describe.each(driversFor("both"))("catalogue import on %s", (driver) => {
  let p: Platform;
  let owner: AdminClient;
  let clerk: AdminClient;
  let pictures: Server;
  let picturesBase = "";
  const served: string[] = [];

  const store = async () => {
    const ctx = await p.registry.byId("alpha", "alpha.localhost");
    if (!ctx) throw new Error("no store alpha");
    return ctx;
  };
  const productCount = async () => {
    const { db } = await p.registry.storeHandle("alpha");
    return (await db.select({ n: count() }).from(s.products))[0]?.n ?? 0;
  };
  const product = async (code: string) => {
    const { db } = await p.registry.storeHandle("alpha");
    const [row] = await db.select().from(s.products).where(eq(s.products.code, code));
    return row;
  };

  beforeAll(async () => {
    process.env.TRUST_PROXY = "1";
    // The picture server below is on 127.0.0.1, which the picture fetch refuses unless told.
    process.env.PICTURE_FETCH_PRIVATE = "1";
    p = await createPlatform(driver, { seed: "minimal" });
    const kit = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    pictures = createServer((req, res) => {
      served.push(req.url ?? "");
      if (req.url === "/kit.png") return res.writeHead(200, { "content-type": "image/png" }).end(kit);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
    picturesBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
    await addCatalogueCodes(p, "alpha");
    owner = await signedInStaff(p, "alpha.localhost", "alpha", { email: "owner@alpha.test", role: "owner" });
    clerk = await signedInStaff(p, "alpha.localhost", "alpha", { email: "clerk@alpha.test", role: "staff" });
  });
  afterAll(async () => {
    pictures?.close();
    await p?.dispose();
    delete process.env.PICTURE_FETCH_PRIVATE;
  });

  it("maps the database's refusals (unknown category and brand codes) to lines and columns; writes nothing", async () => {
    const before = await productCount();
    const text = [
      HEAD,
      "IMP-1,Xros Kit,29.90,,POD,VAP,yes,5",
      "IMP-2,Gen Kit,49.90,,NOPE,VAP,no,5",
      "IMP-3,Luxe Kit,39.90,45.00,MOD,NOBRAND,no,5",
      "IMP-4,Cheap Kit,abc,,POD,VAP,no,5", // the file's own rule: checked with the others
    ].join("\n");
    for (const dryRun of [true, false]) {
      const out = await importCatalogueText(await store(), actor, text, { dryRun });
      expect(out.status).toBe("invalid");
      if (out.status !== "invalid") continue;
      const lines = out.errors.map(formatRowError);
      expect(lines.length, lines.join("\n")).toBe(4);
      expect(lines[3]).toMatch(/^line 5, price: /);
      expect(lines.some((l) => l.startsWith("line 3, categories: "))).toBe(true);
      expect(lines.some((l) => l.startsWith("line 4, brand: "))).toBe(true);
      expect(lines.some((l) => l.startsWith("line 4, sale_price: "))).toBe(true);
      expect(out.errors.every((e) => e.line >= 3)).toBe(true);
    }
    expect(await productCount()).toBe(before);
  });

  it("a dry run counts what would change and writes nothing; the import writes it; again changes nothing", async () => {
    const before = await productCount();
    const text = [
      HEAD,
      "NEW-1,Aegis Kit,59.00,49.00,MOD|POD,VAP,yes,7",
      'NEW-2,"Coil, 0.4 ohm","3,50",,,,no,',
    ].join("\r\n");
    const checked = await importCatalogueText(await store(), actor, text, { dryRun: true });
    expect(checked, JSON.stringify(checked)).toMatchObject({
      status: "checked",
      rowCount: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    expect(await productCount()).toBe(before);

    const progress: string[] = [];
    const imported = await importCatalogueText(await store(), actor, text, {
      fileName: "first.csv",
      onProgress: (x) => progress.push(`${x.phase} ${x.done}/${x.total}`),
    });
    expect(imported).toMatchObject({ status: "imported", created: 2, updated: 0, unchanged: 0 });
    expect(progress).toContain("writing 2/2");
    expect(await productCount()).toBe(before + 2);
    const kit = await product("NEW-1");
    expect(kit).toMatchObject({ name: "Aegis Kit", priceCents: 5900, salePriceCents: 4900, isNew: true });
    expect((await product("NEW-2"))?.name).toBe("Coil, 0.4 ohm");
    const { db } = await p.registry.storeHandle("alpha");
    const [audit] = await db.select().from(s.auditLog).orderBy(desc(s.auditLog.id)).limit(1);
    expect(audit).toMatchObject({ staffEmail: "csv-import" });
    expect(audit?.summary).toContain("first.csv");

    const again = await importCatalogueText(await store(), actor, text);
    expect(again).toMatchObject({ status: "imported", created: 0, updated: 0, unchanged: 2 });
    expect((await product("NEW-1"))?.updatedAt).toEqual(kit?.updatedAt);

    const changed = await importCatalogueText(await store(), actor, text.replace("59.00", "61.00"), {
      dryRun: true,
    });
    expect(changed).toMatchObject({ status: "checked", created: 0, updated: 1, unchanged: 1 });
    expect((await product("NEW-1"))?.priceCents).toBe(5900);
  });

  it("pictures: a dry run fetches none; a picture that cannot be fetched refuses the file; the import stores them", async () => {
    const head = "code,name,price,pictures";
    const missing = `${head}\nPIC-1,Picture Kit,30.00,${picturesBase}/kit.png|${picturesBase}/missing.png\n`;
    const good = `${head}\nPIC-1,Picture Kit,30.00,${picturesBase}/kit.png\n`;
    const dry = await importCatalogueText(await store(), actor, missing, { dryRun: true });
    expect(dry).toMatchObject({ status: "checked", created: 1 });
    expect(served).toEqual([]);

    const refused = await importCatalogueText(await store(), actor, missing);
    expect(refused.status).toBe("invalid");
    if (refused.status === "invalid") {
      expect(refused.errors.map((e) => [e.line, e.column])).toEqual([[2, "pictures"]]);
      expect(refused.errors[0]?.message).toContain("/missing.png");
    }
    expect(await product("PIC-1")).toBeUndefined();

    const done = await importCatalogueText(await store(), actor, good);
    expect(done).toMatchObject({ status: "imported", created: 1 });
    const { db } = await p.registry.storeHandle("alpha");
    const row = await product("PIC-1");
    const images = await db
      .select()
      .from(s.productImages)
      .where(eq(s.productImages.productId, row?.id as number));
    expect(images).toHaveLength(1);
    expect(images[0]?.url).toMatch(/^\/images\/products\/.+\.webp$/);
    // Again: the picture from the same address is kept, not fetched a second time.
    const fetched = served.length;
    expect(await importCatalogueText(await store(), actor, good)).toMatchObject({ unchanged: 1 });
    expect(served.length).toBe(fetched);
  });

  it("pictures: an address at loopback in any spelling is refused with the one message, nothing fetched", async () => {
    const before = serviceConfig();
    configureServices({ ...before, pictureFetchPrivate: false });
    try {
      served.length = 0;
      const url = `http://[::ffff:127.0.0.1]:${new URL(picturesBase).port}/kit.png`;
      const out = await importCatalogueText(
        await store(),
        actor,
        `code,name,price,pictures\nPIC-9,Mapped,3.00,${url}\n`,
      );
      expect(out.status).toBe("invalid");
      if (out.status === "invalid") expect(out.errors[0]?.message).toContain(PICTURE_NOT_FETCHED);
      expect(served).toEqual([]);
      expect(await product("PIC-9")).toBeUndefined();
    } finally {
      configureServices(before);
    }
  });

  it("is one transaction: a row refused in a later batch undoes the batches before it", async () => {
    const before = await productCount();
    const rows = Array.from({ length: IMPORT_BATCH + 5 }, (_, i) => {
      const brand = i === IMPORT_BATCH + 3 ? "NOBRAND" : "VAP";
      return `BULK-${i},Bulk item ${i},${(i % 50) + 1}.00,,POD,${brand},no,1`;
    });
    const out = await importCatalogueText(await store(), actor, [HEAD, ...rows].join("\n"));
    expect(out.status).toBe("invalid");
    if (out.status === "invalid")
      expect(out.errors.map((e) => [e.line, e.column])).toEqual([[IMPORT_BATCH + 5, "brand"]]);
    expect(await productCount()).toBe(before);
    expect(await product("BULK-0")).toBeUndefined();
  });

  it("Greek columns: refused where the store has no Greek; set, sanitised, searchable; a repeat changes nothing; an empty cell clears, a missing column keeps", async () => {
    const head = "code,name,price,categories,name_el,short_description_el,long_description_html_el";
    const text = [
      head,
      'GR-1,Mango Ice,5.90,POD,Μάνγκο Πάγος,Ώριμο μάνγκο.,"<p>Γλυκό <strong>μάνγκο</strong><script>alert(1)</script></p>"',
      "GR-2,Lemon,4.90,POD,,,",
    ].join("\n");
    const english = await importCatalogueText(await store(), actor, text);
    expect(english.status).toBe("invalid");
    if (english.status === "invalid")
      expect(english.errors.map(formatRowError)).toEqual([
        "line 2, *_el: This store offers English only, so it takes no translations (el was sent).",
        "line 3, *_el: This store offers English only, so it takes no translations (el was sent).",
      ]);
    expect(await product("GR-1")).toBeUndefined();

    const setLanguages = async (languages: ("en" | "el")[]) => {
      await p.registry.control.db
        .update(controlSchema.stores)
        .set({ languages })
        .where(eq(controlSchema.stores.id, "alpha"));
      p.registry.invalidate();
    };
    await setLanguages(["en", "el"]);
    try {
      const { db } = await p.registry.storeHandle("alpha");
      const translation = async (code: string) => {
        const id = (await product(code))?.id as number;
        const [t] = await db
          .select()
          .from(s.productTranslations)
          .where(eq(s.productTranslations.productId, id));
        return t;
      };
      expect(await importCatalogueText(await store(), actor, text)).toMatchObject({
        status: "imported",
        created: 2,
      });
      expect(await translation("GR-1")).toMatchObject({
        lang: "el",
        name: "Μάνγκο Πάγος",
        shortDesc: "Ώριμο μάνγκο.",
        longDescHtml: "<p>Γλυκό <strong>μάνγκο</strong></p>",
      });
      // Empty Greek cells on a new product: no translation at all.
      expect(await translation("GR-2")).toBeUndefined();
      const gr1 = await product("GR-1");
      expect(gr1?.searchText).toContain("μανγκο παγοσ");

      const audits = async () => (await db.select({ n: count() }).from(s.auditLog))[0]?.n;
      const auditCount = await audits();
      expect(await importCatalogueText(await store(), actor, text)).toMatchObject({
        status: "imported",
        created: 0,
        updated: 0,
        unchanged: 2,
      });
      expect((await product("GR-1"))?.updatedAt).toEqual(gr1?.updatedAt);
      // Only the import's own summary entry.
      expect(await audits()).toBe((auditCount ?? 0) + 1);

      // A file with only name_el: its empty cell clears the Greek name (the English shows);
      // the Greek descriptions, whose columns the file does not have, stay.
      const out = await importCatalogueText(
        await store(),
        actor,
        ["code,name,price,name_el", "GR-1,Mango Ice,5.90,", "GR-2,Lemon,4.90,Λεμόνι"].join("\n"),
      );
      expect(out).toMatchObject({ status: "imported", updated: 2 });
      expect(await translation("GR-1")).toMatchObject({ name: null, shortDesc: "Ώριμο μάνγκο." });
      expect(await translation("GR-2")).toMatchObject({ name: "Λεμόνι", shortDesc: null });
      expect((await product("GR-1"))?.searchText).not.toContain("παγοσ");
      expect((await product("GR-2"))?.searchText).toContain("λεμονι");
      expect((await product("GR-1"))?.updatedAt.getTime()).toBeGreaterThan(gr1?.updatedAt.getTime() ?? 0);
    } finally {
      await setLanguages(["en"]);
    }
  });

  it("back office: catalog.write only; the check lists problems by line and column; the import writes", async () => {
    const bad = [HEAD, "WEB-1,Web Kit,,,POD,VAP,no,3", "WEB-2,Web Tank,19.00,,POD,VAP,no,3"].join("\n");
    expect((await clerk.req("POST", "/uploads/catalogue-import/check", csvUpload(bad))).status).toBe(403);
    expect((await clerk.req("POST", "/uploads/catalogue-import", csvUpload(bad))).status).toBe(403);

    const check = await owner.req<ImportResult>("POST", "/uploads/catalogue-import/check", csvUpload(bad));
    expect(check.status, check.text).toBe(200);
    expect(check.json).toMatchObject({
      status: "invalid",
      errorCount: 1,
      errors: [{ line: 2, column: "price", message: "Enter the price." }],
    });
    const refused = await owner.req<{ error: string; message: string; details: ImportResult }>(
      "POST",
      "/uploads/catalogue-import",
      csvUpload(bad),
    );
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe("1 problem in the file; nothing was imported.");
    expect(refused.json.details.errors[0]).toEqual({ line: 2, column: "price", message: "Enter the price." });
    expect(await product("WEB-2")).toBeUndefined();

    const good = bad.replace("Web Kit,,", "Web Kit,24.00,");
    const dry = await owner.req<ImportResult>("POST", "/uploads/catalogue-import/check", csvUpload(good));
    expect(dry.json, dry.text).toMatchObject({
      status: "checked",
      created: 2,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
    });
    const done = await owner.req<ImportResult>("POST", "/uploads/catalogue-import", csvUpload(good));
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ status: "imported", rowCount: 2, created: 2 });
    expect((await product("WEB-1"))?.priceCents).toBe(2400);
    // The storefront shows it on the next request.
    const shown = await p.request(
      "alpha.localhost",
      "/api/v1/products?searchTerm=Web%20Kit&page=1&perPage=12",
      {
        headers: { accept: "application/json" },
      },
    );
    expect(((await shown.json()) as { products: { name: string }[] }).products.map((x) => x.name)).toContain(
      "Web Kit",
    );
  });

  it("back office: refuses what is not a UTF-8 CSV upload, and files over 10 MB", async () => {
    const notForm = await owner.req("POST", "/uploads/catalogue-import/check", { file: "code\nA1" });
    expect(notForm.status).toBe(400);
    expect(String(notForm.json.message)).toContain("multipart/form-data");

    const latin1 = new Uint8Array([...new TextEncoder().encode("code,name,price\nA1,Caf"), 0xe9, 0x0a]);
    const enc = await owner.req<ImportResult>("POST", "/uploads/catalogue-import/check", csvUpload(latin1));
    expect(enc.json.errors[0]).toMatchObject({ line: 2, column: null });
    expect(enc.json.errors[0]?.message).toContain("UTF-8");

    const big = await owner.req(
      "POST",
      "/uploads/catalogue-import/check",
      csvUpload("x".repeat(10 * 1024 * 1024 + 1)),
    );
    expect([400, 413]).toContain(big.status);
    expect(String(big.json.message)).toMatch(/10 MB/);
  });

  it("npm run import: exit 2 on usage errors and on an embedded database another process has open; 0 and 1 otherwise", async () => {
    const file = join(p.dataDir, "cli.csv");
    writeFileSync(
      file,
      [HEAD, "CLI-1,Cli Kit,19.00,,POD,VAP,no,2", "CLI-2,Cli Tank,,,POD,VAP,no,2"].join("\n"),
    );
    const env = { DATA_DIR: p.dataDir };
    const noStore = await runImportCli([file], env);
    expect(noStore.code).toBe(2);
    expect(noStore.err).toContain("Name the store with --store");
    const noFile = await runImportCli(["--store", "alpha", join(p.dataDir, "missing.csv")], env);
    expect(noFile.code).toBe(2);
    expect(noFile.err).toContain("No such file");

    if (driver === "pglite") {
      // This test process has the store's embedded database open, as a running server would.
      const busy = await runImportCli(["--store", "alpha", file], env);
      expect(busy.code).toBe(2);
      expect(busy.err).toContain("is open in another process: is the server running");
      return;
    }
    // PostgreSQL: the server (here, this process) may keep running.
    const pgEnv = { ...env, DATABASE_URL: p.registry.control.location };
    const refused = await runImportCli(["--store", "alpha", file], pgEnv);
    expect(refused.code, refused.err).toBe(1);
    expect(refused.err).toContain("line 3, price: Enter the price.");
    expect(await product("CLI-1")).toBeUndefined();
    writeFileSync(
      file,
      [HEAD, "CLI-1,Cli Kit,19.00,,POD,VAP,no,2", "CLI-2,Cli Tank,21.00,,POD,VAP,no,2"].join("\n"),
    );
    const unknown = await runImportCli(["--store", "nope", file], pgEnv);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("No store nope. Registered stores:");
    const dry = await runImportCli(["--store", "alpha", "--dry-run", file], pgEnv);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toMatch(
      /Checked 2 rows \(dry run, nothing written; would be\): 2 created, 0 updated, 0 unchanged in [\d.]+ s/,
    );
    expect(await product("CLI-1")).toBeUndefined();
    const done = await runImportCli(["--store", "alpha", file], pgEnv);
    expect(done.code, done.err).toBe(0);
    expect(done.out).toMatch(
      /Writing: 2\/2 rows\nImported 2 rows: 2 created, 0 updated, 0 unchanged in [\d.]+ s/,
    );
    expect((await product("CLI-2"))?.priceCents).toBe(2100);
  });
});
