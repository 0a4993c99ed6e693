// The store commands (`npm run store`, and the operator listener's POST /stores): one zod schema
// for the command, so the CLI's arguments and the listener's JSON are checked by the same rules.
// Pure: no I/O.
import { parseArgs } from "node:util";
import { z } from "zod";
import { LANGUAGES } from "../language";

const STORE_ID_PATTERN = /^[a-z][a-z0-9-]{1,30}$/;

const StoreId = z
  .string({ error: "Give the store's id (--id)." })
  .trim()
  .regex(
    STORE_ID_PATTERN,
    "A store id is 2-31 characters: a lower-case letter, then lower-case letters, digits or '-' (e.g. shop4).",
  );

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name as the registry keys it: lower case, no port, no scheme (store_domains.domain). */
const Domain = z
  .string({ error: "Give a domain (--domain)." })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = domainProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

function domainProblem(host: string): string | null {
  if (host === "") return "A domain cannot be empty.";
  if (host.includes("://")) return `${host}: give the host name only, without http:// or https://.`;
  if (host.includes("/")) return `${host}: give the host name only, without a path.`;
  if (host.includes(":"))
    return `${host}: give the host name without a port (the registry matches hosts, not ports).`;
  if (host.length > 253) return `${host}: a host name has at most 253 characters.`;
  if (!host.split(".").every((label) => LABEL.test(label)))
    return `${host} is not a host name (letters, digits and '-', labels separated by dots, e.g. shop4.example.com).`;
  return null;
}

const PostgresUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return /^postgres(ql)?:$/.test(u.protocol) && /^\/[A-Za-z0-9_-]+$/.test(u.pathname);
    } catch {
      return false;
    }
  }, "--database must be a postgres:// URL naming a database of letters, digits, '_' or '-' (postgres://user@host:5432/shop4).");

const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "A country is a two-letter ISO code (CY, GR, DE ...).");

const AddCommand = z.object({
  command: z.literal("add"),
  id: StoreId,
  name: z
    .string({ error: "Give the store's name (--name)." })
    .trim()
    .min(1, "Give the store's name (--name).")
    .max(100, "A store name has at most 100 characters."),
  domains: z
    .array(Domain, { error: "Give at least one domain (--domain)." })
    .min(1, "Give at least one domain (--domain).")
    .max(20, "At most 20 domains at once.")
    .refine((d) => new Set(d).size === d.length, "The same domain is given twice."),
  /** Where the store's database goes; absent: beside the control database (or embedded). */
  database: PostgresUrl.optional(),
  /** The first back-office owner: an account without a password and a link to choose one. */
  ownerEmail: z.email("--owner-email is not an email address.").trim().optional(),
  ownerName: z.string().trim().min(1).max(100).optional(),
  /** The countries the store ships to; absent: DEFAULT_COUNTRIES. */
  countries: z
    .array(CountryCode)
    .min(1)
    .refine((c) => new Set(c).size === c.length, "The same country is given twice.")
    .optional(),
  /** The canonical public origin; absent: the first domain (http for local hosts, else https). */
  url: z
    .url({ protocol: /^https?$/, error: "--url must be an http(s):// address." })
    .trim()
    .optional(),
});

const DomainCommand = z.object({
  command: z.enum(["domain-add", "domain-remove"]),
  id: StoreId,
  domain: Domain,
});

export const StoreCommand = z.discriminatedUnion(
  "command",
  [
    AddCommand,
    z.object({ command: z.literal("list") }),
    DomainCommand,
    z.object({ command: z.literal("pause"), id: StoreId }),
    z.object({ command: z.literal("resume"), id: StoreId }),
    z.object({ command: z.literal("remove"), id: StoreId, purge: z.boolean().default(false) }),
    /** The storefront's languages, the first its default (unprefixed URLs; docs/decisions/0035). */
    z.object({
      command: z.literal("languages"),
      id: StoreId,
      languages: z
        .array(z.enum(LANGUAGES, { error: `A language is one of: ${LANGUAGES.join(", ")}.` }), {
          error: "Give at least one --language.",
        })
        .min(1, "Give at least one --language.")
        .refine((l) => new Set(l).size === l.length, "The same language is given twice."),
    }),
    /** Points a store at another database (a restored backup, a move to another server). */
    z.object({
      command: z.literal("database"),
      id: StoreId,
      database: PostgresUrl.refine(Boolean, "Give the database (--database postgres://...)."),
    }),
  ],
  {
    error:
      "Unknown command: use add, list, domain-add, domain-remove, pause, resume, languages, remove or database (see --help).",
  },
);
export type StoreCommand = z.infer<typeof StoreCommand>;
export type AddStoreCommand = z.infer<typeof AddCommand>;

