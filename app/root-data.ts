// The root loader's data, typed once from the loader itself, and the hooks every feature reads
// it through (instead of casting `useRouteLoaderData("root")` to a hand-written copy).
import { useRouteLoaderData } from "react-router";
import type { loader } from "./root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Undefined only when the root loader did not run (an error thrown before it). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The signed-in customer, or null for a visitor. */
export function useCustomer(): RootData["customer"] | null {
  return useRootData()?.customer ?? null;
}
