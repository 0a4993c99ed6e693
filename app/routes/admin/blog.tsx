import { useLoaderData } from "react-router";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { BlogScreen, loadBlog } from "../../admin/blog/BlogScreen";

export function meta() {
  return [{ title: "Blog · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  return loadBlog({ request });
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminBlog() {
  return <BlogScreen data={useLoaderData<typeof clientLoader>()} />;
}
