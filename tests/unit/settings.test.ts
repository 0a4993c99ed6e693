import { describe, expect, it } from "vitest";
import { deriveSettings, parseFlag, vatText } from "../../core/settings";

describe("store settings", () => {
  it("derives the spec's names from the stored keys", () => {
    const s = deriveSettings({
      raw: {
        show_master_categories_home: "1",
        full_screen_slider: "true",
        category_pictures: "0",
        brand_pictures: "yes",
        show_stock: "1",
        show_sign_in: "1",
        show_sign_up: "0",
        telephone: "+357 25 000000",
        facebook: "https://facebook.com/x",
        points_percentage: "5",
        free_delivery_total: "50",
        warehouse_id: "2",
      },
      imgFolder: "main",
      homeCategoriesImage: "/images/pages/cats.webp",
    });
    expect(s).toMatchObject({
      show_master_categories_home_page: true,
      fullscreenslider: true,
      showcatpictures: false,
      showbrandpictures: true,
      showStock: true,
      showSignin: true,
      showSignup: false,
      call_info: "+357 25 000000",
      img_folder: "main",
      vattext: "*VAT Included",
      facebook: "https://facebook.com/x",
      twitter: "",
      home_cats_background_img: "/images/pages/cats.webp",
      pointsEnabled: true,
      freeDeliveryTotalCents: 5000,
      warehouseId: 2,
      categoriesLink: "/shop/sidebar/3cols",
    });
  });

  it("enables points only above 0 and defaults sign-in and sign-up to on", () => {
    for (const p of ["0", "-3", "", "abc"]) {
      const s = deriveSettings({ raw: { points_percentage: p }, imgFolder: "x" });
      expect(s.pointsEnabled).toBe(false);
      expect(s.pointsPercentage).toBe(0);
    }
    const d = deriveSettings({ raw: {}, imgFolder: "x" });
    expect(d.showSignin).toBe(true);
    expect(d.showSignup).toBe(true);
    expect(d.freeDeliveryTotalCents).toBeNull();
    expect(d.sessionExpireMinutes).toBeGreaterThan(0);
  });

  it("keeps unconfirmed sign-ups and cookie answers at least as long as their link and cookie live", () => {
    const d = deriveSettings({ raw: {}, imgFolder: "x" });
    expect([d.newsletterPendingRetentionDays, d.cookieConsentRetentionDays]).toEqual([14, 1095]);
    const low = deriveSettings({
      raw: { newsletter_pending_retention_days: "3", cookie_consent_retention_days: "30" },
      imgFolder: "x",
    });
    expect([low.newsletterPendingRetentionDays, low.cookieConsentRetentionDays]).toEqual([7, 180]);
    const set = deriveSettings({
      raw: { newsletter_pending_retention_days: "30", cookie_consent_retention_days: "400" },
      imgFolder: "x",
    });
    expect([set.newsletterPendingRetentionDays, set.cookieConsentRetentionDays]).toEqual([30, 400]);
  });

  it("reads the usual spellings of yes and no", () => {
    expect(["1", "true", "TRUE", "yes", "on", " y "].map((v) => parseFlag(v))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["0", "false", "no", "off", "2"].map((v) => parseFlag(v))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("words the VAT text per customer", () => {
    expect(vatText(false)).toBe("*VAT Included");
    expect(vatText(true)).toBe("*VAT NOT Included");
  });
});
