// The Greek text of a demo product (product_translations): name, short and long description,
// variant label and specifications, built from catalog-data-el.ts the way catalog.ts and
// product-content.ts build the English. Pure; throws on a family, colour, size or specification
// with no Greek, so nothing untranslated reaches a Greek page unnoticed.
import type { BrandDef, Family, ImageKind } from "./catalog-data";
import { COLOURS_EL, FAMILIES_EL, SIZES_EL } from "./catalog-data-el";
import type { Spec } from "./product-content";

/** One draft's Greek words (catalog.ts `Draft`). */
export interface DraftEl {
  name: string;
  /** The variant label in Greek (sizes and strengths as they are); null when the English has none. */
  label: string | null;
  desc: string;
  /** What the long description calls the product: the group's name without the variant. */
  title: string;
}

/** The Greek columns of a product_translations row. */
export interface ProductEl {
  name: string;
  shortDesc: string;
  longDescHtml: string;
  variantLabel: string | null;
  specs: Spec[];
}

function familyEl(family: Family) {
  const el = FAMILIES_EL[family.key];
  if (!el) throw new Error(`no Greek text for family ${family.key} (catalog-data-el.ts)`);
  return el;
}

function hardwareName(family: Family, brand: BrandDef): string {
  const template = familyEl(family).name;
  if (!template) throw new Error(`no Greek name for family ${family.key} (catalog-data-el.ts)`);
  return template.replace("{brand}", brand.name);
}

export function colourEl(name: string): string {
  const el = COLOURS_EL[name];
  if (!el) throw new Error(`no Greek name for colour ${name} (catalog-data-el.ts)`);
  return el;
}

function sizeEl(size: string): string {
  if (/^[\d.]+( ml)?$/.test(size)) return size;
  const el = SIZES_EL[size];
  if (!el) throw new Error(`no Greek name for size ${size} (catalog-data-el.ts)`);
  return el;
}

/** A freebase 10 ml bottle (`mg` strength) or the 60 ml shortfill. */
export function liquidDraftEl(
  family: Family,
  brand: BrandDef,
  flavour: string,
  label: string,
  mg: number | "shortfill",
): DraftEl {
  const desc = familyEl(family).desc;
  const title = `${brand.name} ${flavour}`;
  return {
    name: `Υγρό αναπλήρωσης ${title} - ${label}`,
    label,
    title,
    desc:
      mg === "shortfill"
        ? `${desc} 50 ml υγρού 70/30 VG/PG σε μπουκάλι 60 ml, χωρίς νικοτίνη, με χώρο για ένα nicotine shot των 10 ml.`
        : `${desc} Μπουκάλι 10 ml, 50/50 VG/PG, ${mg === 0 ? "χωρίς νικοτίνη" : `με νικοτίνη freebase ${mg} mg/ml`}.`,
  };
}

export function saltDraftEl(
  family: Family,
  brand: BrandDef,
  flavour: string,
  label: string,
  mg: number,
): DraftEl {
  const title = `${brand.name} ${flavour} Nic Salt`;
  return {
    name: `Υγρό αναπλήρωσης ${title} - ${label}`,
    label,
    title,
    desc: `${familyEl(family).desc} 10 ml, 50/50 VG/PG, με άλατα νικοτίνης ${mg} mg/ml.`,
  };
}

export function colourDraftEl(family: Family, brand: BrandDef, colour: string): DraftEl {
  const title = hardwareName(family, brand);
  const label = colourEl(colour);
  return {
    name: `${title} - ${label}`,
    label,
    title,
    desc: `${familyEl(family).desc} Χρώμα: ${label.toLowerCase()}.`,
  };
}

const OPTION_NOUN_EL: Record<string, string> = {
  Resistance: "Αντίσταση",
  Flavour: "Γεύση",
  Cell: "Τύπος μπαταρίας",
  Colour: "Χρώμα",
};

/** An option of a group: a coil resistance, a flavour, a cell size, a colour. */
export function optionDraftEl(family: Family, brand: BrandDef, noun: string, option: string): DraftEl {
  const title = hardwareName(family, brand);
  const label = noun === "Colour" ? colourEl(option) : option;
  const nounEl = OPTION_NOUN_EL[noun];
  if (!nounEl) throw new Error(`no Greek for option noun ${noun}`);
  return { name: `${title} - ${label}`, label, title, desc: `${familyEl(family).desc} ${nounEl}: ${label}.` };
}

