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

// ---------- product silhouettes (drawn around x=300, resting on y~500) ----------

function dropperBottle(acc: string, wide: boolean): string {
  const w = wide ? 180 : 124;
  const x = 300 - w / 2;
  const top = wide ? 236 : 262;
  const h = 498 - top;
  const capW = wide ? 84 : 66;
  return `<rect x="${300 - capW / 2 + 6}" y="${top - 58}" width="${capW - 12}" height="40" rx="10" fill="#f1f3f5"/>
<rect x="${x + 18}" y="${top - 26}" width="${w - 36}" height="44" rx="18" fill="#eceff1"/>
<rect x="${300 - capW / 2}" y="${top - 150}" width="${capW}" height="104" rx="12" fill="url(#dark)"/>
${[0.2, 0.4, 0.6, 0.8].map((f) => `<rect x="${300 - capW / 2 + capW * f - 2}" y="${top - 146}" width="4" height="96" fill="#000" opacity="0.35"/>`).join("")}
<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${wide ? 34 : 22}" fill="#f8f9fa"/>
<rect x="${x}" y="${top + 38}" width="${w}" height="${h - 70}" fill="url(#body)"/>
<rect x="${x}" y="${top + h - 96}" width="${w}" height="18" fill="${acc}"/>
<circle cx="300" cy="${top + 38 + (h - 70) * 0.38}" r="${wide ? 44 : 32}" fill="${lighten(acc, 0.35)}" opacity="0.92"/>
<circle cx="300" cy="${top + 38 + (h - 70) * 0.38}" r="${wide ? 26 : 18}" fill="${acc}"/>
${shine(x + 14, top + 10, h - 24)}`;
}

function saltBottle(col: string, acc: string): string {
  return `<rect x="266" y="168" width="68" height="70" rx="8" fill="${acc}"/>
<rect x="266" y="168" width="68" height="14" rx="6" fill="${darken(acc, 0.25)}"/>
<rect x="276" y="232" width="48" height="26" rx="6" fill="#e9ecef"/>
<rect x="238" y="254" width="124" height="244" rx="18" fill="${lighten(col, 0.55)}"/>
<rect x="238" y="292" width="124" height="168" fill="url(#body)"/>
<polygon points="238,292 362,292 362,340 238,400" fill="${lighten(acc, 0.2)}" opacity="0.85"/>
<rect x="262" y="420" width="76" height="10" rx="5" fill="#fff" opacity="0.7"/>
${shine(252, 262, 226)}`;
}

function podDevice(col: string, acc: string): string {
  return `<rect x="262" y="112" width="76" height="100" rx="26" fill="#1b1e22" opacity="0.92"/>
<rect x="279" y="160" width="42" height="38" rx="8" fill="url(#juice)"/>
<rect x="246" y="188" width="108" height="310" rx="50" fill="url(#body)"/>
<rect x="289" y="262" width="22" height="54" rx="11" fill="${darken(col, 0.3)}"/>
<circle cx="300" cy="448" r="7" fill="${acc}"/><circle cx="300" cy="448" r="14" fill="${acc}" opacity="0.25"/>
${shine(262, 214, 250)}`;
}

function podMod(col: string, acc: string): string {
  return `<rect x="254" y="102" width="92" height="118" rx="22" fill="#1b1e22" opacity="0.9"/>
<rect x="272" y="150" width="56" height="56" rx="10" fill="url(#juice)"/>
<rect x="228" y="206" width="144" height="294" rx="32" fill="url(#body)"/>
<rect x="258" y="268" width="84" height="54" rx="8" fill="#0b1320"/>
<rect x="268" y="280" width="40" height="8" rx="4" fill="${acc}"/><rect x="268" y="296" width="62" height="6" rx="3" fill="#4dabf7" opacity="0.7"/><rect x="268" y="308" width="28" height="6" rx="3" fill="#fff" opacity="0.5"/>
<circle cx="300" cy="380" r="24" fill="${darken(col, 0.28)}"/><circle cx="300" cy="380" r="12" fill="${lighten(col, 0.2)}"/>
<rect x="282" y="430" width="36" height="12" rx="6" fill="${darken(col, 0.35)}"/>
${shine(244, 224, 250)}`;
}

