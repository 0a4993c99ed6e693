// Every interface text of the storefront, one JSON file per part of the shop and language
// (docs/decisions/0035-languages.md). The English files are the source: their keys type
// `useTranslations` and their values are the spec's texts word for word. Only the server imports
// this module (services/messages.ts compiles it); the browser receives a page's catalogue as data.
import type { Lang } from "../language";
import elAccount from "./el/Account.json";
import elAgeGate from "./el/AgeGate.json";
import elBlog from "./el/Blog.json";
import elCart from "./el/Cart.json";
import elCatalog from "./el/Catalog.json";
import elCheckout from "./el/Checkout.json";
import elCommon from "./el/Common.json";
import elCompare from "./el/Compare.json";
import elConsent from "./el/Consent.json";
import elContent from "./el/Content.json";
import elCookieSettings from "./el/CookieSettings.json";
import elErrors from "./el/Errors.json";
import elFirstVisit from "./el/FirstVisit.json";
import elHome from "./el/Home.json";
import elMail from "./el/Mail.json";
import elNewsletter from "./el/Newsletter.json";
import elPriceReduction from "./el/PriceReduction.json";
import elPrivacy from "./el/Privacy.json";
import elProduct from "./el/Product.json";
import elReviews from "./el/Reviews.json";
import elSeo from "./el/Seo.json";
import elShell from "./el/Shell.json";
import elShipments from "./el/Shipments.json";
import elSubscription from "./el/Subscription.json";
import elTrader from "./el/Trader.json";
import elWishlist from "./el/Wishlist.json";
import elWithdrawal from "./el/Withdrawal.json";
import elWithdrawalMail from "./el/WithdrawalMail.json";
import Account from "./en/Account.json";
import AgeGate from "./en/AgeGate.json";
import Blog from "./en/Blog.json";
import Cart from "./en/Cart.json";
import Catalog from "./en/Catalog.json";
import Checkout from "./en/Checkout.json";
import Common from "./en/Common.json";
import Compare from "./en/Compare.json";
import Consent from "./en/Consent.json";
import Content from "./en/Content.json";
import CookieSettings from "./en/CookieSettings.json";
import Errors from "./en/Errors.json";
import FirstVisit from "./en/FirstVisit.json";
import Home from "./en/Home.json";
import Mail from "./en/Mail.json";
import Newsletter from "./en/Newsletter.json";
import PriceReduction from "./en/PriceReduction.json";
import Privacy from "./en/Privacy.json";
import Product from "./en/Product.json";
import Reviews from "./en/Reviews.json";
import Seo from "./en/Seo.json";
import Shell from "./en/Shell.json";
import Shipments from "./en/Shipments.json";
import Subscription from "./en/Subscription.json";
import Trader from "./en/Trader.json";
import Wishlist from "./en/Wishlist.json";
import Withdrawal from "./en/Withdrawal.json";
import WithdrawalMail from "./en/WithdrawalMail.json";

const en = {
  Account,
  AgeGate,
  Blog,
  Cart,
  Catalog,
  Checkout,
  Common,
  Compare,
  Consent,
  CookieSettings,
  Content,
  Errors,
  FirstVisit,
  Home,
  Mail,
  Newsletter,
  Privacy,
  PriceReduction,
  Product,
  Reviews,
  Seo,
  Shell,
  Subscription,
  Trader,
  Wishlist,
  Shipments,
  Withdrawal,
  WithdrawalMail,
};

/** The shape of the catalogue: namespaces of flat keys (a key may not contain a dot). */
export type Messages = typeof en;
export type Namespace = keyof Messages;
export type SourceCatalogue = Record<Namespace, Record<string, string>>;

/** Greek may lack a key (the test names it); English is complete by definition. */
const el: Partial<Record<Namespace, Record<string, string>>> = {
  Account: elAccount,
  AgeGate: elAgeGate,
  Blog: elBlog,
  Cart: elCart,
  Catalog: elCatalog,
  Checkout: elCheckout,
  Common: elCommon,
  Compare: elCompare,
  Consent: elConsent,
  CookieSettings: elCookieSettings,
  Content: elContent,
  Errors: elErrors,
  FirstVisit: elFirstVisit,
  Home: elHome,
  Mail: elMail,
  Newsletter: elNewsletter,
  Privacy: elPrivacy,
  PriceReduction: elPriceReduction,
  Product: elProduct,
  Reviews: elReviews,
  Seo: elSeo,
  Shell: elShell,
  Subscription: elSubscription,
  Trader: elTrader,
  Wishlist: elWishlist,
  Shipments: elShipments,
  Withdrawal: elWithdrawal,
  WithdrawalMail: elWithdrawalMail,
};

export const CATALOGUES: { en: SourceCatalogue } & Record<Lang, Partial<SourceCatalogue>> = {
  en: en as SourceCatalogue,
  el,
};
