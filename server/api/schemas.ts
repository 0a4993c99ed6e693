import { z } from "@hono/zod-openapi";

export const ErrorSchema = z
  .object({ error: z.string(), message: z.string() })
  .openapi("Error", { example: { error: "not_found", message: "Product not found" } });

export const errorResponse = (description: string) => ({
  content: { "application/json": { schema: ErrorSchema } },
  description,
});