function boxMod(col: string, acc: string): string {
  return `<rect x="276" y="86" width="48" height="46" rx="14" fill="url(#dark)"/>
<rect x="250" y="126" width="100" height="30" rx="8" fill="url(#metal)"/>
<rect x="256" y="154" width="88" height="116" rx="8" fill="url(#glass)"/>
<rect x="258" y="208" width="84" height="60" rx="6" fill="url(#juice)"/>
<rect x="292" y="156" width="16" height="110" fill="url(#metal)" opacity="0.85"/>
<rect x="248" y="266" width="104" height="30" rx="6" fill="url(#metal)"/>
<rect x="196" y="292" width="208" height="210" rx="28" fill="url(#body)"/>
<rect x="226" y="326" width="78" height="100" rx="8" fill="#0b1320"/>
<rect x="236" y="340" width="46" height="10" rx="5" fill="${acc}"/><rect x="236" y="358" width="58" height="6" rx="3" fill="#4dabf7" opacity="0.75"/><rect x="236" y="372" width="36" height="6" rx="3" fill="#fff" opacity="0.5"/><rect x="236" y="398" width="50" height="14" rx="4" fill="#69db7c" opacity="0.7"/>
<rect x="330" y="318" width="42" height="128" rx="20" fill="${darken(col, 0.3)}"/>
<rect x="238" y="446" width="22" height="12" rx="5" fill="${darken(col, 0.4)}"/><rect x="268" y="446" width="22" height="12" rx="5" fill="${darken(col, 0.4)}"/>
${shine(210, 306, 180)}`;
}

function penKit(col: string, acc: string): string {
  return `<rect x="282" y="88" width="36" height="40" rx="12" fill="url(#dark)"/>
<rect x="272" y="124" width="56" height="22" rx="6" fill="url(#metal)"/>
<rect x="276" y="144" width="48" height="112" rx="6" fill="url(#glass)"/>
<rect x="278" y="196" width="44" height="58" rx="4" fill="url(#juice)"/>
<rect x="272" y="252" width="56" height="20" rx="5" fill="url(#metal)"/>
<rect x="270" y="270" width="60" height="230" rx="20" fill="url(#body)"/>
<rect x="270" y="286" width="60" height="8" fill="${acc}" opacity="0.9"/>
<circle cx="300" cy="330" r="12" fill="${darken(col, 0.3)}"/><circle cx="300" cy="330" r="16" fill="none" stroke="${acc}" stroke-width="3" opacity="0.8"/>
${shine(280, 300, 180, 9)}`;
}

function tank(acc: string): string {
  return `<rect x="268" y="112" width="64" height="66" rx="20" fill="${mix(acc, "#111111", 0.35)}"/>
<rect x="234" y="172" width="132" height="54" rx="12" fill="url(#body)"/>
<rect x="244" y="222" width="112" height="196" rx="16" fill="url(#glass)"/>
<rect x="248" y="290" width="104" height="124" rx="12" fill="url(#juice)"/>
<rect x="290" y="226" width="20" height="190" fill="url(#metal)" opacity="0.9"/>
<rect x="234" y="414" width="132" height="62" rx="12" fill="url(#body)"/>
<rect x="252" y="436" width="26" height="12" rx="6" fill="#0d0f12"/><rect x="287" y="436" width="26" height="12" rx="6" fill="#0d0f12"/><rect x="322" y="436" width="26" height="12" rx="6" fill="#0d0f12"/>
<rect x="284" y="474" width="32" height="20" rx="4" fill="url(#metal)"/>
${shine(252, 232, 170, 10)}`;
}

function coilPack(col: string): string {
  const coil = (x: number, y: number) => `<g transform="translate(${x} ${y})">
<rect x="0" y="0" width="56" height="150" rx="10" fill="url(#metal)"/>
<rect x="0" y="110" width="56" height="26" fill="${col}" opacity="0.85"/>
<rect x="10" y="40" width="14" height="34" rx="6" fill="#f3e9d2"/><rect x="32" y="40" width="14" height="34" rx="6" fill="#f3e9d2"/>
<rect x="-3" y="8" width="62" height="10" rx="5" fill="#1b1e22"/>
<rect x="18" y="-14" width="20" height="18" rx="4" fill="url(#metal)"/></g>`;
  return [coil(150, 318), coil(214, 300), coil(278, 282), coil(342, 300), coil(406, 318)].join("");
}

