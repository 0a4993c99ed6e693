// (being written)
import type { ApiRouter } from "../router";

export function registerTaxonomyIntegration(_api: ApiRouter) {}
