import { aboutContent } from "../../services/content";
import { requestEnv } from "../context";
import { AboutPage } from "../features/content/AboutPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/pages.about";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { about: await aboutContent(store) };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { page: "about", path: "/pages/about", image: args.loaderData?.about.topImage?.src });

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  return <AboutPage about={loaderData.about} />;
}
