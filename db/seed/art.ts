// SVG drawings for the generated demo pictures. Raster pictures never contain text: a fresh
// machine may have no fonts, and text baked into images is not translatable anyway.
// Every drawing is a pure function of its inputs, so equal inputs give byte-equal SVG and the
// renderer can reuse one rendered buffer for all of them.
import type { Emblem, ImageKind } from "./catalog-data";

// ---------- colour helpers ----------

function rgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Blend a towards b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex(x.map((v, i) => v + (y[i] - v) * t));
}

export const lighten = (hex: string, t: number) => mix(hex, "#ffffff", t);
export const darken = (hex: string, t: number) => mix(hex, "#000000", t);

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => v / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// ---------- shared defs ----------

/** Gradients every drawing may use; ids are scoped per SVG document. */
function defs(col: string, acc: string): string {
  const light = luminance(col) > 0.8;
  const edge = light ? darken(col, 0.18) : darken(col, 0.32);
  return `<defs>
<linearGradient id="body" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${edge}"/><stop offset="0.42" stop-color="${lighten(col, 0.22)}"/><stop offset="0.6" stop-color="${col}"/><stop offset="1" stop-color="${darken(col, 0.38)}"/></linearGradient>
<linearGradient id="metal" x1="0" x2="1"><stop offset="0" stop-color="#6c737a"/><stop offset="0.45" stop-color="#eef0f2"/><stop offset="0.7" stop-color="#b8bec4"/><stop offset="1" stop-color="#5d646b"/></linearGradient>
<linearGradient id="dark" x1="0" x2="1"><stop offset="0" stop-color="#0d0f12"/><stop offset="0.45" stop-color="#3a3f45"/><stop offset="1" stop-color="#111316"/></linearGradient>
<linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#dbe4ea" stop-opacity="0.75"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#c5d0d8" stop-opacity="0.8"/></linearGradient>
<linearGradient id="juice" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(acc, 0.25)}" stop-opacity="0.85"/><stop offset="1" stop-color="${acc}" stop-opacity="0.95"/></linearGradient>
<linearGradient id="fade" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(col, 0.15)}"/><stop offset="1" stop-color="${mix(col, acc, 0.7)}"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;
}

const shine = (x: number, y: number, h: number, w = 12) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#fff" opacity="0.28"/>`;

// ---------- what tells products apart ----------

/** The label motif of an e-liquid, by flavour family (its sub-category). */
export type Motif = "fruit" | "dessert" | "menthol" | "tobacco" | "crystal" | "none";

/**
 * How one family's pictures differ from another's of the same kind: the label motif (liquids)
 * and a variant 0-3 (bottle label layout; device body shape and finish), so two pod kits or two
 * fruit liquids never look like recolours of one drawing.
 */
export interface ArtStyle {
  motif: Motif;
  variant: number;
}

export const PLAIN: ArtStyle = { motif: "none", variant: 0 };

/** A motif centred on (cx, cy) with radius r: what the flavour is, at a glance. */
function motifShape(motif: Motif, cx: number, cy: number, r: number, col: string, acc: string): string {
  const pale = lighten(acc, 0.35);
  switch (motif) {
    case "fruit": {
      // A citrus wheel with segments and a leaf.
      const segs = [0, 1, 2, 3, 4, 5, 6, 7]
        .map((i) => {
          const a = (i * Math.PI) / 4;
          return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * r * 0.78).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 0.78).toFixed(1)}" stroke="#fff" stroke-width="${Math.max(2, r * 0.09).toFixed(1)}"/>`;
        })
        .join("");
      return `<path d="M${cx + r * 0.2} ${cy - r * 0.95} q${r * 0.55} ${-r * 0.45} ${r * 0.95} ${-r * 0.1} q${-r * 0.45} ${r * 0.5} ${-r * 0.95} ${r * 0.1}z" fill="#40c057"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${acc}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.82}" fill="${pale}"/>${segs}<circle cx="${cx}" cy="${cy}" r="${r * 0.12}" fill="#fff"/>`;
    }
    case "dessert": {
      // A soft-serve swirl with a cherry.
      const w = r * 1.7;
      return `<path d="M${cx - w / 2} ${cy + r * 0.35} h${w} l${-w * 0.18} ${r * 0.75} h${-w * 0.64} z" fill="${darken(acc, 0.1)}"/>
<ellipse cx="${cx}" cy="${cy + r * 0.3}" rx="${w * 0.5}" ry="${r * 0.28}" fill="#fff8e7"/>
<ellipse cx="${cx}" cy="${cy - r * 0.05}" rx="${w * 0.38}" ry="${r * 0.26}" fill="#fff3d6"/>
<ellipse cx="${cx}" cy="${cy - r * 0.38}" rx="${w * 0.24}" ry="${r * 0.22}" fill="#fff8e7"/>
<path d="M${cx - w * 0.42} ${cy + r * 0.22} q${w * 0.42} ${-r * 0.3} ${w * 0.84} 0" fill="none" stroke="${acc}" stroke-width="${(r * 0.1).toFixed(1)}" stroke-linecap="round"/>
<circle cx="${cx + r * 0.08}" cy="${cy - r * 0.72}" r="${r * 0.17}" fill="#e03131"/>`;
    }
    case "menthol": {
      // A snowflake on an icy disc.
      const arms = [0, 60, 120]
        .map(
          (
            deg,
          ) => `<g transform="rotate(${deg} ${cx} ${cy})"><line x1="${cx}" y1="${cy - r * 0.8}" x2="${cx}" y2="${cy + r * 0.8}"/>
<path d="M${cx - r * 0.22} ${cy - r * 0.72} L${cx} ${cy - r * 0.5} L${cx + r * 0.22} ${cy - r * 0.72} M${cx - r * 0.22} ${cy + r * 0.72} L${cx} ${cy + r * 0.5} L${cx + r * 0.22} ${cy + r * 0.72}" fill="none"/></g>`,
        )
        .join("");
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${darken(col, 0.15)}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.92}" fill="none" stroke="#fff" stroke-width="2" opacity="0.5"/>
<g stroke="#fff" stroke-width="${Math.max(2.5, r * 0.09).toFixed(1)}" stroke-linecap="round">${arms}</g>`;
    }
    case "tobacco":
      // A cured leaf with its veins, on a parchment disc.
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f3e5c8"/>
<path d="M${cx} ${cy - r * 0.85} C${cx + r * 0.75} ${cy - r * 0.45} ${cx + r * 0.6} ${cy + r * 0.5} ${cx} ${cy + r * 0.85} C${cx - r * 0.6} ${cy + r * 0.5} ${cx - r * 0.75} ${cy - r * 0.45} ${cx} ${cy - r * 0.85} Z" fill="${darken(acc, 0.2)}"/>
<path d="M${cx} ${cy - r * 0.7} L${cx} ${cy + r * 0.8} M${cx} ${cy - r * 0.2} l${r * 0.35} ${-r * 0.25} M${cx} ${cy - r * 0.2} l${-r * 0.35} ${-r * 0.25} M${cx} ${cy + r * 0.2} l${r * 0.38} ${-r * 0.22} M${cx} ${cy + r * 0.2} l${-r * 0.38} ${-r * 0.22}" stroke="#f3e5c8" stroke-width="${Math.max(2, r * 0.07).toFixed(1)}" fill="none" stroke-linecap="round"/>`;
    case "crystal":
      // A faceted salt crystal.
      return `<polygon points="${cx},${cy - r} ${cx + r * 0.8},${cy - r * 0.35} ${cx + r * 0.55},${cy + r * 0.8} ${cx - r * 0.55},${cy + r * 0.8} ${cx - r * 0.8},${cy - r * 0.35}" fill="#fff" opacity="0.92"/>
<polygon points="${cx},${cy - r} ${cx + r * 0.8},${cy - r * 0.35} ${cx},${cy + r * 0.05}" fill="${pale}"/>
<polygon points="${cx},${cy + r * 0.05} ${cx + r * 0.55},${cy + r * 0.8} ${cx - r * 0.55},${cy + r * 0.8}" fill="${acc}" opacity="0.7"/>
<polygon points="${cx},${cy - r} ${cx - r * 0.8},${cy - r * 0.35} ${cx},${cy + r * 0.05}" fill="${lighten(acc, 0.6)}"/>`;
    case "none":
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${pale}" opacity="0.92"/><circle cx="${cx}" cy="${cy}" r="${r * 0.56}" fill="${acc}"/>`;
  }
}

