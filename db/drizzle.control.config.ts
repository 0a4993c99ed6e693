import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/control/schema.ts",
  out: "./db/migrations/control",
});
