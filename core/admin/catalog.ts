// The back office's product rules shared by the product form (browser) and the server: the
// input schemas, the list's sorts and filters, and the small pure helpers both sides use.
// Money is integer cents, VAT-inclusive; the form converts euros to cents before it validates.

import { z } from "zod";
import { formatEuro } from "../money";
import { variantName } from "../product-rules";
import { complianceFields, complianceIssues } from "../regulatory";
import { WeightGrams } from "../shipping-weight";
import { translatedText, translationsInput } from "./translations";

/** A product counts as low on stock at this quantity or less (in the store's warehouse). */
export const LOW_STOCK_THRESHOLD = 5;

export const PRODUCT_SORTS = ["name", "code", "price", "stock", "updated"] as const;
export const PRODUCT_FLAGS = ["new", "top", "hot", "popup"] as const;
/** The list's status filter: "active" is published (shown in the shop), "deleted" every hidden one. */
export const PRODUCT_STATUSES = ["active", "deleted", "draft", "inactive", "all"] as const;
/**
 * Where a product stands (docs/decisions/0047): published (the shop shows it), draft (hidden, never
 * published) or inactive (hidden, withdrawn after it was published).
 */
export const PRODUCT_STATES = ["published", "draft", "inactive"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** A product's state from its stored flags. */
export function productState(p: { deleted: boolean; publishedAt: Date | string | null }): ProductState {
  if (!p.deleted) return "published";
  return p.publishedAt === null ? "draft" : "inactive";
}

/** At most this many products in one bulk edit (one transaction). */
export const MAX_BULK_PRODUCTS = 2000;
export const MAX_PRODUCTS_PER_PAGE = 100;

/** Upload limits for pictures (checked again on the server from the bytes themselves). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** A slug from a name: lower-case ASCII words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/g, "");
}

const VIDEO_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "vimeo.com",
  "www.vimeo.com",
  "player.vimeo.com",
];

/** A video link the product page can embed: https on YouTube or Vimeo. */
export function isVideoUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" && VIDEO_HOSTS.includes(u.hostname.toLowerCase());
  } catch {
    return false;
  }
}

const cents = (label: string) =>
  z
    .number({ error: `Enter the ${label}.` })
    .int(`The ${label} is a whole number of cents.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(100_000_000, `The ${label} is too large.`);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const VariantInput = z.object({
  /** An existing variant keeps its id (carts refer to it); a new one has none. */
  id: z.number().int().positive().optional(),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Pick a colour (#rrggbb)."),
  colorName: z.string().trim().min(1, "Name the colour.").max(60, "At most 60 characters."),
  /** Empty: the row is sold by its colour alone. */
  size: z.string().trim().max(60, "At most 60 characters."),
  /** null: the product's price and sale price (docs/decisions/0043). */
  priceCents: cents("variant price").nullable().default(null),
});

/**
 * The price a colour/size row keeps of its own: none (null, it sells at the product's price and
 * sale price) when it is empty or the same as the product's price, which is what a row copied from
 * the product is; a different price is the row's own (docs/decisions/0043).
 */
export function ownVariantPrice(rowCents: number | null, productCents: number): number | null {
  return rowCents === null || rowCents === productCents ? null : rowCents;
}

/**
 * What the back office tells an owner whose colour/size rows do not all sell at the product's
 * prices: the rows with a price of their own keep it whatever the product's price and sale price
 * say. Null when every row follows the product (or there are none).
 */
export function variantPriceNotice(p: {
  priceCents: number;
  salePriceCents: number | null;
  variants: readonly { colorName: string; size: string; priceCents: number | null }[];
}): string | null {
  const own = p.variants.filter((v) => v.priceCents !== null);
  if (own.length === 0) return null;
  const euro = formatEuro;
  const rows = own.map((v) => `${variantName(v)} ${euro(v.priceCents ?? 0)}`);
  const who =
    own.length === 1
      ? p.variants.length === 1
        ? "The variant has its own price"
        : `1 of ${p.variants.length} variants has its own price`
      : `${own.length === p.variants.length ? "All" : `${own.length} of`} ${p.variants.length} variants have their own prices`;
  const sale = p.salePriceCents === null ? "" : ` and sale price ${euro(p.salePriceCents)}`;
  return `${who}: the shop sells ${rows.join(", ")}, not the product's price ${euro(p.priceCents)}${sale}. Empty a variant's price to sell it at the product's price.`;
}

export const PriceListPriceInput = z.object({
  priceListId: z.number().int().positive(),
  priceCents: cents("price-list price"),
});

