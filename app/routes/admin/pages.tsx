// /admin/pages: the sections (title and text) of the terms, privacy and returns pages.
import { Link, useLoaderData } from "react-router";
import { LEGAL_PAGE_TITLES, type LegalPageKey } from "../../../core/admin/content";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import {
  DeleteRecord,
  finishDelete,
  finishSave,
  idList,
  RecordTable,
  text,
  whole,
} from "../../admin/content/records";
import { invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { TextAreaField, TextField } from "../../admin/ui/fields";
import { Card, PageHeader } from "../../admin/ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../../admin/ui/translations";

const HREF = "/admin/pages";
const PAGES = Object.keys(LEGAL_PAGE_TITLES) as LegalPageKey[];
const pageOf = (v: string | null): LegalPageKey =>
  PAGES.includes(v as LegalPageKey) ? (v as LegalPageKey) : "terms";

export function meta() {
  return [
    { title: "Terms, privacy, returns · Back office" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export async function clientLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const legal = pageOf(params.get("page"));
  const edit = params.get("edit");
  const [list, record] = await Promise.all([
    callAdmin(adminRoutes.content.listSections, { query: { page: 1, limit: 100, legal } }),
    edit && edit !== "new"
      ? callAdmin(adminRoutes.content.getSection, { params: { id: Number(edit) } })
      : null,
  ]);
  return { legal, list, record, editing: edit };
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  const legal = pageOf(text(form, "page") || text(form, "legal"));
  const back = `${HREF}?page=${legal}`;
  if (intent === "reorder")
    return finishSave(
      "New order saved.",
      async () => {
        await callAdmin(adminRoutes.content.reorderSections, { body: { page: legal, ids: idList(form) } });
        return { id: 0 };
      },
      back,
      false,
    );
  if (intent === "delete")
    return finishDelete(
      "Section deleted.",
      () =>
        callAdmin(adminRoutes.content.deleteSection, {
          params: { id: Number(form.get("id")) },
          query: { version: text(form, "version") },
        }),
      back,
    );
  if (intent !== "save") return invalid({}, "Unknown action.");
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  const body = {
    page: legal,
    title: text(form, "title"),
    bodyHtml: String(form.get("bodyHtml") ?? ""),
    seq,
    translations: readTranslationsForm(form, ["title", "bodyHtml"]),
  };
  const id = text(form, "id");
  if (!id)
    return finishSave(
      "Section added.",
      () => callAdmin(adminRoutes.content.createSection, { body }),
      HREF,
      true,
    ).then((r) => {
      if (r instanceof Response) r.headers.set("Location", `${r.headers.get("Location")}&page=${legal}`);
      return r;
    });
  return finishSave(
    "Section saved.",
    () =>
      callAdmin(adminRoutes.content.updateSection, {
        params: { id: Number(id) },
        body: { ...body, version: text(form, "version") },
      }),
    back,
    false,
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Section = Awaited<ReturnType<typeof clientLoader>>["list"]["items"][number];

export default function AdminLegalPages() {
  const { legal, list, record, editing } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  return (
    <>
      <PageHeader
        title="Terms, privacy and returns"
        actions={
          canWrite ? (
            <Link to={`?page=${legal}&edit=new`} className={buttonClass()}>
              Add a section
            </Link>
          ) : null
        }
      >
        Each page is a list of sections: a title and its text. Links, bold, lists and small headings are kept;
        anything else is removed when saved.
      </PageHeader>
      <nav aria-label="Pages" className="mb-4 flex flex-wrap gap-2">
        {PAGES.map((p) => (
          <Link
            key={p}
            to={`?page=${p}`}
            aria-current={p === legal ? "page" : undefined}
            className={p === legal ? buttonClass() : buttonClass("secondary")}
          >
            {LEGAL_PAGE_TITLES[p]}
          </Link>
        ))}
      </nav>
      <div className="grid gap-6 xl:grid-cols-[1fr_32rem]">
        <RecordTable
          caption={`Sections of the ${LEGAL_PAGE_TITLES[legal]} page in order`}
          rows={list.items}
          nameOf={(s) => s.title}
          editHref={(s) => `?page=${legal}&edit=${s.id}`}
          reorder={canWrite ? { fields: { legal } } : null}
          columns={[
            { header: "Title", cell: (s) => s.title },
            {
              header: "Text",
              cell: (s) => (
                <span className="line-clamp-2 text-slate-700">
                  {s.bodyHtml.replace(/<[^>]*>/g, " ").slice(0, 160)}
                </span>
              ),
            },
          ]}
          empty="This page has no sections yet."
        />
        {editing ? (
          <SectionForm key={record?.id ?? "new"} section={record} legal={legal} readOnly={!canWrite} />
        ) : null}
      </div>
    </>
  );
}

function SectionForm({
  section,
  legal,
  readOnly,
}: {
  section: Section | null;
  legal: LegalPageKey;
  readOnly: boolean;
}) {
  const back = `${HREF}?page=${legal}`;
  return (
    <Card title={section ? `Edit “${section.title}”` : `New section of ${LEGAL_PAGE_TITLES[legal]}`}>
      <AdminForm intent="save" className="space-y-4" readOnly={readOnly} aria-label="Section">
        <input type="hidden" name="id" value={section?.id ?? ""} />
        <input type="hidden" name="version" value={section?.version ?? ""} />
        <input type="hidden" name="page" value={legal} />
        <LanguageTabs
          label="Language of the section"
          english={
            <div className="space-y-4">
              <TextField name="title" label="Title" defaultValue={section?.title ?? ""} required />
              <TextAreaField
                name="bodyHtml"
                label="Text (HTML)"
                rows={12}
                defaultValue={section?.bodyHtml ?? ""}
                hint="E.g. <p>Paragraph</p>, <strong>bold</strong>, <a href='https://…'>link</a>, <ul><li>item</li></ul>."
              />
            </div>
          }
          translated={(lang) => (
            <div className="space-y-4">
              <TranslatedField
                lang={lang}
                field="title"
                label="Title"
                english={section?.title}
                value={section?.translations.el?.title}
                maxLength={200}
              />
              <TranslatedField
                lang={lang}
                field="bodyHtml"
                label="Text (HTML)"
                kind="textarea"
                rows={12}
                english={section?.bodyHtml}
                value={section?.translations.el?.bodyHtml}
              />
            </div>
          )}
        />
        <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(section?.seq ?? 0)} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{section ? "Save section" : "Add section"}</SubmitButton>
          <Link to={back} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {section && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <DeleteRecord
            id={section.id}
            version={section.version}
            noun="section"
            name={section.title}
            afterHref={back}
            extra={{ legal }}
          />
        </div>
      ) : null}
    </Card>
  );
}
