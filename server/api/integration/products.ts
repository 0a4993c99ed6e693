// (being written)
import type { ApiRouter } from "../router";

export function registerProductIntegration(_api: ApiRouter) {}