const productFields = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter the product code.")
    .max(40, "The code has at most 40 characters.")
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "Use letters, digits, dots, slashes and hyphens only."),
  name: z.string().trim().min(1, "Enter the product name.").max(200, "The name has at most 200 characters."),
  /** Empty: made from the name. */
  slug: z
    .string()
    .trim()
    .max(120, "The web address has at most 120 characters.")
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, "Use lower-case letters, digits and single hyphens only.")
    .default(""),
  priceCents: cents("price"),
  /** null: no sale price. */
  salePriceCents: cents("sale price").nullable().default(null),
  vatRate: z
    .number({ error: "Enter the VAT rate." })
    .int("The VAT rate is a whole percent.")
    .min(0, "The VAT rate cannot be negative.")
    .max(100, "The VAT rate is at most 100%."),
  /**
   * One unit's packed weight in grams, which prices delivery (docs/decisions/0057). null only for
   * a product made before weights existed and not weighed since; a new product needs one.
   */
  weightGrams: WeightGrams.nullable().default(null),
  isNew: z.boolean().default(false),
  isTop: z.boolean().default(false),
  isHot: z.boolean().default(false),
  popupAd: z.boolean().default(false),
  shortDesc: z.string().trim().max(1000, "The short description has at most 1000 characters.").default(""),
  /** Rich text (HTML); the server keeps only the tags and attributes it allows. */
  longDescHtml: z.string().max(100_000, "The long description is too long.").default(""),
  videoUrl: optionalText(500, "The video link").refine((v) => v === null || isVideoUrl(v), {
    message: "Use an https link to YouTube or Vimeo.",
  }),
  categoryIds: z.array(z.number().int().positive()).max(20, "At most 20 categories.").default([]),
  brandId: z.number().int().positive().nullable().default(null),
  variantGroup: optionalText(60, "The group"),
  variantLabel: optionalText(60, "The label"),
  variants: z.array(VariantInput).max(50, "At most 50 variants.").default([]),
  priceListPrices: z.array(PriceListPriceInput).max(50).default([]),
  /** Regulatory class and compliance data (core/regulatory.ts, docs/decisions/0058). */
  ...complianceFields,
  /** The product's words in the store's other languages; absent: left as they are. */
  translations: translationsInput({
    name: translatedText(200, "The name"),
    shortDesc: translatedText(1000, "The short description"),
    longDescHtml: translatedText(100_000, "The long description"),
    variantLabel: translatedText(60, "The label"),
  }),
});

type Fields = z.output<typeof productFields>;

function checkRules(value: Fields, ctx: z.RefinementCtx) {
  // The limits of Directive 2014/40/EU art. 20(3) and what the class needs, named by field.
  for (const issue of complianceIssues(value))
    ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  if (value.salePriceCents !== null && value.salePriceCents >= value.priceCents) {
    ctx.addIssue({
      code: "custom",
      path: ["salePriceCents"],
      message: "The sale price must be lower than the price (leave it empty for none).",
    });
  }
  if (value.variantLabel !== null && value.variantGroup === null) {
    ctx.addIssue({
      code: "custom",
      path: ["variantGroup"],
      message: "Name the group this label belongs to.",
    });
  }
  if (new Set(value.categoryIds).size !== value.categoryIds.length) {
    ctx.addIssue({ code: "custom", path: ["categoryIds"], message: "A category is chosen twice." });
  }
  const lists = value.priceListPrices.map((p) => p.priceListId);
  if (new Set(lists).size !== lists.length) {
    ctx.addIssue({ code: "custom", path: ["priceListPrices"], message: "A price list has two prices." });
  }
  const ids = value.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: "custom", path: ["variants"], message: "A variant appears twice." });
  }
  // A shopper picks a colour, then its size: two rows of one colour and size, or a colour with
  // rows both with and without a size, could not both be chosen.
  const colour = (v: { color: string }) => v.color.toLowerCase();
  const pairs = value.variants.map((v) => `${colour(v)} ${v.size.toLowerCase()}`);
  if (new Set(pairs).size !== pairs.length) {
    ctx.addIssue({
      code: "custom",
      path: ["variants"],
      message: "Two variants have the same colour and size.",
    });
  } else if (
    value.variants.some(
      (v) => v.size === "" && value.variants.some((w) => w.size !== "" && colour(w) === colour(v)),
    )
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["variants"],
      message: "A colour has rows with and without a size: give each of its rows a size.",
    });
  }
}

/** A new product (and every save of the form) must say what it weighs: delivery is priced by it. */
export function requireWeight(value: { weightGrams: number | null }, ctx: z.RefinementCtx) {
  if (value.weightGrams === null)
    ctx.addIssue({ code: "custom", path: ["weightGrams"], message: WEIGHT_REQUIRED });
}

const WEIGHT_REQUIRED = "Enter the weight in grams (the packed weight of one unit).";

const stockQty = z
  .number({ error: "Enter the stock." })
  .int("Stock is a whole number.")
  .min(0, "Stock cannot be negative.")
  .max(1_000_000, "That is more stock than a shop holds.");

/**
 * A new product: saved as a draft (the shop does not show it) or published at once; stock per
 * warehouse may be given with it.
 */