export function singleDraftEl(family: Family, brand: BrandDef): DraftEl {
  const title = hardwareName(family, brand);
  return { name: title, label: null, title, desc: familyEl(family).desc };
}

const DEVICE_KINDS = new Set<ImageKind>(["pod", "podmod", "mod", "pen"]);

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The Greek long description, in the same tags as product-content.ts `longDescFor`. */
export function longDescEl(family: Family, draft: DraftEl, shortDesc: string): string {
  const liquid = family.type === "liquid" || family.type === "salt";
  const withDeviceExtras = !liquid && DEVICE_KINDS.has(family.kind);
  const parts = [`<p>${escapeHtml(shortDesc)}</p>`];
  if (liquid) {
    parts.push(
      `<h3>Πώς ατμίζεται</h3>`,
      `<p>Το ${escapeHtml(draft.title)} αναμειγνύεται και ωριμάζει σε μικρές παρτίδες, ώστε κάθε μπουκάλι να έχει τη γεύση που είχε και το πρώτο. Η γεύση μένει καθαρή από την πρώτη ως την τελευταία τζούρα, χωρίς να λερώνει την αντίσταση.</p>`,
      "<ul><li>Ανακινήστε καλά πριν από τη χρήση</li><li>Φυλάσσεται μακριά από παιδιά και κατοικίδια</li><li>Φυλάσσεται όρθιο, μακριά από το ηλιακό φως</li></ul>",
    );
  } else {
    parts.push(
      `<h3>Στη συσκευασία</h3>`,
      `<ul><li>${escapeHtml(draft.title)}</li>${withDeviceExtras ? "<li>Καλώδιο φόρτισης USB-C</li><li>Ανταλλακτική αντίσταση</li>" : ""}<li>Εγχειρίδιο χρήσης</li></ul>`,
      `<p>Καλύπτεται από <strong>εγγύηση 12 μηνών</strong> για κατασκευαστικά ελαττώματα. Οι αντιστάσεις, τα pods και τα γυαλιά είναι αναλώσιμα και δεν καλύπτονται.</p>`,
    );
  }
  return parts.join("");
}

const SPEC_LABELS_EL: Record<string, string> = {
  "Nicotine strength": "Περιεκτικότητα σε νικοτίνη",
  "Nicotine type": "Τύπος νικοτίνης",
  Capacity: "Χωρητικότητα",
  "VG/PG ratio": "Αναλογία VG/PG",
  "Best with": "Ιδανικό για",
  "Made in": "Προέλευση",
  Colour: "Χρώμα",
  Battery: "Μπαταρία",
  Output: "Ισχύς",
  Coil: "Αντίσταση",
  Charging: "Φόρτιση",
  Draw: "Τράβηγμα",
  Resistance: "Τιμή αντίστασης",
  Pack: "Συσκευασία",
  Material: "Υλικό",
  "Wattage range": "Εύρος ισχύος",
  "Coil life": "Διάρκεια αντίστασης",
  Flavour: "Γεύση",
  Puffs: "Τζούρες",
  Cell: "Τύπος μπαταρίας",
  "Continuous discharge": "Συνεχής εκφόρτιση",
  Chemistry: "Χημεία",
  Option: "Επιλογή",
  Diameter: "Διάμετρος",
  Fill: "Γέμισμα",
  Type: "Τύπος",
  Colours: "Χρώματα",
  Sizes: "Μεγέθη",
};

