import { describe, expect, it } from "vitest";
import { toPublicCustomer } from "../../core/account";
import {
  customerPrice,
  customerVariantPrices,
  customerVatText,
  excludesVat,
  hasPriceList,
  netCents,
} from "../../core/pricing";

const product = { priceCents: 1999, salePriceCents: 1499, vatRate: 19 };

describe("price lists", () => {
  it("counts a price-list header only when it is set and not -1", () => {
    expect(hasPriceList(null)).toBe(false);
    expect(hasPriceList({ priceListId: null, excludeVat: false })).toBe(false);
    expect(hasPriceList({ priceListId: -1, excludeVat: false })).toBe(false);
    expect(hasPriceList({ priceListId: 0, excludeVat: false })).toBe(false);
    expect(hasPriceList({ priceListId: 3, excludeVat: false })).toBe(true);
  });

  it("the customer the browser is given agrees with the prices the server charges", () => {
    // The browser empties a price-list customer's cart on sign-in from `hasPriceList`; the server
    // prices from the same rule. They once disagreed on 0 (an ERP's "no list").
    const customer = {
      id: 1,
      username: "u",
      name: "n",
      surname: "s",
      email: "e@example.com",
      country: "CY",
      excludeVat: false,
      pointsBalanceCents: 0,
      pointsOnHoldCents: 0,
      legacyAccount: false,
    };
    for (const priceListId of [null, -1, 0, 1, 3]) {
      expect(toPublicCustomer({ ...customer, priceListId }).hasPriceList, String(priceListId)).toBe(
        hasPriceList({ priceListId, excludeVat: false }),
      );
    }
  });

  it("visitors and customers without a list see the store prices", () => {
    expect(customerPrice(product, null)).toEqual({ priceCents: 1999, salePriceCents: 1499 });
    expect(
      customerPrice({ ...product, listPriceCents: 999 }, { priceListId: -1, excludeVat: false }),
    ).toEqual({
      priceCents: 1999,
      salePriceCents: 1499,
    });
    expect(
      customerPrice({ ...product, listPriceCents: 999 }, { priceListId: null, excludeVat: false }),
    ).toEqual({
      priceCents: 1999,
      salePriceCents: 1499,
    });
  });

  it("a customer on a price list pays the list price where one exists, without the retail sale", () => {
    const c = { priceListId: 2, excludeVat: false };
    expect(customerPrice({ ...product, listPriceCents: 1250 }, c)).toEqual({
      priceCents: 1250,
      salePriceCents: null,
    });
    // No line for this product on the list: the store price stands.
    expect(customerPrice({ ...product, listPriceCents: null }, c)).toEqual({
      priceCents: 1999,
      salePriceCents: 1499,
    });
    expect(customerPrice(product, c)).toEqual({ priceCents: 1999, salePriceCents: 1499 });
  });
});

describe("VAT exclusion", () => {
  it("net price is the gross price divided by 1 + VAT rate, rounded to cents", () => {
    expect(netCents(1190, 19)).toBe(1000);
    expect(netCents(1999, 19)).toBe(1680); // 16.798... -> 16.80
    expect(netCents(999, 24)).toBe(806); // 8.056... -> 8.06
    expect(netCents(500, 0)).toBe(500);
    expect(netCents(0, 19)).toBe(0);
  });

  it("VAT-excluded customers see net prices, sale prices included", () => {
    const c = { priceListId: null, excludeVat: true };
    expect(excludesVat(c)).toBe(true);
    expect(customerPrice(product, c)).toEqual({ priceCents: 1680, salePriceCents: 1260 });
    expect(customerPrice({ ...product, salePriceCents: null }, c)).toEqual({
      priceCents: 1680,
      salePriceCents: null,
    });
  });

  it("a price list and VAT exclusion combine: the list price, net", () => {
    expect(customerPrice({ ...product, listPriceCents: 1190 }, { priceListId: 4, excludeVat: true })).toEqual(
      {
        priceCents: 1000,
        salePriceCents: null,
      },
    );
  });

  it("a colour/size variant with its own price: that price, never on sale, VAT exclusion applies", () => {
    expect(customerVariantPrices(2380, product, null)).toEqual({ priceCents: 2380, salePriceCents: null });
    expect(customerVariantPrices(2380, product, { priceListId: null, excludeVat: true })).toEqual({
      priceCents: 2000,
      salePriceCents: null,
    });
    expect(
      customerVariantPrices(
        2380,
        { ...product, listPriceCents: 1190 },
        { priceListId: 4, excludeVat: false },
      ),
    ).toEqual({
      priceCents: 2380,
      salePriceCents: null,
    });
  });

  it("a colour/size variant without a price of its own sells as the product (decision 0043)", () => {
    expect(customerVariantPrices(null, product, null)).toEqual({ priceCents: 1999, salePriceCents: 1499 });
    expect(
      customerVariantPrices(null, { ...product, listPriceCents: 1190 }, { priceListId: 4, excludeVat: true }),
    ).toEqual({
      priceCents: 1000,
      salePriceCents: null,
    });
  });

  it("the VAT text: '*VAT Included', or '*VAT NOT Included' for VAT-excluded customers", () => {
    expect(customerVatText(null)).toBe("*VAT Included");
    expect(customerVatText({ priceListId: 3, excludeVat: false })).toBe("*VAT Included");
    expect(customerVatText({ priceListId: null, excludeVat: true })).toBe("*VAT NOT Included");
  });
});
