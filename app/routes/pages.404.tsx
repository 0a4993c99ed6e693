import { data, Link } from "react-router";

export function loader() {
  // A real 404 status, so crawlers do not index the error page as content.
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Error 404" }];
}

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-5xl font-bold text-brand">Error 404</h1>
      <p className="mt-4 text-slate-600">We are sorry, the page you've requested is not available.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        BACK TO HOMEPAGE
      </Link>
    </section>
  );
}
