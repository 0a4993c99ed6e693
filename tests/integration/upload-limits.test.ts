// Uploads have limits and leave a record (issue 38: 60 uploads of 6 MB were all accepted, with no
// audit entry, and their files, which no row named, were never removed). Through the back office's
// upload endpoint (on either database, decision 0038): each upload is in the audit log, a member of staff (and an
// address) may upload at most UPLOAD_RATE_LIMIT.limit pictures in ten minutes, the store's quota
// refuses a picture that would not fit with 409 and a message, and the sweep removes picture files
// that no row names (an upload never saved, a brand logo replaced) while the pictures shown stay.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/store/schema";
import { removeOrphanPictures, UPLOAD_RATE_LIMIT } from "../../services/admin/images";
import { configureServices, serviceConfig } from "../../services/config";
import type { StoreContext } from "../../services/context";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";

describe.each(driversFor("either"))("upload limits on %s", (driver) => {
  let p: Platform;
  let png: Buffer;
  const before = serviceConfig();

  beforeAll(async () => {
    configureServices({ ...before, rateLimitFactor: 1 });
    p = await createPlatform(driver, { seed: "minimal" });
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#37a" } })
      .png()
      .toBuffer();
  }, 600_000);
  afterAll(async () => {
    configureServices(before);
    await p?.dispose();
  });

  const upload = (client: AdminClient, name = "Logo") => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    form.set("name", name);
    return client.req<{ url: string; message?: string }>("POST", "/uploads/taxonomy?kind=brand", form);
  };
  const store = async (id: string) => (await p.registry.byId(id, `${id}.localhost`)) as StoreContext;

  it("records every upload, and limits uploads per member of staff", async () => {
    const manager = await signedInStaff(p, "alpha.localhost", "alpha", {
      email: "uploader@alpha.test",
      role: "manager",
    });
    const urls: string[] = [];
    for (let i = 0; i < UPLOAD_RATE_LIMIT.limit; i++) {
      const r = await upload(manager);
      expect(r.status, r.text).toBe(201);
      urls.push(r.json.url);
    }
    const refused = await upload(manager);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many pictures uploaded");
    const { db } = await p.registry.storeHandle("alpha");
    const audits = await db.select().from(s.auditLog).where(eq(s.auditLog.action, "brand.upload"));
    expect(audits).toHaveLength(UPLOAD_RATE_LIMIT.limit);
    expect(audits.every((a) => a.staffEmail === "uploader@alpha.test")).toBe(true);
    expect(audits.map((a) => a.summary).join(" ")).toContain(urls[0]);
  });

  it("refuses a picture that would go over the store's quota with 409 and says why", async () => {
    const owner = await signedInStaff(p, "beta.localhost", "beta", {
      email: "owner@beta.test",
      role: "owner",
    });
    const beta = await store("beta");
    configureServices({ ...serviceConfig(), uploadQuotaMb: 1 });
    try {
      mkdirSync(beta.imageDir, { recursive: true });
      writeFileSync(join(beta.imageDir, "filler.bin"), Buffer.alloc(1024 * 1024));
      const r = await upload(owner);
      expect(r.status, r.text).toBe(409);
      expect(r.json.message).toContain("of its 1 MB");
    } finally {
      configureServices({ ...serviceConfig(), uploadQuotaMb: before.uploadQuotaMb });
    }
  });

  it("removes picture files no row names: an upload never saved, a logo replaced", async () => {
    const owner = await signedInStaff(p, "gamma.localhost", "gamma", {
      email: "owner@gamma.test",
      role: "owner",
    });
    const gamma = await store("gamma");
    const never = (await upload(owner, "Never Saved")).json.url;
    const first = (await upload(owner, "First Logo")).json.url;
    const second = (await upload(owner, "Second Logo")).json.url;
    const { db } = await p.registry.storeHandle("gamma");
    const [brand] = await db
      .insert(s.brands)
      .values({ code: "GLOW", name: "Glow", image: first })
      .returning();
    await db
      .update(s.brands)
      .set({ image: second })
      .where(eq(s.brands.id, brand?.id as number));
    const file = (url: string) => join(gamma.imageDir, url.slice("/images/".length));
    for (const url of [never, first, second]) expect(existsSync(file(url)), url).toBe(true);

    // Within the grace period (an upload is saved a moment later) nothing goes.
    expect(await removeOrphanPictures(gamma)).toEqual([]);
    const removed = await removeOrphanPictures(gamma, 0);
    expect(removed.sort()).toEqual([never, first].sort());
    expect(existsSync(file(never))).toBe(false);
    expect(existsSync(file(first))).toBe(false);
    expect(existsSync(file(second))).toBe(true);
    expect((await p.request("gamma.localhost", second)).status).toBe(200);
  });
});