const SPEC_VALUES_EL: Record<string, string> = {
  "0 mg/ml (nicotine-free)": "0 mg/ml (χωρίς νικοτίνη)",
  None: "Χωρίς νικοτίνη",
  Freebase: "Freebase",
  "50 ml in a 60 ml bottle": "50 ml σε μπουκάλι 60 ml",
  "Sub-ohm tanks": "Ατμοποιητές sub-ohm",
  "Mouth-to-lung and pod kits": "Ατμοποιητές MTL και pod kits",
  "EU, TPD-registered": "ΕΕ, καταχωρισμένο κατά TPD",
  "Nicotine salt": "Άλατα νικοτίνης",
  "Pod kits, coils of 0.8 ohm and above": "Pod kits, αντιστάσεις από 0.8 ohm και πάνω",
  "Fixed 3.7 V": "Σταθερή τάση 3.7 V",
  "0.15 ohm mesh (included), 0.2 ohm mesh (spare)":
    "0.15 ohm mesh (τοποθετημένη), 0.2 ohm mesh (ανταλλακτική)",
  "1.2 ohm MTL (included)": "1.2 ohm MTL (περιλαμβάνεται)",
  "0.6 ohm mesh and 1.0 ohm (included)": "0.6 ohm mesh και 1.0 ohm (περιλαμβάνονται)",
  "0.8 ohm mesh (included)": "0.8 ohm mesh (περιλαμβάνεται)",
  "1.2 ohm (included)": "1.2 ohm (περιλαμβάνεται)",
  "Direct to lung, adjustable airflow": "DTL (απευθείας στους πνεύμονες), ρυθμιζόμενη ροή αέρα",
  "Mouth to lung, auto-draw and button": "MTL (από το στόμα στους πνεύμονες), με τράβηγμα ή κουμπί",
  "Mouth to lung": "MTL (από το στόμα στους πνεύμονες)",
  "Direct to lung": "DTL (απευθείας στους πνεύμονες)",
  "Kanthal A1 mesh, organic cotton": "Mesh Kanthal A1, οργανικό βαμβάκι",
  "1 to 2 weeks of daily use": "1 έως 2 εβδομάδες καθημερινής χρήσης",
  "20 mg/ml nicotine salt": "Άλατα νικοτίνης 20 mg/ml",
  "Built in": "Ενσωματωμένη",
  "See size": "Ανάλογα με το μέγεθος",
  "Rebuildable deck": "Επανατυλιγόμενο deck",
  "Replaceable mesh": "Ανταλλακτική mesh",
  "Top fill": "Από πάνω",
  "Li-ion (INR)": "Ιόντων λιθίου (INR)",
  // Kinds of accessory (product-content.ts kindName).
  Charger: "Φορτιστής",
  Cable: "Καλώδιο",
  "Drip tip": "Επιστόμιο (drip tip)",
  Case: "Θήκη",
  Lanyard: "Κορδόνι λαιμού",
  "Wicking cotton": "Βαμβάκι για φυτίλι",
  "Tool kit": "Σετ εργαλείων",
  "Battery sleeve": "Θήκη μπαταρίας",
  "Replacement pod": "Ανταλλακτικό pod",
  Coil: "Αντίσταση",
  Battery: "Μπαταρία",
  Accessory: "Αξεσουάρ",
};

/** Values made of numbers and units only ("10 ml", "5-80 W", "USB-C, 1 A", "18650 3000 mAh"). */
const UNITS_ONLY = /^(?:[\d.,/x\s-]|mAh|mg\/ml|ml|mm|ohm|W|V|A|USB-C|VG\/PG|m)+$/;

/** Labels whose values are names (flavours, coil resistances, cells) and stay as they are. */
const NAME_VALUED = new Set(["Flavour", "Resistance", "Cell", "Option"]);

function specValueEl(label: string, value: string): string {
  if (label === "Colour" || (label === "Option" && COLOURS_EL[value])) return colourEl(value);
  if (label === "Colours") return value.split(", ").map(colourEl).join(", ");
  if (label === "Sizes") return value.split(", ").map(sizeEl).join(", ");
  const exact = SPEC_VALUES_EL[value];
  if (exact) return exact;
  let m = /^(\d) x 18650 \(not included\)$/.exec(value);
  if (m) return `${m[1]} x 18650 (δεν περιλαμβάνεται)`;
  m = /^(\d+) mAh built-in$/.exec(value);
  if (m) return `${m[1]} mAh ενσωματωμένη`;
  m = /^(\d+) W max$/.exec(value);
  if (m) return `Έως ${m[1]} W`;
  m = /^(\d+) coils$/.exec(value);
  if (m) return `${m[1]} αντιστάσεις`;
  m = /^About (\d+)$/.exec(value);
  if (m) return `Περίπου ${m[1]}`;
  if (UNITS_ONLY.test(value) || NAME_VALUED.has(label)) return value;
  throw new Error(`no Greek for the specification ${label}: ${value} (catalog-el.ts)`);
}

/** The specifications in Greek, row for row. */
export function specsEl(specs: readonly Spec[]): Spec[] {
  return specs.map(({ label, value }) => {
    const labelEl = SPEC_LABELS_EL[label];
    if (!labelEl) throw new Error(`no Greek for the specification label ${label} (catalog-el.ts)`);
    return { label: labelEl, value: specValueEl(label, value) };
  });
}
