// The trader identity's zod schema (docs/decisions/0049-trader-identity-and-order-button.md): what
// the back office saves and what the settings row is read back as. Apart from core/trader.ts so
// that only the server and the back office load zod for it.
import { z } from "zod";
import { normalizeVatNumber, vatNumberProblem } from "./trader";

const line = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Use at most ${max} characters.`)
    .refine((v) => !/[\r\n]/.test(v), "Keep it on one line.");

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .refine((v) => !/[\r\n]/.test(v), "Keep it on one line.")
    .default("");

export const TraderIdentitySchema = z
  .object({
    /** The legal name (company name or the sole trader's own name), art. 6(1)(b) CRD. */
    legalName: line("legal name", 160),
    /** The geographic address where the trader is established, art. 6(1)(c) CRD: no PO box. */
    addressLine1: line("street and number", 160),
    addressLine2: optionalLine(160),
    postcode: line("postcode", 20),
    city: line("town or city", 80),
    country: z
      .string({ error: "Enter a 2-letter country code, e.g. CY." })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Enter a 2-letter country code, e.g. CY."),
    email: z
      .string({ error: "Enter an email address like name@example.com." })
      .trim()
      .max(200, "Use at most 200 characters.")
      .pipe(z.email("Enter an email address like name@example.com.")),
    phone: z
      .string({ error: "Enter the telephone number." })
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,28}[0-9]$/, "Enter a telephone number like +357 22 000000."),
    /** Empty: the trader is not registered for VAT (art. 5(1)(g) 2000/31 applies only when it is). */
    vatNumber: z
      .string()
      .trim()
      .max(40, "Use at most 40 characters.")
      .default("")
      .transform(normalizeVatNumber),
    /** Empty with an empty register name: the trader is in no public trade register. */
    registrationNumber: optionalLine(40),
    /** The register's name, e.g. "Registrar of Companies, Cyprus" or "ΓΕΜΗ". */
    registerName: optionalLine(120),
  })
  .superRefine((v, ctx) => {
    if (v.vatNumber !== "") {
      const problem = vatNumberProblem(v.vatNumber, v.country);
      if (problem) ctx.addIssue({ code: "custom", path: ["vatNumber"], message: problem });
    }
    if (v.registrationNumber !== "" && v.registerName === "")
      ctx.addIssue({
        code: "custom",
        path: ["registerName"],
        message: "Name the register the number is in.",
      });
    if (v.registerName !== "" && v.registrationNumber === "")
      ctx.addIssue({
        code: "custom",
        path: ["registrationNumber"],
        message: "Enter the registration number, or leave the register empty.",
      });
  });

export type TraderIdentity = z.output<typeof TraderIdentitySchema>;

/** The stored JSON as an identity, or null when none is stored or it no longer validates. */
export function parseTraderIdentity(raw: string | undefined): TraderIdentity | null {
  if (!raw || raw.trim() === "") return null;
  try {
    const parsed = TraderIdentitySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
