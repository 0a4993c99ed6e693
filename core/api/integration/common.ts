// What every integration endpoint shares: the API-key security requirement (the `apiKey` scheme
// the server registers) and the error bodies, including the validation answer with field paths.
import { z } from "zod";
import { json } from "../endpoint";

const ProblemSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  /** On a 400 for invalid input: each problem with the path of its field, e.g. `variants.0.priceCents`. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const problem = (description: string) => json(ProblemSchema, description);
export const security = [{ apiKey: [] }];

/** What every integration endpoint may answer about its API key. */
export const keyRefusals = {
  401: problem("Missing or wrong API key"),
  429: problem("Too many wrong API keys from this address; Retry-After says when to try again"),
};

/** The ERP's code of a record (PRODCODE, a category or brand code, a price list's code). */
export const ErpCodeParam = z.object({
  code: z.string().min(1).max(40).meta({ description: "The ERP's code of the record" }),
});