function cartridges(col: string): string {
  const pod = (x: number, y: number) => `<g transform="translate(${x} ${y})">
<rect x="18" y="0" width="58" height="64" rx="18" fill="#1b1e22" opacity="0.9"/>
<rect x="0" y="46" width="94" height="190" rx="28" fill="${col}" opacity="0.55"/>
<rect x="6" y="120" width="82" height="110" rx="22" fill="${col}" opacity="0.75"/>
<rect x="36" y="96" width="22" height="120" rx="6" fill="url(#metal)"/>
<rect x="12" y="60" width="10" height="150" rx="5" fill="#fff" opacity="0.35"/></g>`;
  return pod(188, 250) + pod(318, 226);
}

function disposable(col: string, acc: string): string {
  return `<rect x="276" y="104" width="48" height="70" rx="20" fill="url(#dark)"/>
<rect x="252" y="150" width="96" height="348" rx="42" fill="url(#fade)"/>
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

function charger(): string {
  const bay = (x: number) => `<rect x="${x}" y="206" width="96" height="236" rx="16" fill="#111316"/>
<rect x="${x + 12}" y="224" width="72" height="200" rx="12" fill="#e8590c" opacity="0.85"/>
<rect x="${x + 12}" y="224" width="72" height="16" rx="6" fill="#f8f9fa"/>`;
  return `<rect x="150" y="178" width="300" height="320" rx="38" fill="url(#body)"/>
${bay(186)}${bay(318)}
<circle cx="250" cy="470" r="7" fill="#69db7c"/><circle cx="350" cy="470" r="7" fill="#ffd43b"/>
<rect x="164" y="196" width="12" height="280" rx="6" fill="#fff" opacity="0.2"/>`;
}

function cable(col: string): string {
  return `<path d="M170 420 C 150 260, 300 200, 330 300 S 470 420, 430 220" fill="none" stroke="${darken(col, 0.25)}" stroke-width="20" stroke-linecap="round"/>
<path d="M170 420 C 150 260, 300 200, 330 300 S 470 420, 430 220" fill="none" stroke="${lighten(col, 0.2)}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>
<rect x="150" y="410" width="40" height="74" rx="12" fill="url(#dark)"/><rect x="158" y="478" width="24" height="22" rx="5" fill="url(#metal)"/>
<rect x="410" y="150" width="40" height="74" rx="12" fill="url(#dark)"/><rect x="418" y="128" width="24" height="26" rx="5" fill="url(#metal)"/>`;
}

function dripTip(col: string): string {
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

export function drawKind(kind: ImageKind, col: string, acc: string): string {
  switch (kind) {
    case "bottle10":
      return dropperBottle(acc, false);
    case "bottle60":
      return dropperBottle(acc, true);
    case "salt":
      return saltBottle(col, acc);
    case "pod":
      return podDevice(col, acc);
    case "podmod":
      return podMod(col, acc);
    case "mod":
      return boxMod(col, acc);
    case "pen":
      return penKit(col, acc);
    case "tank":
      return tank(acc);
    case "coil":
      return coilPack(col);
    case "cartridge":
      return cartridges(col);
    case "disposable":
      return disposable(col, acc);
    case "battery":
      return batteries(acc);
    case "charger":
      return charger();
    case "cable":
      return cable(col);
    case "driptip":
      return dripTip(col);
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
export function productSvg(kind: ImageKind, col: string, acc: string, view: 1 | 2): string {
  const pale = luminance(col) > 0.82;
  if (view === 1) {
    const base = pale ? acc : col;
    return `${svgOpen(600, 600)}${defs(col, acc)}
<linearGradient id="bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${lighten(base, 0.9)}"/><stop offset="1" stop-color="${lighten(base, 0.74)}"/></linearGradient>
<rect width="600" height="600" fill="url(#bg)"/>
<circle cx="470" cy="120" r="150" fill="#fff" opacity="0.35"/>
<ellipse cx="300" cy="506" rx="170" ry="22" fill="url(#shadow)"/>
${drawKind(kind, col, acc)}</svg>`;
  }
  const stage = lighten(mix(acc, "#f1e9dc", 0.5), 0.55);
  return `${svgOpen(600, 600)}${defs(col, acc)}
<linearGradient id="bg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#f6f1ea"/><stop offset="1" stop-color="#e4ddd2"/></linearGradient>
<rect width="600" height="600" fill="url(#bg)"/>
<circle cx="300" cy="300" r="232" fill="${stage}"/>
<ellipse cx="292" cy="520" rx="190" ry="20" fill="url(#shadow)"/>
<g transform="translate(20 28) rotate(-14 300 330) scale(0.94)">${drawKind(kind, col, acc)}</g></svg>`;
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

/** A brand tile (400x200): an emblem and abstract wordmark bars; the UI prints the name. */
export function brandSvg(emblem: Emblem, col: string): string {
  return `${svgOpen(400, 200)}<rect width="400" height="200" fill="#ffffff"/>
<rect x="6" y="6" width="388" height="188" rx="18" fill="${lighten(col, 0.92)}"/>
<g transform="translate(20 2)">${emblemShape(emblem, col)}</g>
<rect x="200" y="72" width="150" height="20" rx="10" fill="${col}"/>
<rect x="200" y="104" width="104" height="12" rx="6" fill="${lighten(col, 0.4)}"/></svg>`;
}

/** A 1920x500 hero banner: plain on the left for the slide's HTML text, products on the right. */
export function slideSvg(
  primary: string,
  dark: string,
  accent: string,
  items: { kind: ImageKind; colour: string }[],
): string {
  const placed = items
    .map((it, i) => {
      const x = 1060 + i * 250;
      const y = i % 2 === 0 ? 10 : 26;
      return `<g transform="translate(${x} ${y}) scale(0.9)">${drawKind(it.kind, it.colour, accent)}</g>`;
    })
    .join("");
  return `${svgOpen(1920, 500)}${defs(items[0]?.colour ?? primary, accent)}
<linearGradient id="bg" x1="0" x2="1"><stop offset="0" stop-color="${dark}"/><stop offset="0.55" stop-color="${primary}"/><stop offset="1" stop-color="${lighten(primary, 0.25)}"/></linearGradient>
<rect width="1920" height="500" fill="url(#bg)"/>
<circle cx="1480" cy="250" r="330" fill="${accent}" opacity="0.18"/>
<circle cx="1780" cy="60" r="160" fill="#fff" opacity="0.08"/>
<circle cx="160" cy="470" r="220" fill="#000" opacity="0.1"/>
<ellipse cx="1480" cy="464" rx="520" ry="26" fill="url(#shadow)"/>
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

/** A reviewer avatar (128x128): a head-and-shoulders silhouette on a colour. */
export function avatarSvg(col: string): string {
  return `${svgOpen(128, 128)}<rect width="128" height="128" fill="${col}"/>
<circle cx="64" cy="50" r="24" fill="#fff" opacity="0.88"/>
<path d="M20 128 C20 92 42 80 64 80 C86 80 108 92 108 128 Z" fill="#fff" opacity="0.88"/></svg>`;
}

// ---------- vector brand files (served as SVG, so text is fine here) ----------

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function mark(primary: string, accent: string): string {
  return `<circle cx="28" cy="28" r="24" fill="${primary}"/>
<path d="M16 34 Q22 22 28 30 T40 26" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
<circle cx="38" cy="17" r="6" fill="${accent}"/>`;
}

export function logoSvg(name: string, primary: string, dark: string, accent: string): string {
  const width = Math.round(70 + name.length * 14.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${escapeXml(name)}">
<title>${escapeXml(name)}</title>
${mark(primary, accent)}
<text x="62" y="37" font-family="sans-serif" font-size="24" font-weight="700" fill="${dark}">${escapeXml(name)}</text>
</svg>
`;
}

export function faviconSvg(primary: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56" viewBox="0 0 56 56">
${mark(primary, accent)}
</svg>
`;
}
