import { redirect } from "react-router";
import { requestEnv } from "../context";
import { prefixPath } from "../lib/localized";
import type { Route } from "./+types/catch-all";

// The spec: any unknown path redirects to /pages/404, in the language it was asked in.
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(prefixPath(context.get(requestEnv).langPrefix, "/pages/404"));
}

export default function CatchAll() {
  return null;
}