/** The label band of a bottle, laid out four ways (the family's variant). */
function labelBand(variant: number, x: number, y: number, w: number, h: number, acc: string): string {
  switch (variant % 4) {
    case 1:
      return `<polygon points="${x},${y + h * 0.78} ${x + w},${y + h * 0.52} ${x + w},${y + h * 0.64} ${x},${y + h * 0.9}" fill="${acc}"/>`;
    case 2:
      return [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<circle cx="${x + (w / 6) * (i + 1)}" cy="${y + h * 0.86}" r="${Math.min(7, w / 16)}" fill="${acc}"/>`,
        )
        .join("");
    case 3:
      return `<rect x="${x}" y="${y + 8}" width="${w}" height="10" fill="${acc}"/><rect x="${x}" y="${y + 24}" width="${w}" height="5" fill="${acc}" opacity="0.7"/>`;
    default:
      return `<rect x="${x}" y="${y + h - 32}" width="${w}" height="18" fill="${acc}"/>`;
  }
}

/**
 * The finish of a device body (the family's variant): plain, an LED strip, a two-tone lower
 * part, or fine diagonal ribs. Drawn inside the body's own outline (a clip path).
 */
function deviceFinish(
  variant: number,
  body: { x: number; y: number; w: number; h: number; rx: number },
  col: string,
  acc: string,
): string {
  const { x, y, w, h, rx } = body;
  const id = `finish-${variant % 4}-${x}-${y}`;
  const clip = `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath>`;
  switch (variant % 4) {
    case 1:
      return `<rect x="${x + w - 20}" y="${y + h * 0.22}" width="7" height="${h * 0.45}" rx="3.5" fill="${acc}"/><rect x="${x + w - 23}" y="${y + h * 0.22}" width="13" height="${h * 0.45}" rx="6" fill="${acc}" opacity="0.25"/>`;
    case 2:
      return `${clip}<g clip-path="url(#${id})"><rect x="${x}" y="${y + h * 0.64}" width="${w}" height="${h * 0.36}" fill="${darken(col, 0.3)}"/><rect x="${x}" y="${y + h * 0.64}" width="${w}" height="6" fill="${acc}"/></g>`;
    case 3:
      return `${clip}<g clip-path="url(#${id})" stroke="#fff" stroke-width="5" opacity="0.22">${[
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]
        .map((i) => `<line x1="${x - 40}" y1="${y + i * 40}" x2="${x + w + 40}" y2="${y + i * 40 - 90}"/>`)
        .join("")}</g>`;
    default:
      return "";
  }
}

// ---------- product silhouettes (drawn around x=300, resting on y~500) ----------

/** The 10 ml or 60 ml bottle of a freebase liquid; its shape and cap follow the flavour family. */
function liquidBottle(col: string, acc: string, wide: boolean, style: ArtStyle): string {
  const { motif, variant } = style;
  // Dessert: a squat "chubby" bottle; menthol: a slim frosted one; tobacco: square amber glass.
  const w = (wide ? 180 : 124) + (motif === "dessert" ? 30 : motif === "menthol" ? -18 : 0);
  const x = 300 - w / 2;
  const top = (wide ? 236 : 262) + (motif === "dessert" ? 40 : motif === "menthol" ? -30 : 0);
  const h = 498 - top;
  const rx = motif === "tobacco" ? 8 : motif === "dessert" ? 44 : wide ? 34 : 22;
  const glass = motif === "tobacco" ? "#8a4b14" : "#f8f9fa";
  let cap: string;
  if (motif === "dessert") {
    // A unicorn-style tapered nozzle.
    cap = `<path d="M${300 - 30} ${top + 4} L${300 - 9} ${top - 96} L${300 + 9} ${top - 96} L${300 + 30} ${top + 4} Z" fill="#f8f9fa"/>
<rect x="${300 - 34}" y="${top - 18}" width="68" height="26" rx="8" fill="${acc}"/>`;
  } else if (motif === "menthol") {
    // A child-safe screw cap in the family colour, ribbed.
    cap = `<rect x="${300 - 36}" y="${top - 64}" width="72" height="70" rx="10" fill="${darken(col, 0.25)}"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${300 - 32 + i * 12}" y="${top - 60}" width="4" height="62" fill="#fff" opacity="0.25"/>`).join("")}`;
  } else {
    const capW = wide ? 84 : 66;
    cap = `<rect x="${300 - capW / 2 + 6}" y="${top - 58}" width="${capW - 12}" height="40" rx="10" fill="${motif === "tobacco" ? "#2b2b2b" : "#f1f3f5"}"/>
<rect x="${x + 18}" y="${top - 26}" width="${w - 36}" height="44" rx="18" fill="${motif === "tobacco" ? "#1b1e22" : "#eceff1"}"/>
<rect x="${300 - capW / 2}" y="${top - 150}" width="${capW}" height="104" rx="12" fill="url(#dark)"/>
${[0.2, 0.4, 0.6, 0.8].map((f) => `<rect x="${300 - capW / 2 + capW * f - 2}" y="${top - 146}" width="4" height="96" fill="#000" opacity="0.35"/>`).join("")}`;
  }
  const labelY = top + 38;
  const labelH = h - 70;
  const label =
    motif === "tobacco"
      ? `<rect x="${x + 10}" y="${labelY}" width="${w - 20}" height="${labelH}" rx="4" fill="#f3e5c8"/><rect x="${x + 16}" y="${labelY + 6}" width="${w - 32}" height="${labelH - 12}" rx="3" fill="none" stroke="${darken(acc, 0.2)}" stroke-width="2"/>`
      : `<rect x="${x}" y="${labelY}" width="${w}" height="${labelH}" fill="url(#body)"/>`;
  const frost =
    motif === "menthol"
      ? `<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${rx}" fill="#e3fafc" opacity="0.35"/>`
      : "";
  const r = (wide ? 44 : 32) + (motif === "dessert" ? 6 : 0);
  return `${cap}
<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${rx}" fill="${glass}"/>
${label}
${labelBand(variant, x + (motif === "tobacco" ? 10 : 0), labelY, w - (motif === "tobacco" ? 20 : 0), labelH, acc)}
${motifShape(motif, 300, labelY + labelH * 0.4, r, col, acc)}
${frost}
${shine(x + 14, top + 10, h - 24)}`;
}

function saltBottle(col: string, acc: string, style: ArtStyle): string {
  return `<rect x="266" y="168" width="68" height="70" rx="8" fill="${acc}"/>
<rect x="266" y="168" width="68" height="14" rx="6" fill="${darken(acc, 0.25)}"/>
<rect x="276" y="232" width="48" height="26" rx="6" fill="#e9ecef"/>
<rect x="238" y="254" width="124" height="244" rx="18" fill="${lighten(col, 0.55)}"/>
<rect x="238" y="292" width="124" height="168" fill="url(#body)"/>
${labelBand(style.variant, 238, 292, 124, 168, lighten(acc, 0.2))}
${motifShape("crystal", 300, 362, 38, col, darken(col, 0.2))}
${style.motif !== "none" && style.motif !== "crystal" ? motifShape(style.motif, 340, 300, 18, col, acc) : ""}
${shine(252, 262, 226)}`;
}

/** Pod body outlines, one per family variant: rounded, squared, wide, slim. */
const POD_BODIES = [
  { x: 246, y: 188, w: 108, h: 310, rx: 50 },
  { x: 250, y: 182, w: 100, h: 316, rx: 20 },
  { x: 236, y: 200, w: 128, h: 298, rx: 38 },
  { x: 258, y: 168, w: 84, h: 330, rx: 42 },
];

function podDevice(col: string, acc: string, variant: number): string {
  const b = POD_BODIES[variant % 4];
  const mouth = variant % 2 === 1 ? 10 : 26;
  return `<rect x="262" y="${b.y - 76}" width="76" height="100" rx="${mouth}" fill="#1b1e22" opacity="0.92"/>
<rect x="279" y="${b.y - 28}" width="42" height="38" rx="8" fill="url(#juice)"/>
<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="${b.rx}" fill="url(#body)"/>
${deviceFinish(variant, b, col, acc)}
<rect x="289" y="${b.y + 74}" width="22" height="54" rx="11" fill="${darken(col, 0.3)}"/>
<circle cx="300" cy="448" r="7" fill="${acc}"/><circle cx="300" cy="448" r="14" fill="${acc}" opacity="0.25"/>
${shine(b.x + 16, b.y + 26, b.h - 60)}`;
}

function podMod(col: string, acc: string, variant: number): string {
  const body = { x: 228, y: 206, w: 144, h: 294, rx: variant % 2 === 1 ? 12 : 32 };
  return `<rect x="254" y="102" width="92" height="118" rx="22" fill="#1b1e22" opacity="0.9"/>
<rect x="272" y="150" width="56" height="56" rx="10" fill="url(#juice)"/>
<rect x="228" y="206" width="144" height="294" rx="${body.rx}" fill="url(#body)"/>
${deviceFinish(variant + 1, body, col, acc)}
<rect x="258" y="268" width="84" height="54" rx="8" fill="#0b1320"/>
<rect x="268" y="280" width="40" height="8" rx="4" fill="${acc}"/><rect x="268" y="296" width="62" height="6" rx="3" fill="#4dabf7" opacity="0.7"/><rect x="268" y="308" width="28" height="6" rx="3" fill="#fff" opacity="0.5"/>
<circle cx="300" cy="380" r="24" fill="${darken(col, 0.28)}"/><circle cx="300" cy="380" r="12" fill="${lighten(col, 0.2)}"/>
<rect x="282" y="430" width="36" height="12" rx="6" fill="${darken(col, 0.35)}"/>
${shine(244, 224, 250)}`;
}

function boxMod(col: string, acc: string, variant: number): string {
  const body = { x: 196, y: 292, w: 208, h: 210, rx: variant % 2 === 1 ? 10 : 28 };
  return `<rect x="276" y="86" width="48" height="46" rx="14" fill="url(#dark)"/>
<rect x="250" y="126" width="100" height="30" rx="8" fill="url(#metal)"/>
<rect x="256" y="154" width="88" height="116" rx="8" fill="url(#glass)"/>
<rect x="258" y="208" width="84" height="60" rx="6" fill="url(#juice)"/>
<rect x="292" y="156" width="16" height="110" fill="url(#metal)" opacity="0.85"/>
<rect x="248" y="266" width="104" height="30" rx="6" fill="url(#metal)"/>
<rect x="196" y="292" width="208" height="210" rx="${body.rx}" fill="url(#body)"/>
${deviceFinish(variant + 2, body, col, acc)}
<rect x="226" y="326" width="78" height="100" rx="8" fill="#0b1320"/>
<rect x="236" y="340" width="46" height="10" rx="5" fill="${acc}"/><rect x="236" y="358" width="58" height="6" rx="3" fill="#4dabf7" opacity="0.75"/><rect x="236" y="372" width="36" height="6" rx="3" fill="#fff" opacity="0.5"/><rect x="236" y="398" width="50" height="14" rx="4" fill="#69db7c" opacity="0.7"/>
<rect x="330" y="318" width="42" height="128" rx="20" fill="${darken(col, 0.3)}"/>
<rect x="238" y="446" width="22" height="12" rx="5" fill="${darken(col, 0.4)}"/><rect x="268" y="446" width="22" height="12" rx="5" fill="${darken(col, 0.4)}"/>
${shine(210, 306, 180)}`;
}

function penKit(col: string, acc: string, variant: number): string {
  const body = { x: 270, y: 270, w: 60, h: 230, rx: variant % 2 === 1 ? 8 : 20 };
  return `<rect x="282" y="88" width="36" height="40" rx="12" fill="url(#dark)"/>
<rect x="272" y="124" width="56" height="22" rx="6" fill="url(#metal)"/>
<rect x="276" y="144" width="48" height="112" rx="6" fill="url(#glass)"/>
<rect x="278" y="196" width="44" height="58" rx="4" fill="url(#juice)"/>
<rect x="272" y="252" width="56" height="20" rx="5" fill="url(#metal)"/>
<rect x="270" y="270" width="60" height="230" rx="${body.rx}" fill="url(#body)"/>
${deviceFinish(variant + 1, body, col, acc)}
<rect x="270" y="286" width="60" height="8" fill="${acc}" opacity="0.9"/>
<circle cx="300" cy="330" r="12" fill="${darken(col, 0.3)}"/><circle cx="300" cy="330" r="16" fill="none" stroke="${acc}" stroke-width="3" opacity="0.8"/>
${shine(280, 300, 180, 9)}`;
}

function tank(acc: string, variant: number): string {
  // Drip tips differ per family: round, wide-bore, tall, or a flat duckbill.
  const tip = [
    `<rect x="268" y="112" width="64" height="66" rx="20" fill="${mix(acc, "#111111", 0.35)}"/>`,
    `<rect x="252" y="128" width="96" height="50" rx="12" fill="${mix(acc, "#111111", 0.35)}"/>`,
    `<rect x="276" y="84" width="48" height="94" rx="16" fill="${mix(acc, "#111111", 0.35)}"/>`,
    `<path d="M262 178 L270 118 Q300 106 330 118 L338 178 Z" fill="${mix(acc, "#111111", 0.35)}"/>`,
  ][variant % 4];
  // Some take a bulb ("bubble") glass, so a fifth tank family does not repeat the first.
  const glass =
    variant % 3 === 1
      ? `<path d="M244 232 Q222 320 244 410 L356 410 Q378 320 356 232 Z" fill="url(#glass)"/>
<path d="M240 300 Q232 356 248 406 L352 406 Q368 356 360 300 Z" fill="url(#juice)"/>`
      : `<rect x="244" y="222" width="112" height="196" rx="16" fill="url(#glass)"/>
<rect x="248" y="290" width="104" height="124" rx="12" fill="url(#juice)"/>`;
  return `${tip}
<rect x="234" y="172" width="132" height="54" rx="12" fill="url(#body)"/>
${glass}
<rect x="290" y="226" width="20" height="190" fill="url(#metal)" opacity="0.9"/>
<rect x="234" y="414" width="132" height="62" rx="12" fill="url(#body)"/>
<rect x="252" y="436" width="26" height="12" rx="6" fill="#0d0f12"/><rect x="287" y="436" width="26" height="12" rx="6" fill="#0d0f12"/><rect x="322" y="436" width="26" height="12" rx="6" fill="#0d0f12"/>
<rect x="284" y="474" width="32" height="20" rx="4" fill="url(#metal)"/>
${shine(252, 232, 170, 10)}`;
}

/**
 * A pack of replacement coils, one look per family: five in a fan, three mesh heads standing in
 * a tray, four in a blister card, or two tall coils.
 */
function coilPack(col: string, variant: number): string {
  // Mesh or wire heads: alternating, and the other way round from the fifth family on.
  const mesh = (variant % 2 === 1) !== (Math.floor(variant / 4) % 2 === 1);
  const coil = (x: number, y: number, scale = 1) => `<g transform="translate(${x} ${y}) scale(${scale})">
<rect x="0" y="0" width="56" height="150" rx="10" fill="url(#metal)"/>
<rect x="0" y="110" width="56" height="26" fill="${col}" opacity="0.85"/>
${
  mesh
    ? `<rect x="8" y="34" width="40" height="46" rx="6" fill="#495057"/>${[0, 1, 2, 3, 4].map((i) => `<line x1="${12 + i * 8}" y1="36" x2="${12 + i * 8}" y2="78" stroke="#ced4da" stroke-width="2"/>`).join("")}`
    : `<rect x="10" y="40" width="14" height="34" rx="6" fill="#f3e9d2"/><rect x="32" y="40" width="14" height="34" rx="6" fill="#f3e9d2"/>`
}
<rect x="-3" y="8" width="62" height="10" rx="5" fill="#1b1e22"/>
<rect x="18" y="-14" width="20" height="18" rx="4" fill="url(#metal)"/></g>`;
  switch (variant % 4) {
    case 1:
      return `<rect x="150" y="400" width="300" height="96" rx="18" fill="${darken(col, 0.35)}"/><rect x="150" y="400" width="300" height="14" rx="7" fill="${lighten(col, 0.3)}"/>
${coil(190, 270)}${coil(272, 250)}${coil(354, 270)}`;
    case 2:
      return `<rect x="168" y="150" width="264" height="350" rx="20" fill="#f8f9fa"/><rect x="168" y="150" width="264" height="64" rx="20" fill="${col}"/>
<circle cx="300" cy="180" r="12" fill="#fff"/>
${coil(196, 262, 0.72)}${coil(256, 262, 0.72)}${coil(316, 262, 0.72)}${coil(376, 262, 0.72)}`;
    case 3:
      return `${coil(210, 196, 1.35)}${coil(314, 226, 1.35)}`;
    default:
      return [coil(150, 318), coil(214, 300), coil(278, 282), coil(342, 300), coil(406, 318)].join("");
  }
}

/**
 * Replacement pods, shaped per family: rounded, squared, a wide flat pod, or a slim one; two in
 * the pack, three from the fifth family on.
 */
function cartridges(col: string, variant: number): string {
  const shape = [
    { w: 94, h: 190, rx: 28 },
    { w: 94, h: 190, rx: 8 },
    { w: 126, h: 150, rx: 36 },
    { w: 70, h: 220, rx: 30 },
  ][variant % 4];
  const pod = (
    x: number,
    y: number,
  ) => `<g transform="translate(${x + (94 - shape.w) / 2} ${y + (190 - shape.h)})">
<rect x="${shape.w / 2 - 29}" y="0" width="58" height="64" rx="${shape.rx > 10 ? 18 : 6}" fill="#1b1e22" opacity="0.9"/>
<rect x="0" y="46" width="${shape.w}" height="${shape.h}" rx="${shape.rx}" fill="${col}" opacity="0.55"/>
<rect x="6" y="${46 + shape.h * 0.39}" width="${shape.w - 12}" height="${shape.h * 0.58}" rx="${Math.max(4, shape.rx - 6)}" fill="${col}" opacity="0.75"/>
<rect x="${shape.w / 2 - 11}" y="${46 + shape.h * 0.26}" width="22" height="${shape.h * 0.63}" rx="6" fill="url(#metal)"/>
<rect x="12" y="60" width="10" height="${shape.h - 40}" rx="5" fill="#fff" opacity="0.35"/></g>`;
  return Math.floor(variant / 4) % 2 === 1
    ? pod(140, 262) + pod(253, 238) + pod(366, 262)
    : pod(188, 250) + pod(318, 226);
}

function disposable(col: string, acc: string, variant: number): string {
  const body = { x: 252, y: 150, w: 96, h: 348, rx: variant % 2 === 1 ? 18 : 42 };
  return `<rect x="276" y="104" width="48" height="70" rx="20" fill="url(#dark)"/>
<rect x="252" y="150" width="96" height="348" rx="${body.rx}" fill="url(#fade)"/>
${deviceFinish(variant + 3, body, col, acc)}
<rect x="252" y="300" width="96" height="54" fill="${darken(col, 0.2)}" opacity="0.35"/>
<circle cx="300" cy="460" r="6" fill="#fff" opacity="0.85"/>
${shine(266, 172, 300, 11)}
<circle cx="300" cy="240" r="22" fill="${acc}" opacity="0.35"/>`;
}

function batteries(acc: string): string {
  const cell = (x: number, y: number) => `<g transform="translate(${x} ${y})">
<rect x="28" y="-12" width="28" height="16" rx="4" fill="url(#metal)"/>
<rect x="0" y="0" width="84" height="250" rx="14" fill="url(#body)"/>
<rect x="4" y="4" width="76" height="14" rx="6" fill="#f8f9fa" opacity="0.9"/>
<rect x="0" y="150" width="84" height="26" fill="${acc}" opacity="0.8"/>
<rect x="12" y="26" width="10" height="210" rx="5" fill="#fff" opacity="0.3"/></g>`;
  return cell(206, 246) + cell(310, 230);
}

/** A bay charger: two bays, or four for the family after it (a dual and a quad charger). */
function charger(variant: number): string {
  const four = variant % 2 === 1;
  const bayW = four ? 62 : 96;
  const bay = (
    x: number,
  ) => `<rect x="${x}" y="206" width="${bayW}" height="236" rx="${four ? 12 : 16}" fill="#111316"/>
<rect x="${x + 10}" y="224" width="${bayW - 20}" height="200" rx="10" fill="#e8590c" opacity="0.85"/>
<rect x="${x + 10}" y="224" width="${bayW - 20}" height="16" rx="6" fill="#f8f9fa"/>`;
  const xs = four ? [118, 206, 294, 382] : [186, 318];
  const left = four ? 96 : 150;
  const width = four ? 408 : 300;
  const leds = xs.map(
    (x, i) => `<circle cx="${x + bayW / 2}" cy="470" r="7" fill="${i % 2 ? "#ffd43b" : "#69db7c"}"/>`,
  );
  return `<rect x="${left}" y="178" width="${width}" height="320" rx="38" fill="url(#body)"/>
${xs.map(bay).join("")}
${leds.join("")}
<rect x="${left + 14}" y="196" width="12" height="280" rx="6" fill="#fff" opacity="0.2"/>`;
}

function cable(col: string): string {
  return `<path d="M170 420 C 150 260, 300 200, 330 300 S 470 420, 430 220" fill="none" stroke="${darken(col, 0.25)}" stroke-width="20" stroke-linecap="round"/>
<path d="M170 420 C 150 260, 300 200, 330 300 S 470 420, 430 220" fill="none" stroke="${lighten(col, 0.2)}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>
<rect x="150" y="410" width="40" height="74" rx="12" fill="url(#dark)"/><rect x="158" y="478" width="24" height="22" rx="5" fill="url(#metal)"/>
<rect x="410" y="150" width="40" height="74" rx="12" fill="url(#dark)"/><rect x="418" y="128" width="24" height="26" rx="5" fill="url(#metal)"/>`;
}

/** A drip tip: a narrow 510 tip, or a wide-bore 810 one for the family after it. */
function dripTip(col: string, variant: number): string {
  if (variant % 2 === 1) {
    return `<path d="M232 196 Q300 176 368 196 L376 372 Q300 392 224 372 Z" fill="url(#body)"/>
<ellipse cx="300" cy="196" rx="68" ry="18" fill="${darken(col, 0.45)}"/>
<ellipse cx="300" cy="196" rx="46" ry="12" fill="#0d0f12"/>
<rect x="244" y="370" width="112" height="70" rx="8" fill="url(#metal)"/>
<rect x="236" y="396" width="128" height="12" rx="6" fill="#1b1e22"/>
<path d="M250 214 L240 352" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity="0.3"/>`;
  }
  return `<path d="M262 150 Q300 132 338 150 L362 372 Q300 392 238 372 Z" fill="url(#body)"/>
<ellipse cx="300" cy="150" rx="38" ry="12" fill="${darken(col, 0.45)}"/>
<ellipse cx="300" cy="150" rx="22" ry="7" fill="#0d0f12"/>
<rect x="258" y="370" width="84" height="90" rx="8" fill="url(#metal)"/>
<rect x="252" y="396" width="96" height="10" rx="5" fill="#1b1e22"/><rect x="252" y="424" width="96" height="10" rx="5" fill="#1b1e22"/>
<path d="M278 170 L268 352" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.3"/>`;
}

function travelCase(col: string, acc: string): string {
  return `<rect x="140" y="210" width="320" height="250" rx="70" fill="url(#body)"/>
<path d="M160 250 Q300 205 440 250" fill="none" stroke="${darken(col, 0.4)}" stroke-width="10" stroke-dasharray="6 5"/>
<rect x="420" y="232" width="26" height="60" rx="10" fill="${acc}"/>
<rect x="176" y="300" width="248" height="120" rx="40" fill="${lighten(col, 0.12)}" opacity="0.5"/>
<rect x="160" y="250" width="14" height="170" rx="7" fill="#fff" opacity="0.2"/>`;
}

function lanyard(col: string): string {
  return `<ellipse cx="300" cy="250" rx="140" ry="150" fill="none" stroke="${darken(col, 0.2)}" stroke-width="20"/>
<ellipse cx="300" cy="250" rx="140" ry="150" fill="none" stroke="${lighten(col, 0.25)}" stroke-width="6" opacity="0.5"/>
<rect x="270" y="380" width="60" height="44" rx="12" fill="${darken(col, 0.3)}"/>
<circle cx="300" cy="462" r="34" fill="none" stroke="url(#metal)" stroke-width="12"/>`;
}

function cotton(col: string): string {
  const strip = (x: number, y: number, r: number) =>
    `<rect x="${x}" y="${y}" width="70" height="250" rx="30" fill="#fbf7ee" transform="rotate(${r} ${x + 35} ${y + 125})"/>
<rect x="${x + 10}" y="${y + 14}" width="50" height="222" rx="24" fill="#f0e6d2" opacity="0.6" transform="rotate(${r} ${x + 35} ${y + 125})"/>`;
  return `${strip(190, 220, -16)}${strip(265, 210, -2)}${strip(340, 220, 14)}
<rect x="200" y="440" width="200" height="60" rx="14" fill="${darken(col, 0.5)}"/><rect x="200" y="440" width="200" height="14" rx="7" fill="#74b816"/>`;
}

function tools(): string {
  return `<path d="M210 140 L250 470 L262 470 L232 140 Z" fill="url(#metal)"/>
<path d="M250 140 L258 470 L270 470 L272 140 Z" fill="url(#metal)"/>
<rect x="248" y="110" width="30" height="44" rx="8" fill="#f8f9fa"/>
<rect x="330" y="140" width="60" height="170" rx="22" fill="url(#body)"/>
<rect x="352" y="306" width="16" height="170" rx="4" fill="url(#metal)"/>
<rect x="400" y="360" width="22" height="130" rx="6" fill="url(#metal)"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="396" y="${372 + i * 22}" width="30" height="6" rx="3" fill="#868e96"/>`).join("")}`;
}

function sleeves(col: string): string {
  const sleeve = (x: number, y: number, fill: string) => `<g transform="translate(${x} ${y})">
