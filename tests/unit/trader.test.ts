// The trader's identity (docs/decisions/0049): the VAT number's format by its country prefix, the
// schema the back office saves with, the stored row read back, and the lines every page and mail
// show; and the order button's words per payment method.
import { describe, expect, it } from "vitest";
import { orderButtonText } from "../../app/features/checkout/labels";
import {
  normalizeVatNumber,
  traderLines,
  traderView,
  vatNumberProblem,
  vatPrefixOf,
} from "../../core/trader";
import { parseTraderIdentity, TraderIdentitySchema } from "../../core/trader-schema";

const identity = {
  legalName: "Vape Haven Demo Ltd",
  addressLine1: "Agiou Andreou 145",
  addressLine2: "",
  postcode: "3036",
  city: "Limassol",
  country: "CY",
  email: "info@vapehaven.eu",
  phone: "+357 25 123 456",
  vatNumber: "CY99000001D",
  registrationNumber: "HE 999001",
  registerName: "Registrar of Companies, Cyprus",
};

describe("VAT number format by country prefix", () => {
  it.each([
    ["CY99000001D", "CY"],
    ["EL123456789", "GR"],
    ["ATU12345678", "AT"],
    ["BE0123456789", "BE"],
    ["DE123456789", "DE"],
    ["ESX1234567R", "ES"],
    ["FRXX123456789", "FR"],
    ["IE1234567TW", "IE"],
    ["NL123456789B01", "NL"],
    ["SE123456789001", "SE"],
    ["XIGD123", "XI"],
  ])("accepts %s for a trader in %s", (vat, country) => {
    expect(vatNumberProblem(vat, country)).toBeNull();
  });

  it.each([
    ["CY99000001", "CY", "format of a CY"],
    ["CY990000011", "CY", "format of a CY"],
    ["GR123456789", "GR", "starts with EL"],
    ["EL12345678", "GR", "format of a EL"],
    ["DE12345678", "DE", "format of a DE"],
    ["NL123456789C01", "NL", "format of a NL"],
    ["CY99000001D", "GR", "starts with EL"],
    ["ATU1234567", "AT", "format of a AT"],
  ])("refuses %s for a trader in %s", (vat, country, problem) => {
    expect(vatNumberProblem(vat, country)).toContain(problem);
  });

  it("outside the EU takes letters and digits, unchecked", () => {
    expect(vatPrefixOf("CH")).toBeNull();
    expect(vatNumberProblem("CHE123456789", "CH")).toBeNull();
    expect(vatNumberProblem("CHE-123", "CH")).not.toBeNull();
  });

  it("is stored in one form: upper case, without spaces, dots or dashes", () => {
    expect(normalizeVatNumber(" cy 9900-0001.d ")).toBe("CY99000001D");
    expect(
      TraderIdentitySchema.parse({ ...identity, vatNumber: "el 123 456 789", country: "gr" }),
    ).toMatchObject({
      vatNumber: "EL123456789",
      country: "GR",
    });
  });
});

describe("the trader identity schema", () => {
  it("takes a full identity, and no VAT number or register for a trader without them", () => {
    expect(TraderIdentitySchema.safeParse(identity).success).toBe(true);
    const bare = { ...identity, vatNumber: "", registrationNumber: "", registerName: "" };
    expect(TraderIdentitySchema.safeParse(bare).success).toBe(true);
  });

  it("names each bad field", () => {
    const r = TraderIdentitySchema.safeParse({
      ...identity,
      legalName: " ",
      email: "not-an-address",
      phone: "call us",
      country: "Cyprus",
      registerName: "",
    });
    expect(r.success).toBe(false);
    const paths = (r.error?.issues ?? []).map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["legalName", "email", "phone", "country", "registerName"]));
  });

  it("reads the stored row back, and nothing from an empty or broken one", () => {
    expect(parseTraderIdentity(JSON.stringify(identity))?.legalName).toBe("Vape Haven Demo Ltd");
    expect(parseTraderIdentity("")).toBeNull();
    expect(parseTraderIdentity("{not json")).toBeNull();
    expect(parseTraderIdentity(JSON.stringify({ ...identity, email: "" }))).toBeNull();
  });
});

describe("the identity's lines", () => {
  const t = (key: string, v?: Record<string, string>) => `${key}:${Object.values(v ?? {}).join("|")}`;
  it("name, address with the country's name, contact, and only the numbers the trader has", () => {
    const l = traderLines(traderView(TraderIdentitySchema.parse(identity), "el-GR"), t);
    expect(l.name).toBe("Vape Haven Demo Ltd");
    expect(l.address).toEqual(["Agiou Andreou 145", "3036 Limassol", "Κύπρος"]);
    expect(l.contact).toEqual(["phone:+357 25 123 456", "email:info@vapehaven.eu"]);
    expect(l.registration).toEqual([
      "vatNumber:CY99000001D",
      "registration:HE 999001|Registrar of Companies, Cyprus",
    ]);
    const bare = TraderIdentitySchema.parse({
      ...identity,
      vatNumber: "",
      registrationNumber: "",
      registerName: "",
    });
    expect(traderLines(traderView(bare, "en-IE"), t).registration).toEqual([]);
    expect(traderLines(traderView(bare, "en-IE"), t).address[2]).toBe("Cyprus");
  });
});

describe("the order button's words", () => {
  const checkout = (k: string) => `checkout.${k}`;
  const trader = (k: string) => `trader.${k}`;
  it("state the obligation to pay for cash on delivery, bank transfer and before a choice; card and wallet pay now", () => {
    expect(orderButtonText("cod", checkout, trader)).toBe("trader.orderWithObligation");
    expect(orderButtonText("bank", checkout, trader)).toBe("trader.orderWithObligation");
    expect(orderButtonText(null, checkout, trader)).toBe("trader.orderWithObligation");
    expect(orderButtonText("card", checkout, trader)).toBe("checkout.actionPayNow");
    expect(orderButtonText("wallet", checkout, trader)).toBe("checkout.actionPayNow");
  });
});
