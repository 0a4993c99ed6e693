// Fuzzing inputs for the /api/v1 endpoints listed in the OpenAPI document: values shaped by
// each endpoint's schema, wrong types, huge strings, unicode, SQL and HTML payloads.
import fc from "fast-check";

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface Endpoint {
  method: string;
  /** OpenAPI path under /api/v1, e.g. /products/{id}. */
  path: string;
  params: Parameter[];
  body: Schema | null;
}

export function endpointsOf(doc: OpenApiDoc): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const body = content["application/json"]?.schema ?? Object.values(content)[0]?.schema ?? null;
      out.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body });
    }
  }
  return out;
}

export function resolve(doc: OpenApiDoc, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop() ?? "";
    return resolve(doc, doc.components?.schemas?.[name], depth + 1);
  }
  return schema;
}

/** Payloads that have broken real systems. */
const NASTY = [
  "",
  " ",
  "' OR '1'='1",
  "1; DROP TABLE products; --",
  "'); DELETE FROM customers; --",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM customers --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(document.cookie)>",
  "javascript:alert(1)",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  "${7*7}",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "\u0000' or 1=1",
  "\uFFFF\uFFFE",
  "\uD800",
  "🧨💥👩‍👩‍👧‍👦",
  "Ω≈ç√∫˜µ≤≥÷",
  "ﷺ",
  "‮reversed",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "9999999999999999999999999",
  "1e309",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "a".repeat(5_000),
  "ü".repeat(20_000),
  "x".repeat(200_000),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%FF%FE", "%C0%AF", "%00", "%%", "%2") },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308),
  nastyString,
  fc.array(fc.oneof(fc.integer(), nastyString), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), nastyString), { maxKeys: 3 }),
  fc.constant({ __proto__: { admin: true } }),
);

/** A value for a schema: mostly plausible for its type (to get past validation), often not. */
export function valueFor(doc: OpenApiDoc, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (depth > 4) return wrongType;
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((a) => valueFor(doc, a, depth + 1)), wrongType);
  }
  if (schema.enum && schema.enum.length > 0) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: wrongType },
    );
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  let typed: fc.Arbitrary<unknown>;
  switch (type) {
    case "integer":
      typed = fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -5, -5), max: Math.min(schema.maximum ?? 50, 50) }),
        fc.integer(),
        fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
      );
      break;
    case "number":
      typed = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 100 }));
      break;
    case "boolean":
      typed = fc.boolean();
      break;
    case "array":
      typed = fc.array(valueFor(doc, schema.items, depth + 1), { maxLength: 5 });
      break;
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) model[k] = valueFor(doc, v, depth + 1);
      const known = fc.record(model, { requiredKeys: [] });
      typed = fc
        .tuple(known, fc.dictionary(fc.string({ maxLength: 10 }), wrongType, { maxKeys: 2 }))
        .map(([a, extra]) => ({ ...extra, ...a }));
      break;
    }
    case "string":
      typed =
        schema.maxLength && schema.maxLength < 100
          ? fc.oneof(nastyString, fc.string({ maxLength: schema.maxLength }))
          : nastyString;
      break;
    default:
      typed = wrongType;
  }
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: wrongType });
}

export interface FuzzCase {
  pathValues: Record<string, string>;
  query: [string, string][];
  /** The raw body text, or undefined. */
  body: string | undefined;
  contentType: string;
  signedIn: boolean;
  csrf: boolean;
  apiKey: boolean;
}

const asParam = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

export function caseFor(doc: OpenApiDoc, e: Endpoint): fc.Arbitrary<FuzzCase> {
  const pathParams = e.params.filter((p) => p.in === "path");
  const queryParams = e.params.filter((p) => p.in === "query");
  const pathModel: Record<string, fc.Arbitrary<string>> = {};
  for (const p of pathParams) {
    pathModel[p.name] = fc.oneof(valueFor(doc, p.schema).map(asParam), nastyString);
  }
  const pair: fc.Arbitrary<[string, string]> = fc.oneof(
    ...queryParams.map((p) => valueFor(doc, p.schema).map((v) => [p.name, asParam(v)] as [string, string])),
    ...queryParams.map((p) => nastyString.map((v) => [p.name, v] as [string, string])),
    fc.tuple(fc.string({ maxLength: 12 }), nastyString),
  );
  const query = fc.array(pair, { maxLength: queryParams.length + 2 });
  const body: fc.Arbitrary<string | undefined> = e.body
    ? fc.oneof(
        { weight: 6, arbitrary: valueFor(doc, e.body).map((v) => JSON.stringify(v) ?? "null") },
        { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: nastyString },
        {
          weight: 1,
          arbitrary: fc.constantFrom("{", '{"a":', "[1,2", "\u0000", `{"x":"${"y".repeat(300_000)}"}`),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: nastyString });
  return fc.record({
    pathValues: fc.record(pathModel),
    query,
    body,
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ),
    signedIn: fc.boolean(),
    csrf: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    apiKey: fc.boolean(),
  });
}

/** Percent-encodes any string, lone surrogates included (as U+FFFD, like a browser). */
function enc(v: string): string {
  return encodeURIComponent(
    v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

/** Raw, malformed percent escapes that a client can put in a URL as they are. */
const RAW_ESCAPES = ["%", "%zz", "%E0%A4%A", "%FF%FE", "%C0%AF", "%00", "%%", "%2"];

export function urlFor(e: Endpoint, c: FuzzCase): string {
  const raw = (v: string) => (RAW_ESCAPES.includes(v) ? v : enc(v));
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => raw(c.pathValues[name] ?? "x"));
  const qs = c.query
    .filter(([k]) => k !== "")
    .map(([k, v]) => `${enc(k)}=${raw(v)}`)
    .join("&");
  return `/api/v1${path}${qs ? `?${qs}` : ""}`;
}
