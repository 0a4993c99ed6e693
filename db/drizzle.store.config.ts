import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/store/schema.ts",
  out: "./db/migrations/store",
});
