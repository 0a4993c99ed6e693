// What /product/default/{id} shows for an id with no product (the answer stays a 404): the 404
// page's heading, a sentence naming the product, and the way back to the catalogue.
import { Link } from "react-router";

export function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="product-not-found">
      <h1 className="text-3xl font-bold">Error 404</h1>
      <p className="mt-4 text-slate-600">We are sorry, the product you've requested is not available.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/shop/sidebar/list"
          className="inline-block rounded bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          Browse All Products
        </Link>
        <Link
          to="/"
          className="inline-block rounded border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:border-brand hover:text-brand"
        >
          BACK TO HOMEPAGE
        </Link>
      </div>
    </section>
  );
}
