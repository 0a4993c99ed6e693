import { describe, expect, it } from "vitest";
import { isLocalHost, normalizeHost, robotsFor } from "../../core/host";

describe("normalizeHost", () => {
  it("drops the port, lower-cases and trims a trailing dot", () => {
    expect(normalizeHost("CY.Localhost:3000")).toBe("cy.localhost");
    expect(normalizeHost("vapehaven.eu.")).toBe("vapehaven.eu");
    expect(normalizeHost("[::1]:3000")).toBe("[::1]");
  });
  it("rejects missing or malformed hosts", () => {
    for (const bad of [undefined, null, "", "a b", "evil.com/x", "x".repeat(300), "[::1"])
      expect(normalizeHost(bad)).toBeNull();
  });
});

describe("local hosts", () => {
  it("treats localhost, *.localhost and loopback addresses as development domains", () => {
    for (const h of ["localhost", "cy.localhost", "wholesale.localhost", "127.0.0.1", "[::1]"]) {
      expect(isLocalHost(h)).toBe(true);
      expect(robotsFor(h)).toBe("noindex, nofollow");
    }
  });
  it("indexes real domains", () => {
    for (const h of ["vapehaven.eu", "localhost.example.com", "mylocalhost"]) {
      expect(isLocalHost(h)).toBe(false);
      expect(robotsFor(h)).toBe("index, follow");
    }
  });
});