<rect x="0" y="0" width="90" height="240" rx="20" fill="${fill}" opacity="0.9"/>
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="6" y="${24 + i * 26}" width="78" height="8" rx="4" fill="#000" opacity="0.12"/>`).join("")}
<rect x="12" y="16" width="10" height="208" rx="5" fill="#fff" opacity="0.3"/></g>`;
  return sleeve(196, 250, col) + sleeve(314, 232, lighten(col, 0.2));
}

export function drawKind(kind: ImageKind, col: string, acc: string, style: ArtStyle = PLAIN): string {
  const v = style.variant;
  switch (kind) {
    case "bottle10":
      return liquidBottle(col, acc, false, style);
    case "bottle60":
      return liquidBottle(col, acc, true, style);
    case "salt":
      return saltBottle(col, acc, style);
    case "pod":
      return podDevice(col, acc, v);
    case "podmod":
      return podMod(col, acc, v);
    case "mod":
      return boxMod(col, acc, v);
    case "pen":
      return penKit(col, acc, v);
    case "tank":
      return tank(acc, v);
    case "coil":
      return coilPack(col, v);
    case "cartridge":
      return cartridges(col, v);
    case "disposable":
      return disposable(col, acc, v);
    case "battery":
      return batteries(acc);
    case "charger":
      return charger(v);
    case "cable":
      return cable(col);
    case "driptip":
      return dripTip(col, v);
    case "case":
      return travelCase(col, acc);
    case "lanyard":
      return lanyard(col);
    case "cotton":
      return cotton(col);
    case "tool":
      return tools();
    case "sleeve":
      return sleeves(col);
  }
}

