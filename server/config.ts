// Process configuration from the environment, validated once at start.
import { resolve } from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  /** Control database: a postgres:// URL, or empty for the embedded one under DATA_DIR/control. */
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long store registry and settings stay cached, in ms. */
  STORE_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a client may take to send a whole request (headers and body), in ms. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
});

export interface AppConfig {
  env: string;
  dev: boolean;
  port: number;
  host: string;
  dataDir: string;
  controlTarget: string;
  smtpUrl: string | null;
  mailFrom: string | null;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  storeCacheMs: number;
  requestTimeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    dev: e.NODE_ENV === "development",
    port: e.PORT,
    host: e.HOST,
    dataDir,
    controlTarget: e.DATABASE_URL?.trim() || resolve(dataDir, "control"),
    smtpUrl: e.SMTP_URL?.trim() || null,
    mailFrom: e.MAIL_FROM?.trim() || null,
    logLevel: e.LOG_LEVEL,
    storeCacheMs: e.STORE_CACHE_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
  };
}
