// The demo catalogue's raw material: fictional brands, the category tree and product families.
// Every brand and model name here is invented; none belongs to a real manufacturer.
// A "family" becomes one product or one group of related variant products (var_rel).

/** The silhouette drawn for a product picture (see images.ts). */
export type ImageKind =
  | "bottle10"
  | "bottle60"
  | "salt"
  | "pod"
  | "podmod"
  | "mod"
  | "pen"
  | "tank"
  | "coil"
  | "cartridge"
  | "disposable"
  | "battery"
  | "charger"
  | "cable"
  | "driptip"
  | "case"
  | "lanyard"
  | "cotton"
  | "tool"
  | "sleeve";

/**
 * The packed weight of one unit of each kind, in grams (docs/decisions/0057): a bottle of liquid
 * is light, a kit in its box is heavier, so the demo's delivery bands show the difference.
 */
export const PACKED_GRAMS: Record<ImageKind, number> = {
  bottle10: 35,
  bottle60: 110,
  salt: 40,
  pod: 200,
  podmod: 300,
  mod: 450,
  pen: 160,
  tank: 170,
  coil: 60,
  cartridge: 45,
  disposable: 60,
  battery: 90,
  charger: 220,
  cable: 60,
  driptip: 15,
  case: 120,
  lanyard: 25,
  cotton: 20,
  tool: 180,
  sleeve: 30,
};

export type Emblem = "hexagon" | "circle" | "diamond" | "triangle" | "wave" | "leaf" | "bolt" | "drop";

export interface BrandDef {
  code: string;
  name: string;
  seq: number;
  showHome: boolean;
  colour: string;
  emblem: Emblem;
}

export const BRANDS: BrandDef[] = [
  { code: "ORBITEK", name: "Orbitek", seq: 1, showHome: true, colour: "#3b5bdb", emblem: "circle" },
  { code: "KESTRELLE", name: "Kestrelle", seq: 2, showHome: true, colour: "#c2255c", emblem: "triangle" },
  { code: "VOLTAFORGE", name: "Voltaforge", seq: 3, showHome: true, colour: "#e8590c", emblem: "bolt" },
  { code: "HALCYON", name: "Halcyon Drift", seq: 4, showHome: true, colour: "#0c8599", emblem: "wave" },
  { code: "DRIFTWOOD", name: "Driftwood & Pine", seq: 5, showHome: true, colour: "#5c940d", emblem: "leaf" },
  { code: "CORALCLOUD", name: "Coral Cloud Co.", seq: 6, showHome: true, colour: "#f76707", emblem: "drop" },
  {
    code: "SALTMARSH",
    name: "Saltmarsh Liquids",
    seq: 7,
    showHome: true,
    colour: "#1971c2",
    emblem: "diamond",
  },
  { code: "NIMBORA", name: "Nimbora", seq: 8, showHome: true, colour: "#9c36b5", emblem: "hexagon" },
  { code: "MISTRALE", name: "Mistrale Works", seq: 9, showHome: false, colour: "#1098ad", emblem: "wave" },
  { code: "IRONLEAF", name: "Ironleaf Blends", seq: 10, showHome: false, colour: "#795548", emblem: "leaf" },
  { code: "LUMENPOD", name: "Lumenpod", seq: 11, showHome: false, colour: "#f59f00", emblem: "circle" },
  { code: "FENNEC", name: "Fennec Labs", seq: 12, showHome: false, colour: "#495057", emblem: "triangle" },
];

export interface MasterDef {
  code: string;
  description: string;
  slug: string;
  seq: number;
  kind: ImageKind;
  colour: string;
}

export const MASTER_CATEGORIES: MasterDef[] = [
  { code: "EL", description: "E-liquids", slug: "e-liquids", seq: 1, kind: "bottle10", colour: "#e8590c" },
  { code: "DV", description: "Devices & Kits", slug: "devices-kits", seq: 2, kind: "pod", colour: "#3b5bdb" },
  { code: "TC", description: "Tanks & Coils", slug: "tanks-coils", seq: 3, kind: "tank", colour: "#0c8599" },
  {
    code: "DS",
    description: "Disposables",
    slug: "disposables",
    seq: 4,
    kind: "disposable",
    colour: "#9c36b5",
  },
  { code: "AC", description: "Accessories", slug: "accessories", seq: 5, kind: "battery", colour: "#495057" },
];

export interface SubCategoryDef {
  code: string;
  master: string;
  description: string;
  slug: string;
  seq: number;
  popular: boolean;
  popularOrder: number;
  kind: ImageKind;
  colour: string;
}

const sub = (
  code: string,
  master: string,
  description: string,
  slug: string,
  seq: number,
  kind: ImageKind,
  colour: string,
  popularOrder = 0,
): SubCategoryDef => ({
  code,
  master,
  description,
  slug,
  seq,
  kind,
  colour,
  popular: popularOrder > 0,
  popularOrder,
});

