// The restricted-advertising switches (core/advertising.ts): the lawful default when nothing is
// stored, the master setting over the parts, and which products a part concerns.
import { describe, expect, it } from "vitest";
import {
  ADVERTISING_PARTS,
  advertisingRestrictions,
  mayPromote,
  NO_RESTRICTIONS,
  RESTRICTED_CLASS_NAMES,
  unrestrictedParts,
} from "../../core/advertising";
import { ADVERTISING_RESTRICTED_CLASSES, REGULATORY_CLASSES } from "../../core/regulatory";
import { deriveSettings } from "../../core/settings";

const derive = (raw: Record<string, string>) => deriveSettings({ raw, imgFolder: "x" }).advertising;

describe("restricted advertising", () => {
  it("nothing stored: every part restricted (a new store starts lawful)", () => {
    expect(derive({})).toEqual(Object.fromEntries(ADVERTISING_PARTS.map((p) => [p, true])));
  });

  it("the setting off lifts every part, whatever the parts say", () => {
    expect(derive({ restricted_advertising: "0", restrict_sale_marks: "1" })).toEqual(NO_RESTRICTIONS);
  });

  it("the setting on: each part follows its own switch", () => {
    const r = derive({ restricted_advertising: "1", restrict_hot_deals: "0", restrict_hero_prices: "false" });
    expect(unrestrictedParts(r)).toEqual(["hotDeals", "heroPrices"]);
    expect(r.saleMarks).toBe(true);
  });

  it("a restricted part concerns nicotine and nicotine-free liquids, devices and tanks, never accessories or general goods", () => {
    const all = advertisingRestrictions(() => true);
    const blocked = REGULATORY_CLASSES.filter((c) => !mayPromote(all, "saleMarks", c));
    expect(blocked.sort()).toEqual(["device", "nicotine_free_liquid", "nicotine_liquid", "tank"]);
    for (const c of REGULATORY_CLASSES) expect(mayPromote(NO_RESTRICTIONS, "saleMarks", c)).toBe(true);
    expect(mayPromote(all, "saleMarks", null)).toBe(true);
    expect([...RESTRICTED_CLASS_NAMES].sort()).toEqual([...ADVERTISING_RESTRICTED_CLASSES].sort());
  });
});
