import { z } from "zod";

/** A calendar day as a query or form gives it (`2026-03-31`): a real date, or a 400 saying why. */
export const IsoDateInput = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-31.")
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
  }, "Not a real date.");