/** A small EU default when `add` names no country: enough for checkout to offer a country. */
export const DEFAULT_COUNTRIES = ["CY", "GR", "DE", "FR", "IT", "ES", "NL", "BE", "AT", "PT", "IE"];

/** The store's canonical origin when `add` gives none: local hosts have no certificate. */
export function defaultStoreUrl(domain: string): string {
  const local = domain === "localhost" || domain.endsWith(".localhost") || /^[0-9.]+$/.test(domain);
  return `${local ? "http" : "https"}://${domain}`;
}

/** Checks a command from JSON or argv: the command, or the lines saying what is wrong. */
export function parseStoreCommand(
  input: unknown,
): { ok: true; command: StoreCommand } | { ok: false; problems: string[] } {
  const parsed = StoreCommand.safeParse(input);
  return parsed.success
    ? { ok: true, command: parsed.data }
    : { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
}

export const STORE_USAGE = `usage: npm run store -- <command> [options]
  add --id <id> --name <name> --domain <host> [--domain <host> ...]
      [--database postgres://...] [--owner-email <email> [--owner-name <name>]]
      [--country CY [--country GR ...]] [--url https://<host>]
  list
  domain add --id <id> --domain <host>
  domain remove --id <id> --domain <host>
  pause --id <id>
  resume --id <id>
  languages --id <id> --language en [--language el]   (the first is the default, without a URL prefix)
  remove --id <id> [--purge]
  database --id <id> --database postgres://...   (serve the store from another database, e.g. a restore)`;

/** A usage error: the arguments do not make a command (the CLI exits 2). */
export class UsageError extends Error {}

/**
 * argv (after `npm run store --`) to the command object the schema checks; only the shape of the
 * arguments is checked here, their values by StoreCommand. Throws UsageError.
 */
export function commandFromArgv(argv: string[]): unknown {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(argv);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values: v, positionals } = parsed;
  const [verb, sub, ...extra] = positionals;
  if (!verb) throw new UsageError("Name a command.");
  let command: string = verb;
  if (verb === "domain") {
    if (sub !== "add" && sub !== "remove") throw new UsageError("Use `domain add` or `domain remove`.");
    command = `domain-${sub}`;
    if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
  } else if (sub !== undefined) {
    throw new UsageError(`Unexpected argument: ${sub}`);
  }
  const one = (name: "domain", list: string[] | undefined) => {
    if (list && list.length > 1) throw new UsageError(`Give one --${name} to ${verb} ${sub ?? ""}`.trim());
    return list?.[0];
  };
  switch (command) {
    case "add":
      return {
        command,
        id: v.id,
        name: v.name,
        domains: v.domain ?? [],
        database: v.database,
        ownerEmail: v["owner-email"],
        ownerName: v["owner-name"],
        countries: v.country,
        url: v.url,
      };
    case "list":
      return { command };
    case "domain-add":
    case "domain-remove":
      return { command, id: v.id, domain: one("domain", v.domain) };
    case "pause":
    case "resume":
      return { command, id: v.id };
    case "languages":
      return { command, id: v.id, languages: v.language ?? [] };
    case "remove":
      return { command, id: v.id, purge: v.purge === true };
    case "database":
      return { command, id: v.id, database: v.database };
    default:
      throw new UsageError(`Unknown command: ${verb}.`);
  }
}

function parseCliArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      id: { type: "string" },
      name: { type: "string" },
      domain: { type: "string", multiple: true },
      database: { type: "string" },
      "owner-email": { type: "string" },
      "owner-name": { type: "string" },
      country: { type: "string", multiple: true },
      language: { type: "string", multiple: true },
      url: { type: "string" },
      purge: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** Whether the arguments ask for the usage text. */
export function wantsHelp(argv: string[]): boolean {
  return argv.length === 0 || argv.includes("--help") || argv.includes("-h") || argv[0] === "help";
}
