// The configuration (server/config.ts, docs/decisions/0026): the README documents exactly the
// variables of the schema, bad values stop the start with a message that says what is wrong,
// and nothing else in the product reads process.env.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, EnvSchema, loadConfig, readVariable, variableDocs } from "../../server/config";
import { DEFAULT_SERVICE_CONFIG } from "../../services/config";

const root = join(import.meta.dirname, "../..");

/** The README row a variable should have: name, default (or what unset means), description. */
function expectedRow(name: string, schema: (typeof EnvSchema.shape)[keyof typeof EnvSchema.shape]): string {
  const doc = variableDocs.get(schema);
  if (!doc) throw new Error(`${name} has no documentation in server/config.ts`);
  const fallback = schema.parse(undefined);
  const shown =
    doc.unset ??
    (typeof fallback === "number"
      ? String(fallback)
      : typeof fallback === "string"
        ? `\`${fallback}\``
        : undefined);
  if (shown === undefined) throw new Error(`${name}: say what leaving it unset means (unset)`);
  return `| \`${name}\` | ${shown} | ${doc.description} |`;
}

function readmeRows(): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.split("### Configuration (environment)\n")[1]?.split("\n#")[0] ?? "";
  return section.split("\n").filter((line) => line.startsWith("| `"));
}

function capture(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("the configuration was accepted");
}

describe("configuration", () => {
  it("is documented in the README table, every variable and nothing else, as the schema says", () => {
    const expected = Object.entries(EnvSchema.shape).map(([name, schema]) => expectedRow(name, schema));
    expect(readmeRows()).toEqual(expected);
  });

  it("keeps the defaults and the meaning of valid values", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: "production",
      dev: false,
      port: 3000,
      host: "0.0.0.0",
      smtpUrl: null,
      mailFrom: null,
      logLevel: "info",
      storeCacheMs: 30_000,
      requestTimeoutMs: 30_000,
      sessionSecret: null,
      trustProxy: false,
      visitorCountryHeader: "CF-IPCountry",
      services: DEFAULT_SERVICE_CONFIG,
    });
    expect(c.controlTarget).toBe(join(c.dataDir, "control"));
    const set = loadConfig({
      NODE_ENV: "development",
      PORT: "0",
      DATABASE_URL: " postgres://u:p@127.0.0.1:5432/shop ",
      SMTP_URL: "",
      TRUST_PROXY: "1",
      VISITOR_COUNTRY_HEADER: "X-Visitor-Country",
      RATE_LIMIT_FACTOR: "50",
      LISTING_CACHE_MS: "0",
      SESSION_SECRET: "a-long-enough-secret",
      GOOGLE_PLACES_BASE_URL: "http://127.0.0.1:9",
    });
    expect(set).toMatchObject({
      dev: true,
      port: 0,
      controlTarget: "postgres://u:p@127.0.0.1:5432/shop",
      smtpUrl: null,
      trustProxy: true,
      visitorCountryHeader: "X-Visitor-Country",
      sessionSecret: "a-long-enough-secret",
      services: { rateLimitFactor: 50, listingCacheMs: 0, googlePlacesBaseUrl: "http://127.0.0.1:9" },
    });
    expect(c.operator.allowedHosts).toEqual([]);
    expect(
      loadConfig({ OPERATOR_ALLOWED_HOSTS: " ops.internal, Metrics.LAN ,[fd00::5]" }).operator.allowedHosts,
    ).toEqual(["ops.internal", "metrics.lan", "[fd00::5]"]);
    expect(capture({ OPERATOR_ALLOWED_HOSTS: "ops.internal,http://evil.example/" }).problems).toEqual([
      'OPERATOR_ALLOWED_HOSTS="ops.internal,http://evil.example/" is not valid: OPERATOR_ALLOWED_HOSTS takes host names or addresses without a port, comma-separated.',
    ]);
    expect(readVariable("BUILD_DIR", {})).toBe("build");
    expect(readVariable("NO_MINIFY", { NO_MINIFY: "1" })).toBe(true);
  });

  it("names each bad variable, what is wrong with it and what it takes", () => {
    const err = capture({
      PORT: "abc",
      RATE_LIMIT_FACTOR: "-1",
      LOG_LEVEL: "loud",
      DATABASE_URL: "postgres//admin:hunter2@db",
      STORE_CACHE_MS: "1.5",
      TRUST_PROXY: "yes",
      VISITOR_COUNTRY_HEADER: "Country: GR",
    });
    expect(err.problems).toEqual([
      'PORT="abc" is not a number: PORT takes a whole number from 0 to 65535.',
      "DATABASE_URL=(value not shown) is not valid: DATABASE_URL takes a postgres:// or postgresql:// URL.",
      'TRUST_PROXY="yes" is not one of the allowed values: TRUST_PROXY takes 1 (on) or 0 (off).',
      'VISITOR_COUNTRY_HEADER="Country: GR" is not valid: VISITOR_COUNTRY_HEADER takes an HTTP header name.',
      'RATE_LIMIT_FACTOR="-1" is below the minimum: RATE_LIMIT_FACTOR takes a whole number from 1 to 10000.',
      'LOG_LEVEL="loud" is not one of the allowed values: LOG_LEVEL takes one of fatal, error, warn, info, debug, trace, silent.',
      'STORE_CACHE_MS="1.5" is not a whole number: STORE_CACHE_MS takes a whole number from 0 to 86400000.',
    ]);
    expect(err.message).not.toContain("hunter2");
    expect(() => readVariable("SOURCEMAP", { SOURCEMAP: "true" })).toThrow(
      'SOURCEMAP="true" is not one of the allowed values: SOURCEMAP takes 1 (on) or 0 (off).',
    );
  });

  it("stops `node server/main.ts` with exit code 1 and the message, no stack trace", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sf-config-"));
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: "abc", LOG_LEVEL: "loud" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('PORT="abc" is not a number: PORT takes a whole number from 0 to 65535.');
      expect(run.stderr).toContain('LOG_LEVEL="loud" is not one of the allowed values');
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is the only place that reads process.env in app/, core/, services/, server/ and db/", () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && /\bprocess\.env\b/.test(readFileSync(path, "utf8")))
          readers.push(relative(root, path));
      }
    };
    for (const dir of ["app", "core", "services", "server", "db"]) walk(join(root, dir));
    expect(readers).toEqual(["server/config.ts"]);
  });
});
