// /admin/categories: master categories and, for the chosen master, its sub-categories (order,
// popular flag and order, picture). One record is edited at a time (?edit=master:3, sub:new ...).
import { useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  CATEGORIES_HREF,
  CategoriesScreen,
  categoryEditHref,
  readCategoryFields,
  readSubCategoryFields,
} from "../../admin/catalog/CategoriesScreen";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { finishCreate, finishDelete, idList, text } from "../../admin/records/records";

export function meta() {
  return [{ title: "Categories · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const edit = params.get("edit") ?? "";
  const [kind, id] = edit.split(":");
  const masters = await callAdmin(adminRoutes.taxonomy.listMasters, { query: { page: 1, limit: 100 } });
  const masterId = Number(params.get("master")) || masters.items[0]?.id || null;
  const [subs, master, sub] = await Promise.all([
    masterId
      ? callAdmin(adminRoutes.taxonomy.listCategories, { query: { page: 1, limit: 100, masterId } })
      : null,
    kind === "master" && id && id !== "new"
      ? callAdmin(adminRoutes.taxonomy.getMaster, { params: { id: Number(id) } })
      : null,
    kind === "sub" && id && id !== "new"
      ? callAdmin(adminRoutes.taxonomy.getCategory, { params: { id: Number(id) } })
      : null,
  ]);
  return { masters, masterId, subs, master, sub, kind: kind || null, id: id ?? null };
}

// Two kinds of record on one screen, so not recordAction: the intents name the kind.
export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = text(form, "intent");
  if (intent === "reorder") {
    const masterId = Number(form.get("masterId"));
    return adminAction("New order saved.", () =>
      masterId
        ? callAdmin(adminRoutes.taxonomy.reorderCategories, { body: { masterId, ids: idList(form) } })
        : callAdmin(adminRoutes.taxonomy.reorderMasters, { body: { ids: idList(form) } }),
    );
  }
  if (intent === "delete") {
    const id = Number(form.get("id"));
    const query = { version: text(form, "version") };
    return finishDelete(
      "Category deleted.",
      () =>
        form.get("kind") === "sub"
          ? callAdmin(adminRoutes.taxonomy.deleteCategory, { params: { id }, query })
          : callAdmin(adminRoutes.taxonomy.deleteMaster, { params: { id }, query }),
      text(form, "after") || CATEGORIES_HREF,
    );
  }
  const common = readCategoryFields(form);
  if (!common.ok) return common;
  const id = text(form, "id");
  const version = text(form, "version");
  if (intent === "save-master") {
    if (!id)
      return finishCreate(
        "Master category added.",
        () => callAdmin(adminRoutes.taxonomy.createMaster, { body: common.body }),
        (m) => categoryEditHref("master", m.id),
      );
    return adminAction("Master category saved.", () =>
      callAdmin(adminRoutes.taxonomy.updateMaster, {
        params: { id: Number(id) },
        body: { ...common.body, version },
      }),
    );
  }
  if (intent === "save-sub") {
    const own = readSubCategoryFields(form);
    if (!own.ok) return own;
    const body = { ...common.body, ...own.body };
    if (!id)
      return finishCreate(
        "Sub-category added.",
        () => callAdmin(adminRoutes.taxonomy.createCategory, { body }),
        (c) => categoryEditHref("sub", c.id, body.masterId),
      );
    return adminAction("Sub-category saved.", () =>
      callAdmin(adminRoutes.taxonomy.updateCategory, {
        params: { id: Number(id) },
        body: { ...body, version },
      }),
    );
  }
  return invalid({}, "Unknown action.");
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminCategories() {
  return <CategoriesScreen data={useLoaderData<typeof clientLoader>()} />;
}
