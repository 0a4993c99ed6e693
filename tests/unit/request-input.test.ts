// The pure rules behind the request hardening of issue 19: which text is refused at the boundary,
// which body limit a path gets, where the test checkout may take payments, and the setting.
import { describe, expect, it } from "vitest";
import { deriveSettings } from "../../core/settings";
import { parsePaymentProvider, testPaymentsAllowedOn } from "../../core/test-payments";
import { percentEncodedProblem, textBodyProblem } from "../../server/http/clean-input";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_RULES } from "../../server/http/request-limits";
import { serverTimeouts } from "../../server/http/timeouts";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("clean input", () => {
  it("finds NUL in percent-encoded text, and escapes that spell no UTF-8", () => {
    expect(percentEncodedProblem("/api/v1/store?q=a%00b")).toMatch(/NUL/);
    expect(percentEncodedProblem("/x?q=%ff")).toMatch(/UTF-8/);
    expect(percentEncodedProblem("/x?q=%ED%A0%80")).toMatch(/UTF-8/); // an encoded surrogate
    expect(percentEncodedProblem("/x?q=100%&r=%zz")).toBeNull();
    expect(percentEncodedProblem("/x?q=%2500")).toBeNull(); // a literal "%00"
    expect(percentEncodedProblem("/x?q=caf%C3%A9")).toBeNull();
  });

  it("finds NUL in JSON, raw or escaped, but not an escaped backslash before u0000", () => {
    expect(textBodyProblem(bytes('{"a":"x\\u0000"}'), "json")).toMatch(/NUL/);
    expect(textBodyProblem(bytes('{"a":"x\\\\\\u0000"}'), "json")).toMatch(/NUL/);
    expect(textBodyProblem(bytes('{"a":"x\u0000"}'), "json")).toMatch(/NUL/);
    expect(textBodyProblem(bytes('{"a":"C:\\\\u0000"}'), "json")).toBeNull();
    expect(textBodyProblem(bytes('{"a":"ünïcødé ✓"}'), "json")).toBeNull();
  });

  it("refuses bytes that are not UTF-8 and percent-encoded NUL in forms", () => {
    expect(textBodyProblem(new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]), "json")).toMatch(/UTF-8/);
    expect(textBodyProblem(bytes("name=Eve%00&csrf=x"), "form")).toMatch(/NUL/);
    expect(textBodyProblem(bytes("name=a+b&msg=50%25"), "form")).toBeNull();
  });
});

describe("body limits", () => {
  it("gives webhooks and the ERP API 1 MB, everything else the default, and the longest prefix wins", () => {
    expect(bodyLimitFor("/api/v1/payments/webhook/viva", DEFAULT_BODY_LIMIT_RULES, 64)).toBe(1024 * 1024);
    expect(bodyLimitFor("/api/v1/integration/stock", DEFAULT_BODY_LIMIT_RULES, 64)).toBe(1024 * 1024);
    expect(bodyLimitFor("/api/v1/contact", DEFAULT_BODY_LIMIT_RULES, 64)).toBe(64);
    const rules = [
      { prefix: "/admin/", maxBytes: 10 },
      { prefix: "/admin/uploads/", maxBytes: 5000 },
    ];
    expect(bodyLimitFor("/admin/uploads/img", rules, 1)).toBe(5000);
    expect(bodyLimitFor("/admin/x", rules, 1)).toBe(10);
  });

  it("keeps the headers timeout within the request timeout", () => {
    expect(serverTimeouts(30_000)).toMatchObject({ requestTimeout: 30_000, headersTimeout: 15_000 });
    expect(serverTimeouts(3_000).headersTimeout).toBe(3_000);
  });
});

describe("test payments", () => {
  it("knows only viva and test, exactly", () => {
    expect(parsePaymentProvider("viva")).toBe("viva");
    expect(parsePaymentProvider("test")).toBe("test");
    for (const name of ["Viva", "viva ", "", "paypal"]) expect(parsePaymentProvider(name)).toBeNull();
  });

  it("allows the test checkout on local hosts, elsewhere only with the setting", () => {
    expect(testPaymentsAllowedOn("localhost", false)).toBe(true);
    expect(testPaymentsAllowedOn("cy.localhost", false)).toBe(true);
    expect(testPaymentsAllowedOn("shop.example.com", false)).toBe(false);
    expect(testPaymentsAllowedOn("shop.example.com", true)).toBe(true);
  });

  it("parses allow_test_payments like the other flags, off by default", () => {
    expect(deriveSettings({ raw: {}, imgFolder: "x" }).allowTestPayments).toBe(false);
    expect(deriveSettings({ raw: { allow_test_payments: "yes" }, imgFolder: "x" }).allowTestPayments).toBe(
      true,
    );
    expect(deriveSettings({ raw: { allow_test_payments: "0" }, imgFolder: "x" }).allowTestPayments).toBe(
      false,
    );
  });
});
