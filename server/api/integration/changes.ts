// (being written)
import type { ApiRouter } from "../router";

export function registerChangesIntegration(_api: ApiRouter) {}
