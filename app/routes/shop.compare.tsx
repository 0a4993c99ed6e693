import { ComparePage } from "../features/compare/ComparePage";
import { PageHeader } from "../features/content/PageHeader";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/shop.compare";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Compare");

export default function ShopCompare() {
  return (
    <>
      <PageHeader title="Compare Products" path="/shop/compare" />
      <section className="mx-auto max-w-7xl px-4 py-8">
        <ComparePage />
      </section>
    </>
  );
}
