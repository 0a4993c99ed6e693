// The demo pictures (issue 24, item 13): every family is drawn in its own style, so two
// families of one kind never look like recolours of one drawing; the style follows the flavour
// family; the seed stays deterministic; brand logos and the store logo carry their name, fit
// their box whatever the browser's font, and hold nothing that could run.
import { describe, expect, it } from "vitest";
import { brandSvg, categorySvg, logoSvg, productSvg, slideSvg } from "../../db/seed/art";
import { buildCatalogue, FAMILY_STYLES } from "../../db/seed/catalog";
import { BRANDS, FAMILIES, type Family } from "../../db/seed/catalog-data";
import { DEMO_STORES } from "../../db/seed/stores";

const kindOf = (f: Family) => (f.type === "liquid" ? "bottle10" : f.type === "salt" ? "salt" : f.kind);
const styleOf = (f: Family) => {
  const style = FAMILY_STYLES.get(f.key);
  if (!style) throw new Error(`no style for ${f.key}`);
  return style;
};

describe("product art styles", () => {
  it("gives every family a style whose motif is its flavour family", () => {
    const motifs: Record<string, string> = {
      "EL-FRUIT": "fruit",
      "EL-DESSERT": "dessert",
      "EL-MENTHOL": "menthol",
      "EL-TOBACCO": "tobacco",
    };
    for (const f of FAMILIES) {
      const style = styleOf(f);
      if (f.type === "liquid") expect(style.motif, f.key).toBe(motifs[f.categories[0]]);
      // A salt's bottle always shows the crystal; its motif is the flavour badge beside it.
      else if (f.type === "salt") expect(style.motif, f.key).toBe(motifs[f.categories[1]]);
      else expect(style.motif, f.key).toBe("none");
    }
  });

  it("draws two families of one kind differently even in the very same colours", () => {
    let pairs = 0;
    for (const [i, a] of FAMILIES.entries()) {
      for (const b of FAMILIES.slice(i + 1)) {
        if (kindOf(a) !== kindOf(b)) continue;
        pairs++;
        for (const view of [1, 2] as const) {
          const draw = (f: Family) => productSvg(kindOf(f), "#6f42c1", "#20c997", view, styleOf(f));
          expect(draw(a) === draw(b), `${a.key} and ${b.key}, view ${view}`).toBe(false);
        }
      }
    }
    // Pod kits, mods, pens, tanks, coils, pods, liquids and salts all have several families.
    expect(pairs).toBeGreaterThan(60);
  });

  it("gives every product of a family the same picture in every store, and the same catalogue each run", () => {
    const pictureOf = new Map<string, string>();
    for (const store of DEMO_STORES) {
      const products = buildCatalogue(store.catalogue);
      expect(buildCatalogue(store.catalogue)).toEqual(products);
      for (const p of products) {
        const family = FAMILIES.find((f) => f.key === p.familyKey);
        expect(p.image.style).toEqual(family && styleOf(family));
        const svg = productSvg(p.image.kind, p.image.colour, p.image.accent, 1, p.image.style);
        // Strengths of one liquid share their bottle; kits differ by colour only within a family.
        const key = `${p.familyKey}|${p.image.kind}|${p.image.colour}`;
        if (pictureOf.has(key)) expect(pictureOf.get(key)).toBe(svg);
        pictureOf.set(key, svg);
      }
    }
  });
});

/** Every colour a family's pictures are drawn in. */
function coloursOf(f: Family): string[] {
  switch (f.type) {
    case "liquid":
    case "salt":
      return [f.colour];
    case "colours":
      return f.colours.map((c) => c.hex);
    case "options":
      return f.options.map((o) => o.hex);
    case "single":
      return [f.hex];
  }
}

