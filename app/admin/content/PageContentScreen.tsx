// The about & contact screen: the texts and pictures of the about and contact pages, place by
// place (?position=...). Not a record screen: the places are fixed, only their words change.
import { Link } from "react-router";
import { PAGE_CONTENT_GROUPS, type PageContentGroup } from "../../../core/admin/content";
import type { adminRoutes } from "../../../core/api/admin/routes";
import type { AdminOutput } from "../lib/admin-api";
import { ImageField } from "../records/records";
import { useCan } from "../session";
import { AdminForm, buttonClass, SubmitButton } from "../ui/AdminForm";
import { TextAreaField } from "../ui/fields";
import { Card, PageHeader } from "../ui/Page";
import { LanguageTabs, TranslatedField } from "../ui/translations";

export interface PageContentData {
  items: AdminOutput<typeof adminRoutes.content.listPageContent>["items"];
  /** The place open in the editor (?position). */
  position: string | null;
}

type Item = PageContentData["items"][number];

export function PageContentScreen({ data: { items, position } }: { data: PageContentData }) {
  const canWrite = useCan()("content.write");
  const current = items.find((i) => i.position === position) ?? null;
  return (
    <>
      <PageHeader title="About & contact pages">
        Each place of the about and contact pages holds a text, and the top pictures a picture too. Choose one
        to edit it.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_30rem]">
        <div className="min-w-0 space-y-6">
          {(Object.keys(PAGE_CONTENT_GROUPS) as PageContentGroup[]).map((group) => (
            <Card key={group} title={PAGE_CONTENT_GROUPS[group].title}>
              <p className="mb-3 text-sm text-slate-700">
                On the shop at{" "}
                <a
                  href={PAGE_CONTENT_GROUPS[group].path}
                  className="font-medium text-indigo-800 underline underline-offset-2"
                  target="_blank"
                  rel="noreferrer"
                >
                  {PAGE_CONTENT_GROUPS[group].path}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
              <ul className="divide-y divide-slate-100">
                {items
                  .filter((i) => i.group === group)
                  .map((i) => (
                    <li key={i.position} className="flex flex-wrap items-start justify-between gap-3 py-2">
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-medium text-slate-900">{i.label}</p>
                        <p className="truncate text-sm text-slate-700">{i.text || "(empty)"}</p>
                      </div>
                      <Link
                        to={`?position=${encodeURIComponent(i.position)}`}
                        className="text-sm font-medium text-indigo-800 underline underline-offset-2"
                        preventScrollReset
                      >
                        Edit<span className="sr-only"> {i.label}</span>
                      </Link>
                    </li>
                  ))}
              </ul>
            </Card>
          ))}
        </div>
        {current ? <PositionForm key={current.position} item={current} readOnly={!canWrite} /> : null}
      </div>
    </>
  );
}

function PositionForm({ item, readOnly }: { item: Item; readOnly: boolean }) {
  const group = PAGE_CONTENT_GROUPS[item.group];
  return (
    <Card title={`${group.title}: ${item.label}`}>
      <AdminForm className="space-y-4" readOnly={readOnly} aria-label={item.label}>
        <input type="hidden" name="position" value={item.position} />
        <input type="hidden" name="version" value={item.version} />
        <LanguageTabs
          label="Language of the text"
          english={
            <TextAreaField
              name="text"
              label={item.image ? "Picture description" : "Text"}
              defaultValue={item.text}
              rows={item.image ? 2 : 8}
              hint={
                item.image
                  ? "Read aloud to people who cannot see the picture."
                  : "Plain text; line breaks are kept."
              }
            />
          }
          translated={(lang) => (
            <TranslatedField
              lang={lang}
              field="text"
              label={item.image ? "Picture description" : "Text"}
              kind="textarea"
              rows={item.image ? 2 : 8}
              english={item.text}
              value={item.translations.el?.text}
              maxLength={5000}
            />
          )}
        />
        {item.image ? (
          <ImageField
            name="img"
            label="Picture"
            uploadPath="/uploads/content?kind=page"
            defaultValue={item.img}
            disabled={readOnly}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton>Save</SubmitButton>
          <Link to="/admin/content" className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
    </Card>
  );
}