export const SUB_CATEGORIES: SubCategoryDef[] = [
  sub("EL-FRUIT", "EL", "Fruit E-liquids", "fruit-e-liquids", 1, "bottle10", "#f08c00", 2),
  sub("EL-DESSERT", "EL", "Dessert & Bakery", "dessert-bakery", 2, "bottle10", "#b5651d"),
  sub("EL-MENTHOL", "EL", "Menthol & Ice", "menthol-ice", 3, "bottle10", "#15aabf", 6),
  sub("EL-TOBACCO", "EL", "Tobacco Blends", "tobacco-blends", 4, "bottle10", "#8d6e63"),
  sub("EL-SALT", "EL", "Nic Salts", "nic-salts", 5, "salt", "#1971c2", 3),
  sub("EL-SHORTFILL", "EL", "Shortfills", "shortfills", 6, "bottle60", "#e64980"),
  sub("DV-POD", "DV", "Pod Kits", "pod-kits", 1, "pod", "#3b5bdb", 1),
  sub("DV-MOD", "DV", "Mod Kits", "mod-kits", 2, "mod", "#343a40", 7),
  sub("DV-STARTER", "DV", "Starter Kits", "starter-kits", 3, "pen", "#2f9e44"),
  sub("TC-SUBOHM", "TC", "Sub-Ohm Tanks", "sub-ohm-tanks", 1, "tank", "#0c8599"),
  sub("TC-MTL", "TC", "MTL Tanks", "mtl-tanks", 2, "tank", "#5f3dc4"),
  sub("TC-COILS", "TC", "Replacement Coils", "replacement-coils", 3, "coil", "#868e96", 5),
  sub("TC-PODS", "TC", "Replacement Pods", "replacement-pods", 4, "cartridge", "#1c7ed6"),
  sub("DS-DISPO", "DS", "Disposable Vapes", "disposable-vapes", 1, "disposable", "#9c36b5", 4),
  sub("DS-PREFILLED", "DS", "Prefilled Pods", "prefilled-pods", 2, "cartridge", "#f59f00"),
  sub("AC-POWER", "AC", "Batteries & Chargers", "batteries-chargers", 1, "battery", "#e8590c"),
  sub("AC-DRIP", "AC", "Drip Tips", "drip-tips", 2, "driptip", "#d6336c"),
  sub("AC-CASES", "AC", "Cases & Lanyards", "cases-lanyards", 3, "case", "#495057"),
  sub("AC-BUILD", "AC", "Coil Building & Cotton", "coil-building", 4, "cotton", "#74b816"),
];

export interface Colourway {
  name: string;
  hex: string;
}

/** One colour x size combination of a product_variants row (the slug quick view). */
export interface VariantCombo {
  colorName: string;
  color: string;
  size: string;
  /** Added to the product price for this combination. */
  deltaCents: number;
}

interface FamilyCommon {
  key: string;
  brand: string;
  /** Sub-category codes; the first one decides the product code's master prefix. */
  categories: string[];
  desc: string;
}

/** A freebase e-liquid: 10 ml bottles in several strengths, optionally a 60 ml shortfill. */
export interface LiquidFamily extends FamilyCommon {
  type: "liquid";
  flavour: string;
  colour: string;
  accent: string;
  shortfill: boolean;
  /** Retail price of one 10 ml bottle. */
  priceCents: number;
}

export interface SaltFamily extends FamilyCommon {
  type: "salt";
  flavour: string;
  colour: string;
  accent: string;
  priceCents: number;
}

/** Hardware sold in several finishes: each colour is its own product in one variant group. */
export interface ColourFamily extends FamilyCommon {
  type: "colours";
  model: string;
  kind: ImageKind;
  colours: Colourway[];
  priceCents: number;
}

/** A group told apart by something other than colour: coil resistance, disposable flavour. */
export interface OptionFamily extends FamilyCommon {
  type: "options";
  model: string;
  kind: ImageKind;
  options: { label: string; hex: string; deltaCents?: number }[];
  priceCents: number;
  /** Whether each option's picture takes the option's colour or the family's first one. */
  tintPerOption: boolean;
}

export interface SingleFamily extends FamilyCommon {
  type: "single";
  model: string;
  kind: ImageKind;
  hex: string;
  priceCents: number;
  variants?: VariantCombo[];
}

export type Family = LiquidFamily | SaltFamily | ColourFamily | OptionFamily | SingleFamily;

const liquid = (
  key: string,
  brand: string,
  categories: string[],
  flavour: string,
  colour: string,
  accent: string,
  desc: string,
  shortfill = true,
  priceCents = 549,
): LiquidFamily => ({
  type: "liquid",
  key,
  brand,
  categories,
  flavour,
  colour,
  accent,
  desc,
  shortfill,
  priceCents,
});

