// The terms, privacy and returns screen: the sections (title and text) of each of those pages,
// one page at a time (?page=terms).

import { Link } from "react-router";
import { LEGAL_PAGE_TITLES, type LegalPageKey } from "../../../core/admin/content";
import type { adminRoutes } from "../../../core/api/admin/routes";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { RecordTable, text, whole } from "../records/records";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { TextAreaField, TextField } from "../ui/fields";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../ui/translations";

export const LEGAL_PAGES_HREF = "/admin/pages";
const PAGES = Object.keys(LEGAL_PAGE_TITLES) as LegalPageKey[];
export const legalPageOf = (v: string | null): LegalPageKey =>
  PAGES.includes(v as LegalPageKey) ? (v as LegalPageKey) : "terms";
/** The page a form names: its own field when it edits a section, "legal" from the list's buttons. */
export const legalPageOfForm = (form: FormData) => legalPageOf(text(form, "page") || text(form, "legal"));
export const legalPageHref = (legal: LegalPageKey) => `${LEGAL_PAGES_HREF}?page=${legal}`;

type Section = AdminOutput<typeof adminRoutes.content.getSection>;
export type LegalPagesData = RecordScreenData<
  AdminOutput<typeof adminRoutes.content.listSections>,
  Section
> & {
  legal: LegalPageKey;
};

export function readSectionForm(form: FormData) {
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  return {
    ok: true,
    body: {
      page: legalPageOfForm(form),
      title: text(form, "title"),
      bodyHtml: String(form.get("bodyHtml") ?? ""),
      seq,
      translations: readTranslationsForm(form, ["title", "bodyHtml"]),
    },
  } satisfies FormRead<unknown>;
}

export function LegalPagesScreen({ data: { legal, list, record, editing } }: { data: LegalPagesData }) {
  const canWrite = useCan()("content.write");
  return (
    <RecordScreen
      title="Terms, privacy and returns"
      add={canWrite ? { to: `?page=${legal}&edit=new`, label: "Add a section" } : null}
      intro={
        <>
          Each page is a list of sections: a title and its text. Links, bold, lists and small headings are
          kept; anything else is removed when saved.
        </>
      }
      above={
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
      }
      editorWidth="wide"
      list={
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
      }
      editor={
        editing ? (
          <SectionForm key={record?.id ?? "new"} section={record} legal={legal} readOnly={!canWrite} />
        ) : null
      }
    />
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
  const back = legalPageHref(legal);
  return (
    <RecordEditor
      title={section ? `Edit “${section.title}”` : `New section of ${LEGAL_PAGE_TITLES[legal]}`}
      label="Section"
      record={section}
      readOnly={readOnly}
      submitLabel={section ? "Save section" : "Add section"}
      closeHref={back}
      remove={section && { noun: "section", name: section.title, afterHref: back, extra: { legal } }}
    >
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
    </RecordEditor>
  );
}
