// The back office's category and brand forms: one zod schema per form, used by the browser to
// mark fields before sending and by the server (the contract) to refuse bad input.
import { z } from "zod";
import { translatedText, translationsInput } from "./translations";

/** A store picture path (an upload answers one) or nothing. */
export const ImagePath = z
  .string()
  .trim()
  .max(300, "The picture path is too long.")
  .regex(/^\/images\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/, "Upload a picture, or leave it empty.")
  .refine((v) => !v.includes(".."), "Upload a picture, or leave it empty.");

/** Empty text means "no picture". */
export const OptionalImage = z.union([z.literal("").transform(() => null), ImagePath]).nullable();

export const CodeField = z
  .string()
  .trim()
  .min(1, "Enter a code.")
  .max(40, "Use at most 40 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Use letters, digits, dots, dashes or underscores.");

/** Empty: made from the name when saved. */
export const SlugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(120, "Use at most 120 characters.")
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, "Use lower-case letters, digits and single dashes (e.g. e-liquids).");

export const OrderField = z
  .number({ error: "Enter a whole number." })
  .int("Enter a whole number.")
  .min(0, "The order cannot be negative.")
  .max(1_000_000, "Use a smaller number.");

const Name = (what: string) =>
  z.string().trim().min(1, `Enter ${what}.`).max(120, "Use at most 120 characters.");

export const MasterCategoryInput = z.object({
  code: CodeField,
  description: Name("a name"),
  slug: SlugField.default(""),
  seq: OrderField.default(0),
  image: OptionalImage.default(null),
  translations: translationsInput({ description: translatedText(120, "The name") }),
});
export type MasterCategoryInput = z.input<typeof MasterCategoryInput>;

export const CategoryInput = z.object({
  masterId: z.number({ error: "Choose a master category." }).int().positive("Choose a master category."),
  code: CodeField,
  description: Name("a name"),
  slug: SlugField.default(""),
  seq: OrderField.default(0),
  popular: z.boolean().default(false),
  popularOrder: OrderField.default(0),
  image: OptionalImage.default(null),
  translations: translationsInput({ description: translatedText(120, "The name") }),
});
export type CategoryInput = z.input<typeof CategoryInput>;

export const BrandInput = z.object({
  name: Name("the brand's name"),
  code: CodeField,
  seq: OrderField.default(0),
  showHome: z.boolean().default(false),
  image: OptionalImage.default(null),
});
export type BrandInput = z.input<typeof BrandInput>;

/** An edit names the version of the record it was made on (a change since then is refused). */
export const Versioned = z.object({ version: z.string().min(1, "The record's version is missing.").max(64) });

/** A new order: every id of the list, first to last. */
export const ReorderInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});

/** Lower-case words joined by dashes, for a slug made from a name. */
export function slugFrom(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/g, "");
}
