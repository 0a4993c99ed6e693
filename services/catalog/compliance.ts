// What a product page, both quick views and the storefront API show of a product's compliance
// (issue 41 §1, GPSR art. 19, Directive 2014/40/EU art. 20(4)(b)(iii); docs/decisions/0058): read
// with the product, one small query, the warnings as texts in the page's language.
import { eq, inArray, sql } from "drizzle-orm";
import {
  classRules,
  complianceRecord,
  isEuCountry,
  isNicotineContaining,
  type OperatorContact,
  type ProductCompliance,
  WARNING_MESSAGE_KEYS,
} from "../../core/regulatory";
import { brands, economicOperators, products } from "../../db/store/schema";
import type { StoreContext } from "../context";
import { translatorFor } from "../messages";

/** The compliance block of one product; null for an unknown one, or one of class "general" without warnings. */
export async function productCompliance(store: StoreContext, id: number): Promise<ProductCompliance | null> {
  const [row] = await store.db
    .select({
      regulatoryClass: products.regulatoryClass,
      nicotineMgPerMl: products.nicotineMgPerMl,
      volumeMl: products.volumeMl,
      tankCapacityMl: products.tankCapacityMl,
      ecId: products.ecId,
      warnings: products.warnings,
      manufacturerId: sql<number | null>`coalesce(${products.manufacturerId}, ${brands.manufacturerId})`,
      responsiblePersonId: sql<
        number | null
      >`coalesce(${products.responsiblePersonId}, ${brands.responsiblePersonId})`,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const c = complianceRecord(row);
  if (!classRules(c.regulatoryClass).gpsr && c.warnings.length === 0) return null;
  const ids = [c.manufacturerId, c.responsiblePersonId].filter((x): x is number => x !== null);
  const operators =
    ids.length > 0
      ? await store.db
          .select({
            id: economicOperators.id,
            name: economicOperators.name,
            postalAddress: economicOperators.postalAddress,
            email: economicOperators.email,
            country: economicOperators.country,
          })
          .from(economicOperators)
          .where(inArray(economicOperators.id, ids))
      : [];
  const contact = (opId: number | null): OperatorContact | null => {
    const o = operators.find((x) => x.id === opId);
    return o ? { name: o.name, postalAddress: o.postalAddress, email: o.email, country: o.country } : null;
  };
  const manufacturer = contact(c.manufacturerId);
  const t = translatorFor(store.lang, "Product");
  return {
    regulatoryClass: c.regulatoryClass,
    nicotineMgPerMl: c.nicotineMgPerMl,
    volumeMl: c.volumeMl,
    tankCapacityMl: c.tankCapacityMl,
    ecId: c.ecId,
    manufacturer,
    // GPSR art. 19(b): the responsible person where the manufacturer is not established in the Union.
    responsiblePerson:
      manufacturer === null || !isEuCountry(manufacturer.country) ? contact(c.responsiblePersonId) : null,
    nicotineWarning: isNicotineContaining(c) ? t("nicotineWarning") : null,
    warnings: c.warnings.map((w) => t(WARNING_MESSAGE_KEYS[w])),
  };
}