export const ProductCreateInput = productFields
  .extend({
    state: z.enum(["published", "draft"]).default("published"),
    stock: z
      .array(z.object({ warehouseId: z.number().int().positive(), qty: stockQty }))
      .max(100)
      .default([]),
  })
  .superRefine((value, ctx) => {
    checkRules(value, ctx);
    requireWeight(value, ctx);
    if (new Set(value.stock.map((l) => l.warehouseId)).size !== value.stock.length)
      ctx.addIssue({ code: "custom", path: ["stock"], message: "A warehouse appears twice." });
  });
/** The product's own fields, as an edit checks them (the rules of the form, without state or stock). */
export const ProductFieldsInput = productFields.superRefine(checkRules);
/** An edit: every field again, and the version the form was opened at. */
export const ProductUpdateInput = productFields
  .extend({ version: z.string().min(1, "The record's version is missing.").max(64) })
  .superRefine((value, ctx) => {
    checkRules(value, ctx);
    requireWeight(value, ctx);
  });

export type ProductCreate = z.output<typeof ProductCreateInput>;
export type ProductFields = z.output<typeof ProductFieldsInput>;
export type ProductUpdate = z.output<typeof ProductUpdateInput>;

/** Stock counts per warehouse, each with the quantity the form showed (a stale one is refused). */
export const StockInput = z.object({
  lines: z
    .array(
      z.object({
        warehouseId: z.number().int().positive(),
        qty: stockQty,
        /** What the form was opened with (null: no stock row yet). */
        was: z.number().int().min(0).nullable(),
      }),
    )
    .min(1, "Nothing to save.")
    .max(100),
});

/** A product's state set by hand: publish, keep as draft (never published only) or withdraw. */
export const ProductStateInput = z.object({ state: z.enum(PRODUCT_STATES) });

/** What a bulk edit does to every product it names. */
export const BulkAction = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("price"), priceCents: cents("price") }),
  /** null: the sale ends. */
  z.object({ kind: z.literal("salePrice"), salePriceCents: cents("sale price").nullable() }),
  /** set: the store warehouse's stock becomes qty; adjust: qty is added (negative: taken off). */
  z
    .object({
      kind: z.literal("stock"),
      mode: z.enum(["set", "adjust"]),
      qty: z
        .number({ error: "Enter the stock." })
        .int("Stock is a whole number.")
        .min(-1_000_000)
        .max(1_000_000),
    })
    .superRefine((v, ctx) => {
      if (v.mode === "set" && v.qty < 0)
        ctx.addIssue({ code: "custom", path: ["qty"], message: "Stock cannot be negative." });
      if (v.mode === "adjust" && v.qty === 0)
        ctx.addIssue({ code: "custom", path: ["qty"], message: "Enter a change other than 0." });
    }),
  z.object({ kind: z.literal("state"), state: z.enum(PRODUCT_STATES) }),
]);
export type BulkActionInput = z.output<typeof BulkAction>;

/** Which products: the rows ticked, or every product the list's filters match. */
export const BulkEditInput = z
  .object({
    ids: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_BULK_PRODUCTS).optional(),
    /** The list's filters (its query string's fields): every match, not only the page shown. */
    filter: z
      .object({
        q: z.string().trim().max(100).optional(),
        categoryId: z.number().int().positive().optional(),
        brandId: z.number().int().positive().optional(),
        flag: z.enum(PRODUCT_FLAGS).optional(),
        status: z.enum(PRODUCT_STATUSES).default("active"),
        lowStock: z.boolean().optional(),
      })
      .optional(),
    action: BulkAction,
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), {
    message: "Name the products: tick rows, or choose all that match the filter.",
    path: ["ids"],
  })
  .refine((v) => v.ids === undefined || v.ids.length > 0, {
    message: "Tick at least one product.",
    path: ["ids"],
  });
export type BulkEdit = z.output<typeof BulkEditInput>;

export const ImageOrderInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(100),
});

const MAX_ID = 2_147_483_647;
const idParam = z.coerce.number().int().positive().max(MAX_ID);
const yes = z
  .enum(["1", "0", "true", "false"])
  .transform((v) => v === "1" || v === "true")
  .optional();

/** The product list's query string: paging, sorting and filters (all done in SQL). */
export const ProductListQuery = z.object({
  q: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
  categoryId: idParam.optional(),
  brandId: idParam.optional(),
  flag: z.enum(PRODUCT_FLAGS).optional(),
  status: z.enum(PRODUCT_STATUSES).default("active"),
  lowStock: yes,
  sort: z.enum(PRODUCT_SORTS).default("updated"),
  dir: z.enum(["asc", "desc"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PRODUCTS_PER_PAGE).default(25),
});
export type ProductListParams = z.output<typeof ProductListQuery>;

export const ProductIdParam = z.object({ id: idParam });
export const ProductImageParam = z.object({ id: idParam, imageId: idParam });