// ---------- whole pictures ----------

const svgOpen = (w: number, h: number, vw = w, vh = h) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vw} ${vh}">`;

/**
 * A 600x600 product picture. View 1: front view on a soft tint of the product colour.
 * View 2: the same product turned on a warm studio background, as a second shot would be.
 */
export function productSvg(
  kind: ImageKind,
  col: string,
  acc: string,
  view: 1 | 2,
  style: ArtStyle = PLAIN,
): string {
  const pale = luminance(col) > 0.82;
  if (view === 1) {
    // A white or near-black product is tinted by its accent (a device's brand colour): the
    // colour's own tint would be plain grey, and a row of black kits would look all alike.
    const base = pale || luminance(col) < 0.25 ? acc : col;
    return `${svgOpen(600, 600)}${defs(col, acc)}
<linearGradient id="bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(base, 0.9)}"/><stop offset="1" stop-color="${lighten(base, 0.74)}"/></linearGradient>
<rect width="600" height="600" fill="url(#bg)"/>
<circle cx="470" cy="120" r="150" fill="#fff" opacity="0.35"/>
<ellipse cx="300" cy="506" rx="170" ry="22" fill="url(#shadow)"/>
${drawKind(kind, col, acc, style)}</svg>`;
  }
  const stage = lighten(mix(acc, "#f1e9dc", 0.5), 0.55);
  return `${svgOpen(600, 600)}${defs(col, acc)}
<linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#f6f1ea"/><stop offset="1" stop-color="#e4ddd2"/></linearGradient>
<rect width="600" height="600" fill="url(#bg)"/>
<circle cx="300" cy="300" r="232" fill="${stage}"/>
<ellipse cx="292" cy="520" rx="190" ry="20" fill="url(#shadow)"/>
<g transform="translate(20 28) rotate(-14 300 330) scale(0.94)">${drawKind(kind, col, acc, style)}</g></svg>`;
}

