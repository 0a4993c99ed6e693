// The categories screen: master categories and, for the chosen master, its sub-categories (order,
// popular flag and order, picture). One record is edited at a time (?edit=master:3, sub:new ...).
import { Link } from "react-router";
import type { adminRoutes } from "../../../core/api/admin/routes";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead } from "../records/record-action";
import { checked, ImageField, RecordTable, text, whole } from "../records/records";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { CheckboxField, SelectField, TextField } from "../ui/fields";
import { Badge } from "../ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../ui/translations";

export const CATEGORIES_HREF = "/admin/categories";

type Masters = AdminOutput<typeof adminRoutes.taxonomy.listMasters>;
type Master = Masters["items"][number];
type Sub = AdminOutput<typeof adminRoutes.taxonomy.getCategory>;

export interface CategoriesData {
  masters: Masters;
  /** The master whose sub-categories are listed (?master, else the first). */
  masterId: number | null;
  subs: AdminOutput<typeof adminRoutes.taxonomy.listCategories> | null;
  master: AdminOutput<typeof adminRoutes.taxonomy.getMaster> | null;
  sub: Sub | null;
  /** Which kind of record the editor holds, from ?edit=<kind>:<id>. */
  kind: string | null;
  id: string | null;
}

/** A new record's edit form: the edit link names its kind (and a sub-category's master). */
export function categoryEditHref(kind: "master" | "sub", id: number, masterId?: number): string {
  const q = new URLSearchParams({ edit: `${kind}:${id}` });
  if (masterId) q.set("master", String(masterId));
  return `${CATEGORIES_HREF}?${q}`;
}

/** The fields both kinds have. */
export function readCategoryFields(form: FormData) {
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  return {
    ok: true,
    body: {
      code: text(form, "code"),
      description: text(form, "description"),
      slug: text(form, "slug"),
      seq,
      image: text(form, "image"),
      translations: readTranslationsForm(form, ["description"]),
    },
  } satisfies FormRead<unknown>;
}

/** A sub-category's own fields after the common ones. */
export function readSubCategoryFields(form: FormData) {
  const popularOrder = whole(form, "popularOrder");
  if (Number.isNaN(popularOrder)) return invalid({ popularOrder: "Enter a whole number." });
  return {
    ok: true,
    body: { masterId: Number(form.get("masterId")), popular: checked(form, "popular"), popularOrder },
  } satisfies FormRead<unknown>;
}

export function CategoriesScreen({ data }: { data: CategoriesData }) {
  const { masters, masterId, subs } = data;
  const canWrite = useCan()("catalog.write");
  const current = masters.items.find((m) => m.id === masterId) ?? null;
  const q = (edit: string) => `?master=${masterId ?? ""}&edit=${edit}`;
  return (
    <RecordScreen
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
      intro={<>Master categories hold sub-categories; products sit in sub-categories.</>}
      list={
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
      }
      editor={
        data.kind === "master" ? (
          <MasterForm key={data.master?.id ?? "new"} master={data.master} readOnly={!canWrite} />
        ) : data.kind === "sub" ? (
          <SubForm
            key={data.sub?.id ?? "new"}
            sub={data.sub}
            masters={masters.items}
            masterId={masterId}
            readOnly={!canWrite}
          />
        ) : null
      }
    />
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

function PictureField({ image, readOnly }: { image: string | null | undefined; readOnly: boolean }) {
  return (
    <ImageField
      name="image"
      label="Picture"
      uploadPath="/uploads/taxonomy?kind=category"
      defaultValue={image ?? null}
      hint="Shown 600 × 400."
      disabled={readOnly}
    />
  );
}

function MasterForm({ master, readOnly }: { master: CategoriesData["master"]; readOnly: boolean }) {
  return (
    <RecordEditor
      title={master ? `Edit ${master.description}` : "New master category"}
      label="Master category"
      intent="save-master"
      record={master}
      readOnly={readOnly}
      submitLabel={master ? "Save" : "Add master category"}
      closeHref={CATEGORIES_HREF}
      remove={
        master && {
          noun: "master category",
          name: master.description,
          afterHref: CATEGORIES_HREF,
          blocked:
            master.subcategories > 0 ? (
              <>It holds {master.subcategories} sub-categories, so it cannot be deleted.</>
            ) : null,
        }
      }
    >
      <CommonFields record={master} />
      <PictureField image={master?.image} readOnly={readOnly} />
    </RecordEditor>
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
    <RecordEditor
      title={sub ? `Edit ${sub.description}` : "New sub-category"}
      label="Sub-category"
      intent="save-sub"
      record={sub}
      readOnly={readOnly}
      submitLabel={sub ? "Save" : "Add sub-category"}
      closeHref={`${CATEGORIES_HREF}?master=${masterId ?? ""}`}
      remove={
        sub && {
          noun: "sub-category",
          name: sub.description,
          afterHref: `${CATEGORIES_HREF}?master=${sub.masterId}`,
          extra: { kind: "sub" },
          blocked: sub.products > 0 ? <>{sub.products} products are in it, so it cannot be deleted.</> : null,
        }
      }
    >
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
      <PictureField image={sub?.image} readOnly={readOnly} />
    </RecordEditor>
  );
}