const salt = (
  key: string,
  flavour: string,
  colour: string,
  accent: string,
  desc: string,
  extraCategory: string,
): SaltFamily => ({
  type: "salt",
  key,
  brand: "SALTMARSH",
  categories: ["EL-SALT", extraCategory],
  flavour,
  colour,
  accent,
  desc,
  priceCents: 599,
});

const c = (name: string, hex: string): Colourway => ({ name, hex });

/** Combinations, leaving some out on purpose: picking a colour must narrow the sizes offered. */
function combos(
  colours: Colourway[],
  sizes: { size: string; deltaCents: number }[],
  skip: string[] = [],
): VariantCombo[] {
  const out: VariantCombo[] = [];
  for (const col of colours) {
    for (const s of sizes) {
      if (skip.includes(`${col.name}/${s.size}`)) continue;
      out.push({ colorName: col.name, color: col.hex, size: s.size, deltaCents: s.deltaCents });
    }
  }
  return out;
}

export const FAMILIES: Family[] = [
  // --- E-liquids, freebase ---
  liquid(
    "mango-sunrise",
    "DRIFTWOOD",
    ["EL-FRUIT"],
    "Mango Sunrise",
    "#ffa94d",
    "#ff6b6b",
    "Ripe mango folded into a splash of pink grapefruit, sweet on the inhale and bright on the finish.",
  ),
  liquid(
    "wild-bramble",
    "DRIFTWOOD",
    ["EL-FRUIT"],
    "Wild Berry Bramble",
    "#862e9c",
    "#e64980",
    "Blackberries, blackcurrant and a touch of raspberry picked straight from the hedgerow.",
  ),
  liquid(
    "blood-orange",
    "DRIFTWOOD",
    ["EL-FRUIT"],
    "Blood Orange Soda",
    "#e03131",
    "#ffa94d",
    "Sparkling blood orange with a fizzy soda edge that keeps every puff refreshing.",
  ),
  liquid(
    "pink-lemonade",
    "DRIFTWOOD",
    ["EL-FRUIT"],
    "Pink Lemonade",
    "#f783ac",
    "#ffe066",
    "Zesty lemonade sweetened with strawberry and raspberry, a summer favourite all year round.",
  ),
  liquid(
    "caramel-custard",
    "CORALCLOUD",
    ["EL-DESSERT"],
    "Caramel Custard",
    "#d9a441",
    "#8d5524",
    "Thick vanilla custard under a layer of slow-cooked caramel, smooth and rich without being cloying.",
  ),
  liquid(
    "strawberry-cheesecake",
    "CORALCLOUD",
    ["EL-DESSERT", "EL-FRUIT"],
    "Strawberry Cheesecake",
    "#ff8787",
    "#fff3bf",
    "Creamy baked cheesecake on a buttery biscuit base, topped with a sweet strawberry glaze.",
  ),
  liquid(
    "hazelnut-latte",
    "CORALCLOUD",
    ["EL-DESSERT"],
    "Hazelnut Latte",
    "#a0522d",
    "#f1e3d3",
    "Fresh espresso, steamed milk and toasted hazelnut syrup: your café order in a bottle.",
  ),
  liquid(
    "cinnamon-churro",
    "CORALCLOUD",
    ["EL-DESSERT"],
    "Cinnamon Churro",
    "#c47f3a",
    "#fbe7c6",
    "Golden fried dough rolled in cinnamon sugar, with a hint of warm chocolate dip.",
  ),
  liquid(
    "arctic-mint",
    "MISTRALE",
    ["EL-MENTHOL"],
    "Arctic Mint",
    "#3bc9db",
    "#e3fafc",
    "A clean, icy blend of peppermint and spearmint with a cooling exhale that lasts.",
  ),
  liquid(
    "watermelon-chill",
    "MISTRALE",
    ["EL-MENTHOL", "EL-FRUIT"],
    "Watermelon Chill",
    "#ff6b6b",
    "#69db7c",
    "Juicy watermelon slices over crushed ice, light enough to vape all day.",
  ),
  liquid(
    "blue-raspberry-frost",
    "MISTRALE",
    ["EL-MENTHOL", "EL-FRUIT"],
    "Blue Raspberry Frost",
    "#4c6ef5",
    "#a5d8ff",
    "Sweet and sour blue raspberry candy with a frosty menthol kick.",
  ),
  liquid(
    "virginia-gold",
    "IRONLEAF",
    ["EL-TOBACCO"],
    "Virginia Gold",
    "#c99a2e",
    "#5c3d1e",
    "A bright, lightly sweet Virginia tobacco blend for smokers making the switch.",
    false,
  ),
  liquid(
    "smooth-cavendish",
    "IRONLEAF",
    ["EL-TOBACCO"],
    "Smooth Cavendish",
    "#7a4b2a",
    "#d9b38c",
    "Mellow Cavendish with notes of vanilla and toasted nuts, rounded and easy on the throat.",
    false,
  ),
  liquid(
    "honey-burley",
    "IRONLEAF",
    ["EL-TOBACCO", "EL-DESSERT"],
    "Honey Burley",
    "#e0a800",
    "#6b4423",
    "Nutty Burley tobacco drizzled with wildflower honey for a warm, comforting vape.",
    false,
  ),
  // --- E-liquids, nicotine salts ---
  salt(
    "lychee-ice",
    "Lychee Ice",
    "#fcc2d7",
    "#99e9f2",
    "Fragrant lychee over a gentle ice finish, made for pod kits and mouth-to-lung coils.",
    "EL-MENTHOL",
  ),
  salt(
    "peach-oolong",
    "Peach Oolong",
    "#ffc078",
    "#8ce99a",
    "Soft white peach brewed with floral oolong tea, delicate and naturally sweet.",
    "EL-FRUIT",
  ),
  salt(
    "cola-lime",
    "Cola Lime",
    "#5c2c1f",
    "#a9e34b",
    "Classic cola with a squeeze of fresh lime and a fizzy sparkle.",
    "EL-FRUIT",
  ),
  salt(
    "grape-frost",
    "Grape Frost",
    "#7048e8",
    "#d0bfff",
    "Dark purple grapes chilled to the core, deep and refreshing.",
    "EL-MENTHOL",
  ),
  salt(
    "tobacco-reserve",
    "Tobacco Reserve",
    "#8b5a2b",
    "#f4d35e",
    "A dry, full-bodied tobacco salt that delivers a satisfying throat hit at low power.",
    "EL-TOBACCO",
  ),
  salt(
    "garden-spearmint",
    "Garden Spearmint",
    "#51cf66",
    "#e6fcf5",
    "Sweet garden spearmint, crisp and uncomplicated.",
    "EL-MENTHOL",
  ),
  // --- Devices ---
  {
    type: "colours",
    key: "aurora",
    brand: "ORBITEK",
    categories: ["DV-POD", "DV-STARTER"],
    model: "Aurora Pod Kit",
    kind: "pod",
    priceCents: 2999,
    colours: [
      c("Midnight Black", "#212529"),
      c("Arctic Silver", "#adb5bd"),
      c("Rose Gold", "#e8a598"),
      c("Ocean Blue", "#1c7ed6"),
    ],
    desc: "A 1000 mAh pod kit with adjustable airflow, auto-draw and fire button, and USB-C fast charging.",
  },
  {
    type: "colours",
    key: "nova",
    brand: "ORBITEK",
    categories: ["DV-POD"],
    model: "Nova Mini Pod",
    kind: "pod",
    priceCents: 1999,
    colours: [
      c("Graphite", "#495057"),
      c("Mint", "#63e6be"),
      c("Coral", "#ff8787"),
      c("Lavender", "#b197fc"),
    ],
    desc: "Pocket-sized 650 mAh pod with a 2 ml refillable cartridge and a tight mouth-to-lung draw.",
  },
  {
    type: "colours",
    key: "pulse",
    brand: "ORBITEK",
    categories: ["DV-POD"],
    model: "Pulse Pod Kit",
    kind: "podmod",
    priceCents: 3499,
    colours: [c("Black Carbon", "#343a40"), c("Crimson", "#c92a2a"), c("Emerald", "#2b8a3e")],
    desc: "A 40 W pod mod with a 1500 mAh battery, wattage dial and a leak-resistant 2 ml pod.",
  },
  {
    type: "colours",
    key: "vector",
    brand: "ORBITEK",
    categories: ["DV-POD", "DV-MOD"],
    model: "Vector Pod Mod Kit",
    kind: "podmod",
    priceCents: 4499,
    colours: [c("Stealth Black", "#1b1b1f"), c("Gunmetal", "#5c636a"), c("Cobalt", "#1864ab")],
    desc: "Takes an external 18650 cell, fires up to 80 W and accepts the whole Vector coil range.",
  },
  {
    type: "colours",
    key: "glide",
    brand: "KESTRELLE",
    categories: ["DV-POD"],
    model: "Glide Pod",
    kind: "pod",
    priceCents: 2499,
    colours: [c("Obsidian", "#1a1a1a"), c("Pearl White", "#f1f3f5"), c("Sunset Orange", "#fd7e14")],
    desc: "A slim 900 mAh pod with a soft-touch finish, three power levels and a top-fill cartridge.",
  },
  {
    type: "colours",
    key: "swift",
    brand: "KESTRELLE",
    categories: ["DV-STARTER"],
    model: "Swift Starter Kit",
    kind: "pen",
    priceCents: 2499,
    colours: [c("Stainless", "#ced4da"), c("Jet Black", "#212529"), c("Sky Blue", "#4dabf7")],
    desc: "Everything a first-time vaper needs: pen battery, 2 ml tank, two coils and a charging cable.",
  },
  {
    type: "colours",
    key: "pen22",
    brand: "KESTRELLE",
    categories: ["DV-STARTER"],
    model: "Pen 22 Starter Kit",
    kind: "pen",
    priceCents: 2799,
    colours: [c("Silver", "#adb5bd"), c("Black", "#212529"), c("Rainbow", "#ae3ec9")],
    desc: "A 1800 mAh tube kit with a 2 ml tank and a battery indicator ring.",
  },
  {
    type: "colours",
    key: "forge80",
    brand: "VOLTAFORGE",
    categories: ["DV-MOD"],
    model: "Forge 80W Mod Kit",
    kind: "mod",
    priceCents: 4999,
    colours: [c("Gunmetal", "#5c636a"), c("Black", "#212529"), c("Camo Green", "#5c7c3a")],
    desc: "A single 18650 box mod with a bright colour screen, temperature control and a 2 ml sub-ohm tank.",
  },
  {
    type: "colours",
    key: "duo200",
    brand: "VOLTAFORGE",
    categories: ["DV-MOD"],
    model: "Forge Duo 200W Mod Kit",
    kind: "mod",
    priceCents: 7999,
    colours: [c("Black", "#212529"), c("Silver", "#adb5bd"), c("Burgundy", "#862e3e")],
    desc: "Dual-battery power with a zinc-alloy chassis, a 2 ml mesh tank and a magnetic battery door.",
  },
  {
    type: "colours",
    key: "ember40",
    brand: "VOLTAFORGE",
    categories: ["DV-MOD", "DV-STARTER"],
    model: "Ember 40W Mini Mod Kit",
    kind: "mod",
    priceCents: 3999,
    colours: [c("Teal", "#0ca678"), c("Black", "#212529"), c("Sand", "#d8c3a5")],
    desc: "A compact 2000 mAh mini mod with a 2 ml tank, ideal for a first step into direct-to-lung vaping.",
  },
  // --- Tanks, coils and pods ---
  {
    type: "single",
    key: "crest-tank",
    brand: "HALCYON",
    categories: ["TC-SUBOHM"],
    model: "Crest Sub-Ohm Tank",
    kind: "tank",
    hex: "#343a40",
    priceCents: 3299,
    desc: "A 25 mm mesh tank with a slide-open top fill and triple-slot bottom airflow.",
    variants: combos(
      [c("Black", "#212529"), c("Silver", "#adb5bd"), c("Gunmetal", "#5c636a")],
      [
        { size: "Straight glass", deltaCents: 0 },
        { size: "Frosted glass", deltaCents: 200 },
      ],
      ["Gunmetal/Straight glass"],
    ),
  },
  {
    type: "single",
    key: "tidal-tank",
    brand: "HALCYON",
    categories: ["TC-SUBOHM"],
    model: "Tidal Mesh Tank",
    kind: "tank",
    hex: "#1c7ed6",
    priceCents: 2899,
    desc: "Dense, flavourful clouds from a dual-mesh coil, with a leak-free top airflow design.",
    variants: combos(
      [c("Black", "#212529"), c("Blue", "#1c7ed6"), c("Rainbow", "#ae3ec9")],
      [
        { size: "Standard", deltaCents: 0 },
        { size: "Low profile", deltaCents: 250 },
      ],
      ["Rainbow/Standard"],
    ),
  },
  {
    type: "single",
    key: "haven-mtl",
    brand: "HALCYON",
    categories: ["TC-MTL"],
    model: "Haven MTL Tank",
    kind: "tank",
    hex: "#adb5bd",
    priceCents: 2499,
    desc: "A 22 mm mouth-to-lung tank with five airflow settings for a cigarette-like draw.",
    variants: combos(
      [c("Silver", "#adb5bd"), c("Black", "#212529")],
      [
        { size: "Short", deltaCents: 0 },
        { size: "Long", deltaCents: 150 },
      ],
    ),
  },
  {
    type: "single",
    key: "reef-rta",
    brand: "HALCYON",
    categories: ["TC-SUBOHM", "AC-BUILD"],
    model: "Reef RTA",
    kind: "tank",
    hex: "#0c8599",
    priceCents: 3599,
    desc: "A rebuildable single-coil tank with a postless deck, easy to wick and generous with flavour.",
  },
  {
    type: "single",
    key: "breeze-rta",
    brand: "HALCYON",
    categories: ["TC-MTL", "AC-BUILD"],
    model: "Breeze MTL RTA",
    kind: "tank",
    hex: "#868e96",
    priceCents: 3399,
    desc: "A precise mouth-to-lung rebuildable with interchangeable airflow pins from 0.8 to 1.5 mm.",
  },
  {
    type: "options",
    key: "crest-coils",
    brand: "HALCYON",
    categories: ["TC-COILS"],
    model: "Crest Mesh Coils (5 pack)",
    kind: "coil",
    priceCents: 1399,
    tintPerOption: false,
    options: [
      { label: "0.15 ohm", hex: "#868e96" },
      { label: "0.2 ohm", hex: "#868e96" },
    ],
    desc: "Replacement mesh coils for the Crest tank, wicked with organic cotton.",
  },
  {
    type: "options",
    key: "haven-coils",
    brand: "HALCYON",
    categories: ["TC-COILS"],
    model: "Haven MTL Coils (5 pack)",
    kind: "coil",
    priceCents: 1199,
    tintPerOption: false,
    options: [
      { label: "0.8 ohm", hex: "#adb5bd" },
      { label: "1.2 ohm", hex: "#adb5bd" },
    ],
    desc: "Mouth-to-lung coils for the Haven tank; choose 1.2 ohm for freebase and 0.8 ohm for salts.",
  },
  {
    type: "options",
    key: "aurora-coils",
    brand: "ORBITEK",
    categories: ["TC-COILS"],
    model: "Aurora Replacement Coils (5 pack)",
    kind: "coil",
    priceCents: 999,
    tintPerOption: false,
    options: [
      { label: "0.6 ohm", hex: "#3b5bdb" },
      { label: "1.0 ohm", hex: "#3b5bdb" },
    ],
    desc: "Push-fit coils for the Aurora pod kit.",
  },
  {
    type: "single",
    key: "tidal-coils",
    brand: "HALCYON",
    categories: ["TC-COILS"],
    model: "Tidal Dual Mesh Coils 0.3 ohm (3 pack)",
    kind: "coil",
    hex: "#1c7ed6",
    priceCents: 1299,
    desc: "Dual-mesh coils rated 50 to 70 W for big, warm clouds in the Tidal tank.",
  },
  {
    type: "single",
    key: "forge-coils",
    brand: "VOLTAFORGE",
    categories: ["TC-COILS"],
    model: "Forge Universal Coils 0.4 ohm (5 pack)",
    kind: "coil",
    hex: "#e8590c",
    priceCents: 1199,
    desc: "Fits the tanks of the Forge 80W, Forge Duo and Ember kits.",
  },
  {
    type: "single",
    key: "aurora-pods",
    brand: "ORBITEK",
    categories: ["TC-PODS"],
    model: "Aurora Replacement Pods (2 pack)",
    kind: "cartridge",
    hex: "#3b5bdb",
    priceCents: 899,
    desc: "Refillable 2 ml pods with side filling and a replaceable coil.",
  },
  {
    type: "single",
    key: "nova-pods",
    brand: "ORBITEK",
    categories: ["TC-PODS"],
    model: "Nova Replacement Pods (3 pack)",
    kind: "cartridge",
    hex: "#63e6be",
    priceCents: 799,
    desc: "Pods with a built-in 1.0 ohm coil, sized for the Nova Mini.",
  },
  {
    type: "single",
    key: "pulse-pods",
    brand: "ORBITEK",
    categories: ["TC-PODS"],
    model: "Pulse Refillable Pods (2 pack)",
    kind: "cartridge",
    hex: "#c92a2a",
    priceCents: 999,
    desc: "2 ml pods for the Pulse Pod Kit, compatible with every Pulse coil.",
  },
  {
    type: "single",
    key: "glide-pods",
    brand: "KESTRELLE",
    categories: ["TC-PODS"],
    model: "Glide Cartridges (2 pack)",
    kind: "cartridge",
    hex: "#fd7e14",
    priceCents: 849,
    desc: "Top-fill cartridges with a 0.9 ohm mesh coil for the Glide Pod.",
  },
  // --- Disposables and prefilled pods ---
  {
    type: "options",
    key: "nimbora600",
    brand: "NIMBORA",
    categories: ["DS-DISPO"],
    model: "600 Disposable",
    kind: "disposable",
    priceCents: 699,
    tintPerOption: true,
    options: [
      { label: "Strawberry Kiwi", hex: "#f03e3e" },
      { label: "Blue Razz Lemonade", hex: "#339af0" },
      { label: "Mango Peach", hex: "#ff922b" },
      { label: "Cola Ice", hex: "#5c2c1f" },
      { label: "Grape Ice", hex: "#7048e8" },
      { label: "Pineapple Ice", hex: "#fcc419" },
      { label: "Cherry Lime", hex: "#c2255c" },
      { label: "Fresh Mint", hex: "#20c997" },
    ],
    desc: "A TPD-compliant 2 ml disposable, 20 mg/ml nicotine salt, up to 600 puffs and no buttons.",
  },
  {
    type: "colours",
    key: "lumen-device",
    brand: "LUMENPOD",
    categories: ["DS-PREFILLED", "DV-POD"],
    model: "Starter Device",
    kind: "pod",
    priceCents: 1499,
    colours: [c("Charcoal", "#343a40"), c("Ivory", "#f8f1e5"), c("Amber", "#f59f00")],
    desc: "A closed pod device with a 500 mAh battery that clicks into every Lumenpod prefilled pod.",
  },
  {
    type: "options",
    key: "lumen-pods",
    brand: "LUMENPOD",
    categories: ["DS-PREFILLED"],
    model: "Prefilled Pods (2 pack)",
    kind: "cartridge",
    priceCents: 899,
    tintPerOption: true,
    options: [
      { label: "Golden Tobacco", hex: "#c99a2e" },
      { label: "Menthol", hex: "#3bc9db" },
      { label: "Red Apple", hex: "#e03131" },
      { label: "Blueberry", hex: "#4263eb" },
      { label: "Vanilla Cream", hex: "#f3d9a4" },
    ],
    desc: "Two sealed 2 ml pods with 20 mg/ml nicotine salt; no refilling and no coil changes.",
  },
  // --- Accessories ---
  {
    type: "options",
    key: "vf-cells",
    brand: "VOLTAFORGE",
    categories: ["AC-POWER"],
    model: "Battery",
    kind: "battery",
    priceCents: 999,
    tintPerOption: true,
    options: [
      { label: "18650 3000 mAh", hex: "#e8590c" },
      { label: "21700 4000 mAh", hex: "#1971c2", deltaCents: 300 },
      { label: "20700 3000 mAh", hex: "#2f9e44", deltaCents: 100 },
    ],
    desc: "High-drain, flat-top lithium-ion cells tested for vaping; always carry them in a case.",
  },
  {
    type: "single",
    key: "vf-dual-charger",
    brand: "VOLTAFORGE",
    categories: ["AC-POWER"],
    model: "Dual Bay Charger",
    kind: "charger",
    hex: "#343a40",
    priceCents: 1599,
    desc: "Charges two cells at up to 1 A each with reverse-polarity and over-charge protection.",
  },
  {
    type: "single",
    key: "vf-quad-charger",
    brand: "VOLTAFORGE",
    categories: ["AC-POWER"],
    model: "Quad Bay Smart Charger",
    kind: "charger",
    hex: "#212529",
    priceCents: 2999,
    desc: "Four independent bays with a status display per cell and a USB-C power input.",
  },
  {
    type: "single",
    key: "vf-cable",
    brand: "VOLTAFORGE",
    categories: ["AC-POWER"],
    model: "USB-C Fast Charging Cable 1 m",
    kind: "cable",
    hex: "#495057",
    priceCents: 599,
    desc: "A braided USB-C cable that survives a life in your pocket.",
  },
  {
    type: "single",
    key: "fennec-510",
    brand: "FENNEC",
    categories: ["AC-DRIP"],
    model: "510 Drip Tip",
    kind: "driptip",
    hex: "#d6336c",
    priceCents: 399,
    desc: "A comfortable 510 drip tip with double O-rings for a secure fit.",
    variants: combos(
      [c("Black", "#212529"), c("Stainless", "#ced4da"), c("Jade", "#0ca678"), c("Ruby", "#c92a2a")],
      [
        { size: "Short", deltaCents: 0 },
        { size: "Long", deltaCents: 50 },
      ],
      ["Jade/Long", "Ruby/Short"],
    ),
  },
  {
    type: "single",
    key: "fennec-810",
    brand: "FENNEC",
    categories: ["AC-DRIP"],
    model: "810 Wide Bore Drip Tip",
    kind: "driptip",
    hex: "#f76707",
    priceCents: 499,
    desc: "A wide-bore 810 tip that keeps your lips cool at high wattage.",
    variants: combos(
      [c("Amber Resin", "#f76707"), c("Ocean Resin", "#1098ad"), c("Black Delrin", "#212529")],
      [
        { size: "Standard", deltaCents: 0 },
        { size: "Low profile", deltaCents: 100 },
      ],
    ),
  },
  {
    type: "single",
    key: "fennec-cotton",
    brand: "FENNEC",
    categories: ["AC-BUILD"],
    model: "Organic Cotton Pads (20 strips)",
    kind: "cotton",
    hex: "#f1f3f5",
    priceCents: 399,
    desc: "Unbleached organic cotton strips, pre-cut for quick and even wicking.",
  },
  {
    type: "single",
    key: "fennec-toolkit",
    brand: "FENNEC",
    categories: ["AC-BUILD"],
    model: "Coil Builder Tool Kit",
    kind: "tool",
    hex: "#495057",
    priceCents: 1999,
    desc: "Ceramic tweezers, a coiling jig, wire cutters and a screwdriver in one zip case.",
  },
  {
    type: "single",
    key: "fennec-sleeve",
    brand: "FENNEC",
    categories: ["AC-POWER", "AC-CASES"],
    model: "Silicone Battery Sleeves (2 pack)",
    kind: "sleeve",
    hex: "#74b816",
    priceCents: 299,
    desc: "Protective silicone sleeves that keep loose cells from shorting in a bag.",
    variants: combos(
      [c("Lime", "#74b816"), c("Orange", "#fd7e14"), c("Blue", "#228be6")],
      [
        { size: "18650", deltaCents: 0 },
        { size: "21700", deltaCents: 50 },
      ],
      ["Orange/21700"],
    ),
  },
  {
    type: "single",
    key: "kestrelle-case",
    brand: "KESTRELLE",
    categories: ["AC-CASES"],
    model: "Travel Case",
    kind: "case",
    hex: "#495057",
    priceCents: 999,
    desc: "A padded zip case with room for a kit, two bottles and spare coils.",
  },
  {
    type: "options",
    key: "orbitek-lanyard",
    brand: "ORBITEK",
    categories: ["AC-CASES"],
    model: "Neck Lanyard",
    kind: "lanyard",
    priceCents: 499,
    tintPerOption: true,
    options: [
      { label: "Black", hex: "#212529" },
      { label: "Red", hex: "#e03131" },
      { label: "Blue", hex: "#1c7ed6" },
    ],
    desc: "A silicone lanyard with a universal ring that fits most pods and pens.",
  },
];

