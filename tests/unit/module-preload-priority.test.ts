import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "../../app/lib/module-preload-priority.server";

const head =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  "<title>Ωμέγα €</title></head>";
const body =
  '<body><p>Ελληνικά € 😀</p><pre>&lt;link rel="modulepreload"</pre>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const c of chunks) stream.write(c);
  stream.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

const expected =
  head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + body;

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload in <head> low priority and leaves the body alone", async () => {
    expect(await through([Buffer.from(head + body)])).toBe(expected);
  });

  it("gives the same document wherever the stream is cut, even inside a tag or a character", async () => {
    const bytes = Buffer.from(head + body);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it("copes with a byte at a time", async () => {
    const bytes = Buffer.from(head + body);
    const chunks = [...bytes].map((b) => Buffer.from([b]));
    expect(await through(chunks)).toBe(expected);
  });
});
