// The rules of sign-in with Google and Facebook that need no provider (core/social-sign-in.ts)
// and what an account made through one must add before ordering (core/account.ts).
import { describe, expect, it } from "vitest";
import { missingDetailsText, missingOrderDetails } from "../../core/account";
import {
  isSocialProblem,
  isSocialProvider,
  linkPendingText,
  SOCIAL_PROBLEMS,
  socialCallbackPath,
  socialProblemText,
} from "../../core/social-sign-in";

describe("social sign-in rules", () => {
  it("knows exactly two providers, and their callback paths", () => {
    expect(isSocialProvider("google")).toBe(true);
    expect(isSocialProvider("facebook")).toBe(true);
    for (const other of ["Google", "twitter", "", null, undefined, "google/../x"])
      expect(isSocialProvider(other)).toBe(false);
    expect(socialCallbackPath("google")).toBe("/auth/google/callback");
  });

  it("has a message for every problem, naming the provider where it matters, and no other problem codes", () => {
    for (const p of SOCIAL_PROBLEMS) {
      const text = socialProblemText(p, "Facebook");
      expect(text.length).toBeGreaterThan(20);
      expect(text).not.toMatch(/not available yet/);
    }
    expect(socialProblemText("cancelled", "Facebook")).toBe(
      "Signing in with Facebook was cancelled. You can try again, or sign in with your email and password.",
    );
    expect(isSocialProblem("expired")).toBe(true);
    expect(isSocialProblem("<script>")).toBe(false);
    expect(linkPendingText("Google", "ana@example.com")).toContain(
      "An account with ana@example.com already exists.",
    );
  });

  it("lists the details an order needs that the account lacks, in one sentence", () => {
    const full = {
      phone: "99123456",
      street: "Makariou 1",
      postcode: "1065",
      city: "Nicosia",
      country: "CY",
    };
    expect(missingOrderDetails(full)).toEqual([]);
    expect(missingOrderDetails({ ...full, phone: " ", country: "" })).toEqual(["mobile phone", "country"]);
    expect(missingDetailsText(["mobile phone", "country"])).toBe(
      "Please add your mobile phone and country in My Account before you order.",
    );
  });
});
