// /admin/categories: master categories and, for the chosen master, its sub-categories (order,
// popular flag and order, picture). One record is edited at a time (?edit=master:3, sub:new ...).
import { Link, useLoaderData } from "react-router";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  checked,
  DeleteRecord,
  finishDelete,
  finishSave,
  ImageField,
  idList,
  RecordTable,
  text,
  whole,
} from "../../admin/content/records";
import { invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { CheckboxField, SelectField, TextField } from "../../admin/ui/fields";
import { Badge, Card, PageHeader } from "../../admin/ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../../admin/ui/translations";

const HREF = "/admin/categories";

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

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = text(form, "intent");
  const back = text(form, "after") || HREF;
  if (intent === "reorder") {
    const masterId = Number(form.get("masterId"));
    return finishSave(
      "New order saved.",
      async () => {
        if (masterId)
          await callAdmin(adminRoutes.taxonomy.reorderCategories, { body: { masterId, ids: idList(form) } });
        else await callAdmin(adminRoutes.taxonomy.reorderMasters, { body: { ids: idList(form) } });
        return { id: 0 };
      },
      HREF,
      false,
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
      back,
    );
  }
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  const id = text(form, "id");
  const common = {
    code: text(form, "code"),
    description: text(form, "description"),
    slug: text(form, "slug"),
    seq,
    image: text(form, "image"),
    translations: readTranslationsForm(form, ["description"]),
  };
  if (intent === "save-master") {
    if (!id)
      return finishSave(
        "Master category added.",
        async () => {
          const m = await callAdmin(adminRoutes.taxonomy.createMaster, { body: common });
          return { id: m.id };
        },
        HREF,
        true,
      ).then((r) => (r instanceof Response ? fixRedirect(r, "master") : r));
    return finishSave(
      "Master category saved.",
      () =>
        callAdmin(adminRoutes.taxonomy.updateMaster, {
          params: { id: Number(id) },
          body: { ...common, version: text(form, "version") },
        }),
      HREF,
      false,
    );
  }
  if (intent === "save-sub") {
    const popularOrder = whole(form, "popularOrder");
    if (Number.isNaN(popularOrder)) return invalid({ popularOrder: "Enter a whole number." });
    const body = {
      ...common,
      masterId: Number(form.get("masterId")),
      popular: checked(form, "popular"),
      popularOrder,
    };
    if (!id)
      return finishSave(
        "Sub-category added.",
        async () => {
          const c = await callAdmin(adminRoutes.taxonomy.createCategory, { body });
          return { id: c.id, masterId: c.masterId };
        },
        HREF,
        true,
      ).then((r) => (r instanceof Response ? fixRedirect(r, "sub", body.masterId) : r));
    return finishSave(
      "Sub-category saved.",
      () =>
        callAdmin(adminRoutes.taxonomy.updateCategory, {
          params: { id: Number(id) },
          body: { ...body, version: text(form, "version") },
        }),
      HREF,
      false,
    );
  }
  return invalid({}, "Unknown action.");
}

/** finishSave answers ?edit=<id>; this screen's edit links name the kind (and the master). */
function fixRedirect(r: Response, kind: "master" | "sub", masterId?: number) {
  const location = r.headers.get("Location") ?? HREF;
  const id = new URL(location, "http://x").searchParams.get("edit");
  const q = new URLSearchParams({ edit: `${kind}:${id}` });
  if (masterId) q.set("master", String(masterId));
  r.headers.set("Location", `${HREF}?${q}`);
  return r;
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Data = Awaited<ReturnType<typeof clientLoader>>;
type Master = Data["masters"]["items"][number];
type Sub = NonNullable<Data["subs"]>["items"][number];

export default function AdminCategories() {
  const data = useLoaderData<typeof clientLoader>();
  const { masters, masterId, subs } = data;
  const canWrite = useCan()("catalog.write");
  const current = masters.items.find((m) => m.id === masterId) ?? null;
  const q = (edit: string) => `?master=${masterId ?? ""}&edit=${edit}`;
  return (
    <>
      <PageHeader
        title="Categories"
        actions={
          canWrite ? (
            <>
              <Link to={q("master:new")} className={buttonClass()}>
                Add a master category
              </Link>
              {current ? (
                <Link to={q("sub:new")} className={buttonClass("secondary")}>
                  Add a sub-category
                </Link>
              ) : null}
            </>
          ) : null
        }
      >
        Master categories hold sub-categories; products sit in sub-categories.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_28rem]">
        <div className="space-y-6">
          <section aria-labelledby="masters-h">
            <h2 id="masters-h" className="mb-2 text-lg font-semibold text-slate-900">
              Master categories
            </h2>
            <RecordTable
              caption="Master categories in display order"
              rows={masters.items}
              nameOf={(m) => m.description}
              editHref={(m) => `?master=${m.id}&edit=master:${m.id}`}
              reorder={canWrite ? { fields: { masterId: "" } } : null}
              columns={[
                {
                  header: "Name",
                  cell: (m) => (
                    <Link
                      to={`?master=${m.id}`}
                      className="font-medium text-indigo-800 underline underline-offset-2"
                      aria-current={m.id === masterId ? "true" : undefined}
                    >
                      {m.description}
                    </Link>
                  ),
                },
                { header: "Code", cell: (m) => m.code },
                { header: "Sub-categories", cell: (m) => m.subcategories, numeric: true },
              ]}
              empty="No master categories yet."
            />
          </section>
          {current && subs ? (
            <section aria-labelledby="subs-h">
              <h2 id="subs-h" className="mb-2 text-lg font-semibold text-slate-900">
                Sub-categories of {current.description}
              </h2>
              <RecordTable
                caption={`Sub-categories of ${current.description} in display order`}
                rows={subs.items}
                nameOf={(s) => s.description}
                editHref={(s) => `?master=${masterId}&edit=sub:${s.id}`}
                reorder={canWrite ? { fields: { masterId: String(masterId) } } : null}
                columns={[
                  { header: "Name", cell: (s) => s.description },
                  { header: "Code", cell: (s) => s.code },
                  {
                    header: "Popular",
                    cell: (s) => (s.popular ? <Badge tone="green">Popular #{s.popularOrder}</Badge> : "—"),
                  },
                  { header: "Products", cell: (s) => s.products, numeric: true },
                ]}
                empty="No sub-categories yet."
              />
            </section>
          ) : null}
        </div>
        {data.kind === "master" ? (
          <MasterForm key={data.master?.id ?? "new"} master={data.master} readOnly={!canWrite} />
        ) : data.kind === "sub" ? (
          <SubForm
            key={data.sub?.id ?? "new"}
            sub={data.sub}
            masters={masters.items}
            masterId={masterId}
            readOnly={!canWrite}
          />
        ) : null}
      </div>
    </>
  );
}

function CommonFields({
  record,
}: {
  record: {
    code: string;
    description: string;
    slug: string;
    seq: number;
    translations: { el?: { description: string | null } };
  } | null;
}) {
  return (
    <>
      <LanguageTabs
        label="Language of the name"
        english={
          <TextField name="description" label="Name" defaultValue={record?.description ?? ""} required />
        }
        translated={(lang) => (
          <TranslatedField
            lang={lang}
            field="description"
            label="Name"
            english={record?.description}
            value={record?.translations.el?.description}
            maxLength={120}
          />
        )}
      />
      <TextField
        name="code"
        label="Code"
        defaultValue={record?.code ?? ""}
        required
        hint="The code your till or ERP uses."
      />
      <TextField
        name="slug"
        label="Address name (slug)"
        defaultValue={record?.slug ?? ""}
        hint="Lower-case words joined by dashes; leave it empty to make it from the name."
      />
      <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(record?.seq ?? 0)} />
    </>
  );
}

