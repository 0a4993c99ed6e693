import { redirect } from "react-router";

// The spec: any unknown path redirects to /pages/404.
export function loader() {
  throw redirect("/pages/404");
}

export default function CatchAll() {
  return null;
}
