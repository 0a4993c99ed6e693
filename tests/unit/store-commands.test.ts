// `npm run store` arguments and the command schema (core/operator/store-commands.ts).
import { describe, expect, it } from "vitest";
import {
  commandFromArgv,
  defaultStoreUrl,
  parseStoreCommand,
  UsageError,
  wantsHelp,
} from "../../core/operator/store-commands";

const parse = (argv: string[]) => parseStoreCommand(commandFromArgv(argv));

describe("store command arguments", () => {
  it("reads add with several domains, a database, an owner and countries", () => {
    expect(
      parse([
        "add",
        "--id",
        "shop4",
        "--domain",
        "Shop4.Localhost",
        "--domain",
        "www.shop4.eu",
        "--name",
        "Fourth Shop",
        "--database",
        "postgres://u:p@db:5432/shop4",
        "--owner-email",
        "owner@shop4.eu",
        "--country",
        "cy",
      ]),
    ).toEqual({
      ok: true,
      command: {
        command: "add",
        id: "shop4",
        name: "Fourth Shop",
        domains: ["shop4.localhost", "www.shop4.eu"],
        database: "postgres://u:p@db:5432/shop4",
        ownerEmail: "owner@shop4.eu",
        countries: ["CY"],
      },
    });
  });

  it("reads every other command", () => {
    expect(parse(["list"])).toEqual({ ok: true, command: { command: "list" } });
    expect(parse(["domain", "add", "--id", "shop4", "--domain", "b.test"])).toEqual({
      ok: true,
      command: { command: "domain-add", id: "shop4", domain: "b.test" },
    });
    expect(parse(["domain", "remove", "--id", "shop4", "--domain", "b.test"])).toMatchObject({
      command: { command: "domain-remove" },
    });
    expect(parse(["pause", "--id", "shop4"])).toEqual({
      ok: true,
      command: { command: "pause", id: "shop4" },
    });
    expect(parse(["resume", "--id", "shop4"])).toEqual({
      ok: true,
      command: { command: "resume", id: "shop4" },
    });
    expect(parse(["remove", "--id", "shop4"])).toEqual({
      ok: true,
      command: { command: "remove", id: "shop4", purge: false },
    });
    expect(parse(["remove", "--id", "shop4", "--purge"])).toMatchObject({ command: { purge: true } });
    expect(parse(["languages", "--id", "cy", "--language", "el", "--language", "en"])).toEqual({
      ok: true,
      command: { command: "languages", id: "cy", languages: ["el", "en"] },
    });
    expect(parse(["languages", "--id", "cy"])).toEqual({
      ok: false,
      problems: ["Give at least one --language."],
    });
    expect(parse(["languages", "--id", "cy", "--language", "fr"])).toEqual({
      ok: false,
      problems: ["A language is one of: en, el."],
    });
    expect(
      parse(["database", "--id", "main", "--database", "postgres://u@db1:5432/sf_main_restored"]),
    ).toEqual({
      ok: true,
      command: { command: "database", id: "main", database: "postgres://u@db1:5432/sf_main_restored" },
    });
    expect(parse(["database", "--id", "main"])).toMatchObject({ ok: false });
    expect(parse(["database", "--id", "main", "--database", "/var/lib/x"])).toMatchObject({ ok: false });
  });

  it("throws a usage error for arguments that make no command", () => {
    for (const argv of [
      ["frob"],
      ["domain"],
      ["domain", "rename", "--id", "x"],
      ["list", "extra"],
      ["add", "--colour", "red"],
      ["pause", "--id"],
      ["domain", "add", "--id", "shop4", "--domain", "a.test", "--domain", "b.test"],
    ]) {
      expect(() => commandFromArgv(argv), argv.join(" ")).toThrow(UsageError);
    }
    expect(wantsHelp([])).toBe(true);
    expect(wantsHelp(["add", "--help"])).toBe(true);
    expect(wantsHelp(["list"])).toBe(false);
  });
});

describe("store command schema", () => {
  const problems = (input: unknown) => {
    const r = parseStoreCommand(input);
    return r.ok ? [] : r.problems;
  };

  it("checks ids", () => {
    for (const id of ["s", "4shop", "Shop4", "shop_4", "a".repeat(32), ""]) {
      expect(problems({ command: "pause", id })[0], id).toMatch(/^A store id is 2-31 characters/);
    }
    expect(problems({ command: "pause", id: "shop-4" })).toEqual([]);
    expect(problems({ command: "pause" })).toEqual(["Give the store's id (--id)."]);
  });

  it("checks domains: host names only, lower-cased", () => {
    const add = (domains: string[]) => problems({ command: "add", id: "shop4", name: "S", domains });
    expect(add(["shop4.localhost:3000"])).toEqual([
      "shop4.localhost:3000: give the host name without a port (the registry matches hosts, not ports).",
    ]);
    expect(add(["https://shop4.eu"])[0]).toMatch(/without http:\/\//);
    expect(add(["shop4.eu/shop"])[0]).toMatch(/without a path/);
    expect(add(["shop 4.eu"])[0]).toMatch(/is not a host name/);
    expect(add(["-shop.eu"])[0]).toMatch(/is not a host name/);
    expect(add([])).toEqual(["Give at least one domain (--domain)."]);
    expect(add(["a.eu", "A.eu"])).toEqual(["The same domain is given twice."]);
    expect(add(["127.0.0.1", "xn--shop-4.eu"])).toEqual([]);
  });

  it("checks the database URL, the owner's email, the countries and the name", () => {
    const add = (extra: Record<string, unknown>) =>
      problems({ command: "add", id: "shop4", name: "S", domains: ["a.eu"], ...extra });
    expect(add({ database: "mysql://x/y" })[0]).toMatch(/^--database must be a postgres:\/\/ URL/);
    expect(add({ database: "postgres://x/a;drop" })[0]).toMatch(/^--database must be/);
    expect(add({ database: "postgresql://u@h:5432/shop_4" })).toEqual([]);
    expect(add({ ownerEmail: "not-an-email" })).toEqual(["--owner-email is not an email address."]);
    expect(add({ countries: ["Cyprus"] })).toEqual(["A country is a two-letter ISO code (CY, GR, DE ...)."]);
    expect(add({ url: "ftp://a.eu" })).toEqual(["--url must be an http(s):// address."]);
    expect(problems({ command: "add", id: "shop4", name: " ", domains: ["a.eu"] })).toEqual([
      "Give the store's name (--name).",
    ]);
    expect(problems({ command: "explode" })[0]).toMatch(/^Unknown command/);
  });

  it("gives local hosts an http origin and public ones https", () => {
    expect(defaultStoreUrl("shop4.localhost")).toBe("http://shop4.localhost");
    expect(defaultStoreUrl("127.0.0.1")).toBe("http://127.0.0.1");
    expect(defaultStoreUrl("shop4.eu")).toBe("https://shop4.eu");
  });
});