function MasterForm({ master, readOnly }: { master: Master | null; readOnly: boolean }) {
  return (
    <Card title={master ? `Edit ${master.description}` : "New master category"}>
      <AdminForm intent="save-master" className="space-y-4" readOnly={readOnly} aria-label="Master category">
        <input type="hidden" name="id" value={master?.id ?? ""} />
        <input type="hidden" name="version" value={master?.version ?? ""} />
        <CommonFields record={master} />
        <ImageField
          name="image"
          label="Picture"
          uploadPath="/uploads/taxonomy?kind=category"
          defaultValue={master?.image ?? null}
          hint="Shown 600 × 400."
          disabled={readOnly}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{master ? "Save" : "Add master category"}</SubmitButton>
          <Link to={HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {master && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          {master.subcategories > 0 ? (
            <p className="text-sm text-slate-700">
              It holds {master.subcategories} sub-categories, so it cannot be deleted.
            </p>
          ) : (
            <DeleteRecord
              id={master.id}
              version={master.version}
              noun="master category"
              name={master.description}
              afterHref={HREF}
            />
          )}
        </div>
      ) : null}
    </Card>
  );
}

function SubForm({
  sub,
  masters,
  masterId,
  readOnly,
}: {
  sub: Sub | null;
  masters: Master[];
  masterId: number | null;
  readOnly: boolean;
}) {
  return (
    <Card title={sub ? `Edit ${sub.description}` : "New sub-category"}>
      <AdminForm intent="save-sub" className="space-y-4" readOnly={readOnly} aria-label="Sub-category">
        <input type="hidden" name="id" value={sub?.id ?? ""} />
        <input type="hidden" name="version" value={sub?.version ?? ""} />
        <SelectField
          name="masterId"
          label="Master category"
          defaultValue={String(sub?.masterId ?? masterId ?? "")}
          options={masters.map((m) => ({ value: String(m.id), label: m.description }))}
        />
        <CommonFields record={sub} />
        <CheckboxField
          name="popular"
          label="Popular (shown among the popular categories)"
          defaultChecked={sub?.popular ?? false}
        />
        <TextField
          name="popularOrder"
          label="Order among the popular categories"
          inputMode="numeric"
          defaultValue={String(sub?.popularOrder ?? 0)}
        />
        <ImageField
          name="image"
          label="Picture"
          uploadPath="/uploads/taxonomy?kind=category"
          defaultValue={sub?.image ?? null}
          hint="Shown 600 × 400."
          disabled={readOnly}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{sub ? "Save" : "Add sub-category"}</SubmitButton>
          <Link to={`${HREF}?master=${masterId ?? ""}`} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {sub && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          {sub.products > 0 ? (
            <p className="text-sm text-slate-700">
              {sub.products} products are in it, so it cannot be deleted.
            </p>
          ) : (
            <DeleteRecord
              id={sub.id}
              version={sub.version}
              noun="sub-category"
              name={sub.description}
              afterHref={`${HREF}?master=${sub.masterId}`}
              extra={{ kind: "sub" }}
            />
          )}
        </div>
      ) : null}
    </Card>
  );
}
