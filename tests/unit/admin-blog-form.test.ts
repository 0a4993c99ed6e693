// The blog editor's form reading: the publish date typed on the shop's clock (Cyprus, with its
// summer time) becomes the right instant and back, and the form's fields become the API's input
// with the schema's messages on the fields it refuses.
import { describe, expect, it } from "vitest";
import { isoFromLocal, localFromIso, readBlogForm } from "../../app/admin/blog/blog-form";

describe("blog editor form", () => {
  it("reads and writes publish dates on the shop's clock, across summer time", () => {
    expect(isoFromLocal("2026-11-26T22:33")).toBe("2026-11-26T20:33:00.000Z");
    expect(isoFromLocal("2026-07-01T12:00")).toBe("2026-07-01T09:00:00.000Z");
    expect(isoFromLocal("2026-03-29T04:30")).toBe("2026-03-29T01:30:00.000Z");
    expect(localFromIso("2026-11-26T20:33:10.000Z")).toBe("2026-11-26T22:33");
    expect(localFromIso("2026-07-01T09:00:00.000Z")).toBe("2026-07-01T12:00");
    expect(isoFromLocal("")).toBe("");
    expect(localFromIso(null)).toBe("");
    expect(isoFromLocal("soon")).toBe("soon");
  });

  it("turns the form into the API's input, products in order, and marks refused fields", () => {
    const form = new FormData();
    form.set("title", " Coils ");
    form.set("bodyHtml", "<p>Hi</p>");
    form.set("status", "published");
    form.set("publishedAt", "2026-12-01T09:30");
    form.set("tags", "a, b");
    form.append("productIds", "7");
    form.append("productIds", "3");
    form.set("version", "v1");
    const read = readBlogForm(form);
    expect(read).toMatchObject({
      ok: true,
      version: "v1",
      input: {
        title: "Coils",
        status: "published",
        publishedAt: "2026-12-01T07:30:00.000Z",
        productIds: [7, 3],
      },
    });
    const bad = new FormData();
    bad.set("cover", "/images/blog/a.webp");
    expect(readBlogForm(bad)).toEqual({
      ok: false,
      fields: { title: "Enter a title.", bodyHtml: "Write the post." },
    });
  });
});
