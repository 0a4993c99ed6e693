// The product form's FormData as the API's input, checked in the browser with the same zod
// schema the server uses (core/admin/catalog.ts): a wrong field is marked before anything is sent.
import { type ProductCreate, ProductCreateInput } from "../../../core/admin/catalog";
import { centsFromInput } from "../lib/format";
import { readTranslationsForm } from "../ui/translations";

export type ProductFormResult =
  | { ok: true; input: ProductCreate & { version?: string } }
  | { ok: false; fields: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export function readProductForm(form: FormData): ProductFormResult {
  const fields: Record<string, string> = {};
  const money = (name: string, label: string, required: boolean): number | null => {
    const cents = centsFromInput(form.get(name));
    if (cents === null) {
      if (required) fields[name] = `Enter the ${label}.`;
      return null;
    }
    if (Number.isNaN(cents)) {
      fields[name] = `Write the ${label} in euros, e.g. 12.50.`;
      return null;
    }
    return cents;
  };

  const priceCents = money("priceCents", "price", true);
  const salePriceCents = money("salePriceCents", "sale price", false);
  const vat = Number(text(form, "vatRate"));
  // Empty: null, which the rules refuse with "Enter the weight in grams"; not whole grams: NaN.
  const weightText = text(form, "weightGrams");
  const weightGrams =
    weightText === "" ? null : /^\d{1,9}$/.test(weightText) ? Number(weightText) : Number.NaN;

  const priceListPrices: { priceListId: number; priceCents: number }[] = [];
  for (const [key] of form.entries()) {
    const m = /^priceList-(\d+)$/.exec(key);
    if (!m) continue;
    const cents = money(key, "price-list price", false);
    if (cents !== null) priceListPrices.push({ priceListId: Number(m[1]), priceCents: cents });
  }

  const ids = form.getAll("variant-id").map(String);
  const colors = form.getAll("variant-color").map(String);
  const names = form.getAll("variant-colorName").map(String);
  const sizes = form.getAll("variant-size").map(String);
  const prices = form.getAll("variant-price");
  const variants = colors.map((color, i) => {
    // Empty: the variant sells at the product's price and sale price.
    const cents = centsFromInput(prices[i] ?? null);
    if (cents !== null && Number.isNaN(cents))
      fields.variants =
        "Write a variant's price in euros, e.g. 29.90, or leave it empty for the product's price.";
    const id = Number(ids[i]);
    return {
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      color,
      colorName: (names[i] ?? "").trim(),
      size: (sizes[i] ?? "").trim(),
      priceCents: cents !== null && !Number.isNaN(cents) ? cents : null,
    };
  });

  const brand = Number(text(form, "brandId"));
  /** A measure field: empty = none; "1,5" or "1.5" = 1.5; anything else NaN (the schema names it). */
  const measure = (name: string) => {
    const v = text(form, name).replace(",", ".");
    return v === "" ? null : Number(v);
  };
  const operator = (name: string) => {
    const id = Number(text(form, name));
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  const raw = {
    code: text(form, "code"),
    name: text(form, "name"),
    slug: text(form, "slug"),
    priceCents: priceCents ?? 0,
    salePriceCents,
    vatRate: Number.isFinite(vat) && text(form, "vatRate") !== "" ? vat : Number.NaN,
    weightGrams,
    isNew: form.get("isNew") === "on",
    isTop: form.get("isTop") === "on",
    isHot: form.get("isHot") === "on",
    popupAd: form.get("popupAd") === "on",
    shortDesc: text(form, "shortDesc"),
    longDescHtml: String(form.get("longDescHtml") ?? ""),
    videoUrl: text(form, "videoUrl"),
    categoryIds: form.getAll("categoryIds").map(Number),
    brandId: Number.isInteger(brand) && brand > 0 ? brand : null,
    variantGroup: text(form, "variantGroup"),
    variantLabel: text(form, "variantLabel"),
    variants,
    priceListPrices,
    regulatoryClass: text(form, "regulatoryClass") || "general",
    nicotineMgPerMl: measure("nicotineMgPerMl"),
    volumeMl: measure("volumeMl"),
    tankCapacityMl: measure("tankCapacityMl"),
    ecId: text(form, "ecId"),
    manufacturerId: operator("manufacturerId"),
    responsiblePersonId: operator("responsiblePersonId"),
    warnings: form.getAll("warnings").map(String),
    translations: readTranslationsForm(form, ["name", "shortDesc", "longDescHtml", "variantLabel"]),
  };
  const checked = ProductCreateInput.safeParse(raw);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      // A translation's field is named as its form field: el.name.
      const name =
        issue.path[0] === "translations" && issue.path.length >= 3
          ? issue.path.slice(1, 3).join(".")
          : String(issue.path[0] ?? "");
      if (name && !fields[name]) fields[name] = issue.message;
    }
  }
  if (Object.keys(fields).length > 0 || !checked.success) return { ok: false, fields };
  const version = text(form, "version");
  return { ok: true, input: { ...checked.data, ...(version ? { version } : {}) } };
}
