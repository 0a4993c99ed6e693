// One product as the ERP (or a catalogue file) sends it: identified by its code (PRODCODE),
// with categories, brand and price lists named by their codes. Every field but the code may be
// left out: an existing product keeps the stored value, a new one takes the default. The rules a
// product must keep (a sale price under the price, a label only with a group ...) are the back
// office's own (core/admin/catalog.ts): the service checks the merged record against them, so
// both ways into the catalogue refuse the same things.
import { z } from "zod";
import { isVideoUrl, type ProductFields, ProductFieldsInput } from "../admin/catalog";
import type { InputIssue } from "../failures";
import { SOURCE_LANG } from "../language";
import { complianceFields, REGULATORY_CLASSES } from "../regulatory";
import { WeightGrams } from "../shipping-weight";

const cents = (label: string) =>
  z
    .number({ error: `The ${label} is a number of cents.` })
    .int(`The ${label} is a whole number of cents.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(100_000_000, `The ${label} is too large.`);

const erpCode = z.string().trim().min(1, "The code is empty.").max(40, "A code has at most 40 characters.");

/** A picture: fetched once from an address, or one uploaded before through POST /integration/pictures. */
const PictureInput = z.union([
  z.object({
    url: z
      .url({ protocol: /^https?$/, error: "Give the picture's http(s) address." })
      .max(2000, "The address has at most 2000 characters."),
  }),
  z.object({
    upload: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Use the token POST /integration/pictures answered."),
  }),
]);

export const ErpVariantInput = z.object({
  colorName: z.string().trim().min(1, "Name the colour.").max(60, "At most 60 characters."),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "A colour is #rrggbb."),
  size: z.string().trim().max(60, "At most 60 characters.").default(""),
  /** Left out, null or the product's price: the row sells at the product's price and sale price. */
  priceCents: cents("variant price").nullable().default(null),
});

/** A language code in `translations`: refused later unless the store offers it (and is not English). */
export const TranslationLang = z
  .string()
  .regex(/^[a-z]{2}$/, "A language is two lower-case letters, like el.")
  .meta({ description: "A language the store offers besides English, e.g. el" });

/**
 * One language's translation of a product. Each field: left out = left as it is; null (or an
 * empty text or list) = not translated, so the English shows.
 */
const ErpProductTranslation = z
  .strictObject({
    name: z.string().trim().max(200, "The name has at most 200 characters.").nullable(),
    shortDescription: z.string().trim().max(1000, "At most 1000 characters.").nullable(),
    /** HTML: sanitised as the English long description is. */
    longDescriptionHtml: z.string().max(100_000, "The long description is too long.").nullable(),
    variantLabel: z.string().trim().max(60, "At most 60 characters.").nullable(),
    /** The specifications table in this language, the whole list in order. */
    specs: z
      .array(
        z.strictObject({
          label: z.string().trim().min(1, "Name the specification.").max(100, "At most 100 characters."),
          value: z.string().trim().max(500, "At most 500 characters."),
        }),
      )
      .max(50, "At most 50 specifications.")
      .nullable(),
  })
  .partial();

/**
 * The problems of the languages a translation names, for a store offering `languages`: English
 * is the record's own fields, and a language the store does not offer cannot be shown.
 */
export function translationLanguageIssues(
  languages: readonly string[],
  given: readonly string[],
): InputIssue[] {
  const offered = languages.filter((l) => l !== SOURCE_LANG);
  return given.flatMap((lang) => {
    if (lang === SOURCE_LANG)
      return [
        {
          path: `translations.${lang}`,
          message: "English is the record's own fields, not a translation: send them at the top level.",
        },
      ];
    if (languages.includes(lang)) return [];
    return [
      {
        path: `translations.${lang}`,
        message:
          offered.length > 0
            ? `This store does not offer the language ${lang}; it offers ${offered.join(", ")} besides English.`
            : `This store offers English only, so it takes no translations (${lang} was sent).`,
      },
    ];
  });
}

// Strict, as the taxonomy's are: a misspelt field ("longDescHtml") is a 400 naming it, not a
// 200 that silently dropped it.
export const ErpProductInput = z
  .strictObject({
    code: erpCode.regex(
      /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
      "Use letters, digits, dots, slashes and hyphens only.",
    ),
    name: z.string().trim().min(1, "The name is empty.").max(200, "The name has at most 200 characters."),
    /** Left out on a new product: made from the name. */
    slug: z
      .string()
      .trim()
      .max(120)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens only."),
    shortDescription: z.string().trim().max(1000, "At most 1000 characters."),
    /** HTML: only the tags a product page may carry are kept. */
    longDescriptionHtml: z.string().max(100_000, "The long description is too long."),
    priceCents: cents("price"),
    /** null: no sale price. */
    salePriceCents: cents("sale price").nullable(),
    vatRate: z.number().int("The VAT rate is a whole percent.").min(0).max(100),
    /** One unit's packed weight in grams (delivery is priced by it); required for a new product. */
    weightGrams: WeightGrams,
    categoryCodes: z.array(erpCode).max(20, "At most 20 categories."),
    /** null: no brand. */
    brandCode: erpCode.nullable(),
    isNew: z.boolean(),
    isTop: z.boolean(),
    isHot: z.boolean(),
    popupAd: z.boolean(),
    videoUrl: z
      .string()
      .trim()
      .max(500)
      .refine(isVideoUrl, "Use an https link to YouTube or Vimeo.")
      .nullable(),
    /** false: taken off the shop (kept, restorable). */
    active: z.boolean(),
    variantGroup: z.string().trim().min(1).max(60).nullable(),
    variantLabel: z.string().trim().min(1).max(60).nullable(),
    /** The whole list: a variant is known by colour name and size, and keeps its id while it stays. */
    variants: z.array(ErpVariantInput).max(50, "At most 50 variants."),
    /** The whole list, in order: pictures not named are removed. Left out: pictures stay as they are. */
    pictures: z.array(PictureInput).max(20, "At most 20 pictures."),
    /** The whole list of price-list prices. */
    priceListPrices: z
      .array(z.object({ priceListCode: erpCode, priceCents: cents("price-list price") }))
      .max(50),
    /** The regulatory class (docs/decisions/0058): general, nicotine_liquid, nicotine_free_liquid, device, tank, accessory. */
    regulatoryClass: z.enum(REGULATORY_CLASSES, {
      error: `The regulatory class is one of ${REGULATORY_CLASSES.join(", ")}.`,
    }),
    /** mg of nicotine per ml; null: none. */
    nicotineMgPerMl: complianceFields.nicotineMgPerMl.unwrap(),
    /** The liquid a container holds, in ml. */
    volumeMl: complianceFields.volumeMl.unwrap(),
    /** What a tank, pod or cartridge holds, in ml. */
    tankCapacityMl: complianceFields.tankCapacityMl.unwrap(),
    /** The EU notification number (EC-ID); null: none. */
    ecId: complianceFields.ecId.unwrap(),
    /** The manufacturer's code (a record of the back office's Manufacturers screen); null: the brand's. */
    manufacturerCode: erpCode.nullable(),
    /** The EU responsible person's code; null: the brand's. */
    responsiblePersonCode: erpCode.nullable(),
    /** The whole list of warning codes shown beside the nicotine warning. */
    warnings: complianceFields.warnings.unwrap(),
    /** The quantity in the store's warehouse. */
    stock: z.number().int("Stock is a whole number.").min(0, "Stock cannot be negative.").max(10_000_000),
    /** Per language (not English): merged field by field with the stored translation. */
    translations: z.record(TranslationLang, ErpProductTranslation).meta({
      description:
        "Per language the store offers besides English, e.g. { el: { name, shortDescription, longDescriptionHtml, variantLabel, specs } }: a field left out stays, null (or an empty text or list) clears it so the English shows; English or a language the store does not offer is refused",
    }),
  })
  .partial()
  .required({ code: true });

export type ErpProduct = z.output<typeof ErpProductInput>;

/** The back office's field names and the ERP's, for error paths. */
const ERP_FIELD: Record<string, string> = {
  shortDesc: "shortDescription",
  longDescHtml: "longDescriptionHtml",
  categoryIds: "categoryCodes",
  brandId: "brandCode",
  priceListPrices: "priceListPrices",
  manufacturerId: "manufacturerCode",
  responsiblePersonId: "responsiblePersonCode",
};

/**
 * Checks a product as it will be stored (stored values merged with the ERP's) against the back
 * office's rules: the cleaned record, or the problems named with the ERP's field names.
 */
export function checkProductRules(
  merged: z.input<typeof ProductFieldsInput>,
): { ok: true; value: ProductFields } | { ok: false; issues: InputIssue[] } {
  const result = ProductFieldsInput.safeParse(merged);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((i) => {
      const [head, ...rest] = i.path.map(String);
      const field = head === undefined ? "" : (ERP_FIELD[head] ?? head);
      return { path: [field, ...rest].filter(Boolean).join("."), message: i.message };
    }),
  };
}