/** A category tile: the category's silhouette on its colour (600x400). */
export function categorySvg(kind: ImageKind, col: string): string {
  const acc = lighten(col, 0.35);
  return `${svgOpen(600, 400)}${defs(col, acc)}
<linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${lighten(col, 0.82)}"/><stop offset="1" stop-color="${lighten(col, 0.6)}"/></linearGradient>
<rect width="600" height="400" fill="url(#bg)"/>
<circle cx="90" cy="340" r="140" fill="#fff" opacity="0.3"/><circle cx="520" cy="60" r="110" fill="${col}" opacity="0.12"/>
<ellipse cx="300" cy="344" rx="120" ry="14" fill="url(#shadow)"/>
<g transform="translate(114 30) scale(0.62)">${drawKind(kind, col, acc)}</g></svg>`;
}

function emblemShape(emblem: Emblem, col: string): string {
  const light = lighten(col, 0.45);
  switch (emblem) {
    case "hexagon":
      return `<polygon points="100,38 152,68 152,128 100,158 48,128 48,68" fill="${col}"/><polygon points="100,70 124,84 124,112 100,126 76,112 76,84" fill="${light}"/>`;
    case "circle":
      return `<circle cx="100" cy="98" r="60" fill="${col}"/><circle cx="100" cy="98" r="34" fill="none" stroke="${light}" stroke-width="10"/><circle cx="126" cy="72" r="10" fill="${light}"/>`;
    case "diamond":
      return `<polygon points="100,36 160,98 100,160 40,98" fill="${col}"/><polygon points="100,70 130,98 100,126 70,98" fill="${light}"/>`;
    case "triangle":
      return `<polygon points="100,36 164,152 36,152" fill="${col}"/><polygon points="100,84 130,138 70,138" fill="${light}"/>`;
    case "wave":
      return `<circle cx="100" cy="98" r="60" fill="${col}"/><path d="M48 104 Q74 76 100 104 T152 104" fill="none" stroke="${light}" stroke-width="12" stroke-linecap="round"/>`;
    case "leaf":
      return `<path d="M52 150 Q52 48 156 44 Q152 150 52 150 Z" fill="${col}"/><path d="M62 140 Q104 100 140 56" stroke="${light}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    case "bolt":
      return `<circle cx="100" cy="98" r="60" fill="${col}"/><polygon points="108,52 74,104 98,104 90,146 128,90 104,90" fill="${light}"/>`;
    case "drop":
      return `<path d="M100 36 Q150 100 150 120 A50 50 0 0 1 50 120 Q50 100 100 36 Z" fill="${col}"/><circle cx="84" cy="118" r="12" fill="${light}"/>`;
  }
}

/**
 * One drawing with gradients of its own colours: ids are global to an SVG document, so a banner
 * with several products suffixes each one's ids (else every product took the first one's colour).
 */
function scoped(svg: string, suffix: string): string {
  return svg
    .replace(/id="([\w-]+)"/g, `id="$1-${suffix}"`)
    .replace(/url\(#([\w-]+)\)/g, `url(#$1-${suffix})`);
}

/**
 * A 1920x500 hero banner: plain on the left for the slide's HTML text, products right of the
 * middle. The hero crops the picture's sides (object-cover): at 1280 px only x 320-1600 shows, so
 * the products stand between 1030 and 1590.
 */
export function slideSvg(
  primary: string,
  dark: string,
  accent: string,
  items: { kind: ImageKind; colour: string; accent?: string; style?: ArtStyle }[],
): string {
  const scale = 0.78;
  const placed = items
    .map((it, i) => {
      const x = Math.round(1110 + i * 195 - 300 * scale);
      const y = i % 2 === 0 ? 58 : 70;
      const acc = it.accent ?? accent;
      const drawing = scoped(defs(it.colour, acc) + drawKind(it.kind, it.colour, acc, it.style), `s${i}`);
      return `<g transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>`;
    })
    .join("");
  return `${svgOpen(1920, 500)}${defs(primary, accent)}
<linearGradient id="bg" x1="0" x2="1"><stop offset="0" stop-color="${dark}"/><stop offset="0.55" stop-color="${primary}"/><stop offset="1" stop-color="${lighten(primary, 0.25)}"/></linearGradient>
<rect width="1920" height="500" fill="url(#bg)"/>
<circle cx="1310" cy="250" r="300" fill="${accent}" opacity="0.18"/>
<circle cx="1720" cy="60" r="160" fill="#fff" opacity="0.08"/>
<circle cx="160" cy="470" r="220" fill="#000" opacity="0.1"/>
<ellipse cx="1310" cy="458" rx="340" ry="22" fill="url(#shadow)"/>
${placed}</svg>`;
}

/**
 * A blog post's cover (1200x630, the size link previews use): the products the post is about,
 * standing on the store's colours.
 */
export function blogCoverSvg(
  primary: string,
  dark: string,
  accent: string,
  items: { kind: ImageKind; colour: string; accent?: string; style?: ArtStyle }[],
  variant: number,
): string {
  const shown = items.slice(0, 3);
  const scale = shown.length > 2 ? 0.72 : 0.8;
  const step = 300;
  const left = 600 - ((shown.length - 1) * step) / 2 - 300 * scale;
  const placed = shown
    .map((it, i) => {
      const x = Math.round(left + i * step);
      const y = i % 2 === 0 ? 96 : 112;
      const acc = it.accent ?? accent;
      const drawing = scoped(defs(it.colour, acc) + drawKind(it.kind, it.colour, acc, it.style), `c${i}`);
      return `<g transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>`;
    })
    .join("");
  const angle = [0, 1, 1, 0][variant % 4];
  return `${svgOpen(1200, 630)}${defs(primary, accent)}
<linearGradient id="bg" x1="0" x2="${angle}" y1="${1 - angle}" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${lighten(primary, 0.2)}"/></linearGradient>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="${200 + (variant % 3) * 400}" cy="120" r="220" fill="${accent}" opacity="0.16"/>
<circle cx="${1050 - (variant % 2) * 800}" cy="560" r="180" fill="#fff" opacity="0.08"/>
<ellipse cx="600" cy="560" rx="420" ry="26" fill="url(#shadow)"/>
${placed}</svg>`;
}

/** A wide page header (about, contact) or the home categories background. */
export function bannerSvg(
  variant: "about" | "contact" | "categories",
  primary: string,
  dark: string,
  accent: string,
): string {
  const h = variant === "categories" ? 700 : 400;
  let motif = "";
  if (variant === "about") {
    motif = [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<circle cx="${180 + i * 260}" cy="${200 + (i % 2 ? 60 : -40)}" r="${90 + (i % 3) * 30}" fill="${i % 2 ? accent : "#ffffff"}" opacity="0.1"/>`,
      )
      .join("");
  } else if (variant === "contact") {
    // An abstract street map with a pin: suggests "find us" without any map data or text.
    const streets = [0, 1, 2, 3, 4, 5, 6, 7, 8]
      .map(
        (i) =>
          `<path d="M${i * 240 - 100} 0 L${i * 240 + 80} 400" stroke="#fff" stroke-width="${i % 3 === 0 ? 14 : 6}" opacity="0.12"/>`,
      )
      .join("");
    const cross = [60, 170, 300]
      .map((y) => `<path d="M0 ${y} L1920 ${y + 40}" stroke="#fff" stroke-width="8" opacity="0.1"/>`)
      .join("");
    motif = `${streets}${cross}<path d="M1440 110 C1400 110 1380 140 1380 170 C1380 220 1440 290 1440 290 C1440 290 1500 220 1500 170 C1500 140 1480 110 1440 110 Z" fill="${accent}"/><circle cx="1440" cy="168" r="20" fill="#fff"/>`;
  } else {
    motif = Array.from({ length: 24 }, (_, i) => {
      const x = (i * 331) % 1920;
      const y = (i * 197) % 700;
      return `<circle cx="${x}" cy="${y}" r="${40 + (i % 5) * 22}" fill="${i % 3 === 0 ? accent : "#ffffff"}" opacity="${i % 2 ? 0.08 : 0.12}"/>`;
    }).join("");
  }
  return `${svgOpen(1920, h)}<defs><linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${primary}"/></linearGradient></defs>
<rect width="1920" height="${h}" fill="url(#bg)"/>${motif}</svg>`;
}

// ---------- vector brand files (served as SVG, so text is fine here) ----------

/** About 0.6 em per character of a bold sans-serif: Arial's is a little less, DejaVu's more. */
const BOLD_EM = 0.6;

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function mark(primary: string, accent: string): string {
  return `<circle cx="28" cy="28" r="24" fill="${primary}"/>
<path d="M16 34 Q22 22 28 30 T40 26" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
<circle cx="38" cy="17" r="6" fill="${accent}"/>`;
}

/** The store's logo: its mark and name. The name is set to a fixed width (see brandSvg). */
export function logoSvg(name: string, primary: string, dark: string, accent: string): string {
  const textWidth = Math.round(name.length * 24 * BOLD_EM);
  const width = 62 + textWidth + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${escapeXml(name)}">
<title>${escapeXml(name)}</title>
${mark(primary, accent)}
<text x="62" y="37" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="${dark}" textLength="${textWidth}" lengthAdjust="spacingAndGlyphs">${escapeXml(name)}</text>
</svg>
`;
}

/**
 * The name split over at most two lines of similar length ("Saltmarsh Liquids" becomes
 * "Saltmarsh" / "Liquids"); a single word or a short name stays on one line.
 */
function wordmarkLines(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2 || name.length <= 10) return [name];
  let best: string[] = [name];
  let bestLongest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest < bestLongest) {
      best = lines;
      bestLongest = longest;
    }
  }
  return best;
}

/**
 * A brand logo (400x200): the brand's emblem and its name as a wordmark. Served as SVG, so the
 * browser sets the name in its own sans-serif: a raster would need a font on the seeding machine.
 * Fonts differ in width (DejaVu Sans, Linux's usual fallback, is much wider than Arial), so every
 * line is set to the width it would have in Arial (textLength): it fits the 200 px beside the
 * emblem, and the panel, whatever font the browser picks.
 */
export function brandSvg(name: string, emblem: Emblem, col: string): string {
  const lines = wordmarkLines(name);
  const longest = Math.max(...lines.map((l) => l.length));
  // The wordmark area is 200 px wide and 120 px tall.
  const size = Math.min(lines.length === 1 ? 46 : 40, Math.floor(200 / (longest * BOLD_EM)));
  const ink = darken(col, 0.35);
  const lineHeight = size * 1.1;
  const top = 100 - (lineHeight * lines.length) / 2 + size * 0.8;
  const width = (line: string) => Math.min(200, Math.round(line.length * size * BOLD_EM));
  const text = lines
    .map(
      (line, i) =>
        `<text x="180" y="${Math.round(top + i * lineHeight)}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${ink}" textLength="${width(line)}" lengthAdjust="spacingAndGlyphs">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" role="img" aria-label="${escapeXml(name)}">
<title>${escapeXml(name)}</title>
<rect width="400" height="200" fill="#ffffff"/>
<rect x="6" y="6" width="388" height="188" rx="18" fill="${lighten(col, 0.92)}"/>
<g transform="translate(14 22) scale(0.8)">${emblemShape(emblem, col)}</g>
<rect x="180" y="${Math.round(top + (lines.length - 1) * lineHeight + size * 0.35)}" width="${Math.max(...lines.map(width))}" height="5" rx="2.5" fill="${col}" opacity="0.55"/>
${text}
</svg>
`;
}

export function faviconSvg(primary: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56" viewBox="0 0 56 56">
${mark(primary, accent)}
</svg>
`;
}
