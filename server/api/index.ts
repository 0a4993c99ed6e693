// Every /api/v1 route module registers itself here, one line each.
import { registerAuthRoutes } from "./auth";
import { registerCartRoutes } from "./cart";
import { registerCatalogRoutes } from "./catalog";
import { registerConsentRoutes } from "./consent";
import { registerContactRoutes } from "./contact";
import { registerContentRoutes } from "./content";
import { registerErrorRoutes } from "./errors";
import { registerIntegrationRoutes } from "./integration/index";
import { registerNewsletterRoutes } from "./newsletter";
import { registerNotifyRoutes } from "./notify";
import { registerOrderRoutes } from "./orders";
import { registerPaymentRoutes } from "./payments";
import { registerProductRoutes } from "./products";
import { registerReviewRoutes } from "./reviews";
import type { ApiRouter } from "./router";
import { registerStoreRoutes } from "./store";
import { registerWithdrawalRoutes } from "./withdrawals";

export function registerApiRoutes(api: ApiRouter): void {
  registerStoreRoutes(api);
  registerProductRoutes(api);
  registerCatalogRoutes(api);
  registerCartRoutes(api);
  registerAuthRoutes(api);
  registerNewsletterRoutes(api);
  registerConsentRoutes(api);
  registerContactRoutes(api);
  registerNotifyRoutes(api);
  registerErrorRoutes(api);
  registerContentRoutes(api);
  registerOrderRoutes(api);
  registerWithdrawalRoutes(api);
  registerReviewRoutes(api);
  registerPaymentRoutes(api);
  registerIntegrationRoutes(api);
}
