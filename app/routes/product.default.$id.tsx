import { data } from "react-router";
import { customerVatText } from "../../core/pricing";
import { getProduct, productWarehouses, relatedProducts } from "../../services/catalog";
import { requestEnv } from "../context";
import { ProductJsonLd } from "../features/content/StructuredData";
import { envCustomer } from "../features/layout/root-data.server";
import { ProductPage } from "../features/product/ProductPage";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/product.default.$id";

export async function loader({ context, params }: Route.LoaderArgs) {
  const env = context.get(requestEnv);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const customer = envCustomer(env);
  const product = id !== null ? await getProduct(env.store, id, customer) : null;
  if (!product) throw data(null, { status: 404 });
  const [related, warehouses] = await Promise.all([
    relatedProducts(env.store, product, customer),
    productWarehouses(env.store, product.id),
  ]);
  return {
    product,
    related,
    warehouses: warehouses ?? [],
    vatText: customerVatText(customer),
    showStock: env.store.settings.showStock,
  };
}

export function meta(args: Route.MetaArgs) {
  const p = args.data?.product;
  return seoMeta(args, {
    page: "product",
    path: `/product/default/${args.params.id}`,
    title: p?.name,
    description: p?.shortDesc,
    image: p?.pictures[0]?.url ?? null,
    type: "product",
  });
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProductPage key={loaderData.product.id} data={loaderData} />
      <ProductJsonLd product={loaderData.product} showStock={loaderData.showStock} />
    </>
  );
}
