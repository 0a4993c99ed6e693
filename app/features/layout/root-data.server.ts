// The layout part of the root loader data: menus (cached per store in the catalogue service),
// the top bar's call number, social links, stock display, the customer's VAT text and the trader's
// identity.
import { LOCALE_TAGS } from "../../../core/language";
import { customerVatText, type PricingCustomer } from "../../../core/pricing";
import { type TraderView, traderView } from "../../../core/trader";
import type { Untranslated } from "../../../core/translation";
import { layoutData } from "../../../services/catalog";
import type { RequestEnv } from "../../context";

export interface LayoutRootData {
  /** Names in the page's language; `untranslated` holds "name" where one is English (core/translation.ts). */
  menu: ({
    id: number;
    name: string;
    slug: string;
    subcategories: ({ id: number; name: string; slug: string } & Untranslated)[];
  } & Untranslated)[];
  callInfo: string;
  companyName: string;
  social: { facebook: string; twitter: string; instagram: string; youtube: string; tiktok: string };
  showStock: boolean;
  categoriesLink: string;
  vatText: string;
  vatExcluded: boolean;
  /** The trader's identity with its country named in the page's language (docs/decisions/0049); null: none saved. */
  trader: TraderView | null;
}

/** The signed-in customer as pricing needs it; null for visitors (and before sessions exist). */
export function envCustomer(env: RequestEnv): PricingCustomer {
  const customer = "customer" in env ? env.customer : null;
  return customer ? { priceListId: customer.priceListId, excludeVat: customer.excludeVat } : null;
}

export async function layoutRootData(env: RequestEnv): Promise<{ layout: LayoutRootData }> {
  const { store } = env;
  const s = store.settings;
  const customer = envCustomer(env);
  const { menu } = await layoutData(store);
  return {
    layout: {
      menu: menu.map((m) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        ...(m.untranslated ? { untranslated: m.untranslated } : {}),
        subcategories: m.subcategories.map((c) => ({
          id: c.id,
          name: c.name,
          slug: c.slug,
          ...(c.untranslated ? { untranslated: c.untranslated } : {}),
        })),
      })),
      callInfo: s.call_info,
      companyName: s.companyName || store.config.name,
      social: {
        facebook: s.facebook,
        twitter: s.twitter,
        instagram: s.instagram,
        youtube: s.youtube,
        tiktok: s.tiktok,
      },
      showStock: s.showStock,
      categoriesLink: s.categoriesLink,
      vatText: customerVatText(customer),
      vatExcluded: customer?.excludeVat === true,
      trader: s.trader ? traderView(s.trader, LOCALE_TAGS[store.lang].intl) : null,
    },
  };
}