describe("hero slides", () => {
  it("draw their products as their families are drawn: a kind and a colour the family has", () => {
    for (const store of DEMO_STORES) {
      for (const item of store.slides.flatMap((s) => s.items)) {
        if (!item.family) continue;
        const family = FAMILIES.find((f) => f.key === item.family);
        expect(family, item.family).toBeTruthy();
        if (!family) continue;
        const kinds = family.type === "liquid" ? ["bottle10", "bottle60"] : [kindOf(family)];
        expect(kinds, `${store.id} ${item.family}`).toContain(item.kind);
        expect(coloursOf(family), `${store.id} ${item.family}`).toContain(item.colour);
      }
    }
  });
});

/** Ids are unique in the document and every url(#id) points at one of them. */
function expectSoundReferences(svg: string, what: string): void {
  const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size, `${what}: duplicate ids`).toBe(ids.length);
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids, `${what}: url(#${ref})`).toContain(ref);
}

describe("whole pictures", () => {
  it("give every product on a slide gradients of its own colour, with sound references", () => {
    for (const store of DEMO_STORES) {
      for (const [i, slide] of store.slides.entries()) {
        const svg = slideSvg("#5f3dc4", "#2b1a6b", "#ff7a59", slide.items);
        expectSoundReferences(svg, `${store.id} slide ${i + 1}`);
        // The body gradient of each product starts from its own colour's shade.
        const bodies = [
          ...svg.matchAll(
            /<linearGradient id="body-s\d+"[^>]*><stop offset="0" stop-color="(#[0-9a-f]{6})"/g,
          ),
        ];
        expect(bodies.length).toBe(slide.items.length);
        const distinct = new Set(slide.items.map((it) => it.colour)).size;
        expect(new Set(bodies.map((m) => m[1])).size).toBe(distinct);
      }
    }
  });

  it("keep references sound in product and category pictures", () => {
    for (const f of FAMILIES) {
      for (const view of [1, 2] as const) {
        expectSoundReferences(
          productSvg(kindOf(f), "#6f42c1", "#20c997", view, styleOf(f)),
          `${f.key} ${view}`,
        );
      }
      expectSoundReferences(categorySvg(kindOf(f), "#6f42c1"), `${f.key} category`);
    }
  });
});

describe("logos", () => {
  const textLines = (svg: string) => [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)];

  it("names each brand in its logo (title, aria-label, wordmark), escaped, set within 200 px", () => {
    for (const b of [
      ...BRANDS,
      { name: `Fish & "Chips" <Co>`, emblem: "drop" as const, colour: "#123456" },
    ]) {
      const svg = brandSvg(b.name, b.emblem, b.colour);
      const escaped = b.name
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;");
      expect(svg).toContain(`<title>${escaped}</title>`);
      expect(svg).toContain(`aria-label="${escaped}"`);
      const lines = textLines(svg);
      expect(lines.map((m) => m[2]).join(" ")).toBe(escaped);
      for (const [, attrs] of lines) {
        // A fixed length: a wide fallback font is condensed to it instead of running out of the panel.
        const length = Number(attrs.match(/textLength="(\d+)"/)?.[1]);
        const x = Number(attrs.match(/\bx="(\d+)"/)?.[1]);
        expect(length).toBeGreaterThan(0);
        expect(x + length).toBeLessThanOrEqual(388);
        expect(attrs).toContain('lengthAdjust="spacingAndGlyphs"');
      }
      expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+\s*=|href\s*=/i);
    }
  });

  it("sets the store's name inside its logo's width", () => {
    for (const name of ["Vape Haven", "Cyprus Cloud Co.", "Vape Haven Wholesale", "X"]) {
      const svg = logoSvg(name, "#5f3dc4", "#2b1a6b", "#ff7a59");
      const width = Number(svg.match(/width="(\d+)"/)?.[1]);
      const [line] = textLines(svg);
      const length = Number(line[1].match(/textLength="(\d+)"/)?.[1]);
      const x = Number(line[1].match(/\bx="(\d+)"/)?.[1]);
      expect(line[2]).toBe(name);
      expect(x + length).toBeLessThanOrEqual(width);
    }
  });
});