/** Nicotine-free 60 ml shortfill bottles: 50 ml of liquid and room for a nicotine shot. */
export const SHORTFILL_PRICE_CENTS = 1599;

/** YouTube video ids for the demo "Watch Video" buttons (embed URLs, nothing is fetched). */
export const VIDEO_IDS = [
  "Zx1pQ3vLmB4",
  "k8TgN2rYw0s",
  "P4qW7eHn5Jc",
  "b2VsY9oLq1M",
  "t6RfU3xKa8E",
  "Jm5Hc0dWp2Q",
];

/**
 * The demo's manufacturers and EU responsible person (economic_operators, docs/decisions/0058):
 * invented companies at invented addresses. The hardware makers are outside the EU, so their
 * products name an EU responsible person; the liquid makers are established in the EU.
 */
export interface OperatorDef {
  code: string;
  name: string;
  postalAddress: string;
  email: string;
  country: string;
}

export const OPERATORS: OperatorDef[] = [
  {
    code: "MFR-SHENLAN",
    name: "Shenlan Vapour Technology Co., Ltd.",
    postalAddress: "18 Gaoxin South Road, Block C\n518057 Shenzhen\nChina",
    email: "compliance@shenlan-vapour.example",
    country: "CN",
  },
  {
    code: "MFR-AEGEAN",
    name: "Aegean Liquid Labs Ltd",
    postalAddress: "42 Archbishop Makarios III Avenue\n1065 Nicosia\nCyprus",
    email: "safety@aegean-liquids.example",
    country: "CY",
  },
  {
    code: "MFR-HELLAS",
    name: "Hellas Mixology S.A.",
    postalAddress: "7 Pireos Street\n10431 Athens\nGreece",
    email: "info@hellas-mixology.example",
    country: "GR",
  },
  {
    code: "RP-EUVAPE",
    name: "EU Vape Compliance Services Ltd",
    postalAddress: "3 Anexartisias Street\n3036 Limassol\nCyprus",
    email: "rp@euvape-compliance.example",
    country: "CY",
  },
];

/** Each brand's manufacturer and (for a maker outside the EU) its EU responsible person. */
export const BRAND_OPERATORS: Record<string, { manufacturer: string; responsiblePerson: string | null }> = {
  ORBITEK: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  KESTRELLE: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  VOLTAFORGE: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  HALCYON: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  NIMBORA: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  MISTRALE: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  LUMENPOD: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  FENNEC: { manufacturer: "MFR-SHENLAN", responsiblePerson: "RP-EUVAPE" },
  DRIFTWOOD: { manufacturer: "MFR-HELLAS", responsiblePerson: null },
  CORALCLOUD: { manufacturer: "MFR-HELLAS", responsiblePerson: null },
  SALTMARSH: { manufacturer: "MFR-AEGEAN", responsiblePerson: null },
  IRONLEAF: { manufacturer: "MFR-AEGEAN", responsiblePerson: null },
};
