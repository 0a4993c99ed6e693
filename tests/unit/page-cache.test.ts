// The page cache's gzip assembly (server/http/page-cache.ts): a page cut at its stand-ins and
// compressed once reads back, with any visitor's values in the slots, as the page with those
// values, through an ordinary gunzip (what a browser does).
import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { assembleGzip, crc32Combine, cutPage } from "../../server/http/page-cache";

describe("crc32Combine", () => {
  it("gives the CRC-32 of two pieces joined, for any lengths", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 5],
      [17, 3],
      [1000, 65_537],
      [70_000, 1],
    ]) {
      const x = randomBytes(a);
      const y = randomBytes(b);
      expect(crc32Combine(crc32(x), crc32(y), y.length)).toBe(crc32(Buffer.concat([x, y])));
    }
  });
});

describe("a page cut at its stand-ins", () => {
  it("reads back with each visitor's own values", async () => {
    const { pageCacheStandIns } = await import("../../server/http/page-cache");
    const { csrf, nonce } = pageCacheStandIns();
    const page = (t: string, n: string) =>
      `<!DOCTYPE html><html><head><meta name="csrf-token" content="${t}"><script nonce="${n}">x()</script></head>` +
      `<body>${"<p>Ünïcode text and more text</p>".repeat(500)}<script nonce="${n}">d({"csrfToken":"${t}"})</script></body></html>`;
    const cut = cutPage(page(csrf, nonce));
    expect(cut.slots).toEqual(["csrf", "nonce", "nonce", "csrf"]);
    for (let i = 0; i < 3; i++) {
      const t = randomBytes(32).toString("base64url");
      const n = randomBytes(16).toString("base64");
      const gz = assembleGzip(cut, { csrf: Buffer.from(t), nonce: Buffer.from(n) });
      expect(gunzipSync(gz).toString()).toBe(page(t, n));
    }
    // Compressed once: far smaller than the page.
    expect(cut.bytes).toBeLessThan(page(csrf, nonce).length / 10);
  });

  it("reads back without any stand-in, and when the page starts or ends on one", async () => {
    const { pageCacheStandIns } = await import("../../server/http/page-cache");
    const { csrf } = pageCacheStandIns();
    const edges = cutPage(`${csrf}middle${csrf}`);
    expect(
      gunzipSync(assembleGzip(edges, { csrf: Buffer.from("T"), nonce: Buffer.from("") })).toString(),
    ).toBe("TmiddleT");
    const plain = cutPage("<html>no values</html>");
    expect(plain.slots).toEqual([]);
    expect(
      gunzipSync(assembleGzip(plain, { csrf: Buffer.from("t"), nonce: Buffer.from("n") })).toString(),
    ).toBe("<html>no values</html>");
    const empty = cutPage("");
    expect(gunzipSync(assembleGzip(empty, { csrf: Buffer.from(""), nonce: Buffer.from("") })).length).toBe(0);
  });
});
