// The public configuration of a store, as the storefront and API clients see it.
// Built from an allow-list so that a new secret column can never leak by default.
import type { StoreContext } from "./context";

export function publicStoreConfig(store: StoreContext) {
  const { config, settings: s } = store;
  return {
    id: config.id,
    name: config.name,
    url: config.url,
    domains: config.domains,
    countries: config.countries,
    workingHours: config.workingHours,
    seo: config.seo,
    theme: config.theme,
    reviewsEnabled: Boolean(config.googlePlaceId),
    analytics: { ga4Id: config.ga4Id },
    /** Who the shopper contracts with (docs/decisions/0049); null while none is saved. */
    trader: s.trader,
    settings: {
      companyName: s.companyName,
      email: s.email,
      telephone: s.telephone,
      siteUrl: s.siteUrl,
      freeDeliveryTotalCents: s.freeDeliveryTotalCents,
      warehouseId: s.warehouseId,
      clientLatitude: s.clientLatitude,
      clientLongitude: s.clientLongitude,
      show18: s.show18,
      showMaps: s.showMaps,
      showPlaceOrder: s.showPlaceOrder,
      showPayNow: s.showPayNow,
      showBankTransfer: s.showBankTransfer,
      showPaymentWallet: s.showPaymentWallet,
      categoriesLink: s.categoriesLink,
      pointsPercentage: s.pointsPercentage,
      pointsEnabled: s.pointsEnabled,
      sessionExpireMinutes: s.sessionExpireMinutes,
      cookieExpireMinutes: s.cookieExpireMinutes,
      show_master_categories_home_page: s.show_master_categories_home_page,
      fullscreenslider: s.fullscreenslider,
      showcatpictures: s.showcatpictures,
      showbrandpictures: s.showbrandpictures,
      showStock: s.showStock,
      showSignin: s.showSignin,
      showSignup: s.showSignup,
      call_info: s.call_info,
      img_folder: s.img_folder,
      vattext: s.vattext,
      facebook: s.facebook,
      twitter: s.twitter,
      instagram: s.instagram,
      youtube: s.youtube,
      tiktok: s.tiktok,
      home_cats_background_img: s.home_cats_background_img,
    },
  };
}
