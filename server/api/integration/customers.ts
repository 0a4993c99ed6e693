// (being written)
import type { ApiRouter } from "../router";

export function registerCustomerIntegration(_api: ApiRouter) {}
