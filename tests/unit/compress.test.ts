import { gunzipSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBody, pickEncoding } from "../../server/http/compress";

describe("pickEncoding", () => {
  it("prefers gzip when both are fully accepted, as browsers ask", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(pickEncoding("deflate, gzip")).toBe("gzip");
  });

  it("follows the quality values and the wildcard", () => {
    expect(pickEncoding("gzip;q=0.5, deflate;q=0.8")).toBe("deflate");
    expect(pickEncoding("deflate")).toBe("deflate");
    expect(pickEncoding("*;q=0.3")).toBe("gzip");
    expect(pickEncoding("gzip;q=0, *;q=0.4")).toBe("deflate");
  });

  it("answers null when neither is acceptable", () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("")).toBeNull();
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding("br")).toBeNull();
    expect(pickEncoding("gzip;q=0, deflate;q=0")).toBeNull();
  });
});

describe("compressBody", () => {
  const json = (n: number) =>
    Buffer.from(
      JSON.stringify({
        products: Array.from({ length: 40 }, (_, i) => ({ id: n * 100 + i, name: `Product ${i}` })),
      }),
    );

  it("gives bytes that decompress to the body, for either encoding", () => {
    const body = json(1);
    expect(gunzipSync(compressBody(body, "gzip")).equals(body)).toBe(true);
    expect(inflateSync(compressBody(body, "deflate")).equals(body)).toBe(true);
  });

  it("reuses the bytes for an equal body and never for a different one", () => {
    const first = compressBody(json(2), "gzip");
    expect(compressBody(Buffer.from(json(2)), "gzip")).toBe(first);
    const other = compressBody(json(3), "gzip");
    expect(other).not.toBe(first);
    expect(gunzipSync(other).equals(json(3))).toBe(true);
    // The same body in another encoding is its own entry.
    expect(inflateSync(compressBody(json(2), "deflate")).equals(json(2))).toBe(true);
  });

  it("keeps a bounded number of bodies, dropping the least recently used", () => {
    const kept = compressBody(json(4), "gzip");
    const dropped = compressBody(json(5), "gzip");
    for (let n = 10; n < 300; n++) {
      compressBody(json(n), "gzip");
      // json(4) keeps being asked for; json(5) is not.
      if (n % 50 === 0) expect(compressBody(json(4), "gzip")).toBe(kept);
    }
    expect(compressBody(json(4), "gzip")).toBe(kept);
    const again = compressBody(json(5), "gzip");
    expect(again).not.toBe(dropped);
    expect(again.equals(dropped)).toBe(true);
  });
});
