// The SEO texts screen: the shop's title, description and keywords, and each page's own.
import type { ReactNode } from "react";
import { SEO_PAGE_KEYS, SEO_PAGES, type SeoPageKey } from "../../../core/admin/content";
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { useCan } from "../session";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { TextAreaField, TextField } from "../ui/fields";
import { Card, PageHeader } from "../ui/Page";
import { LanguageTabs, TranslatedField } from "../ui/translations";

export async function loadSeo() {
  return callAdmin(adminRoutes.content.getSeo, {});
}

export type SeoScreenData = Awaited<ReturnType<typeof loadSeo>>;

/** Each page's title and description, in a box of its own: the same layout in every language. */
function PagesCard({ children }: { children: (page: SeoPageKey) => ReactNode }) {
  return (
    <Card title="Pages">
      <div className="grid gap-6 lg:grid-cols-2">
        {SEO_PAGE_KEYS.map((k) => (
          <fieldset key={k} className="space-y-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{SEO_PAGES[k]}</legend>
            {children(k)}
          </fieldset>
        ))}
      </div>
    </Card>
  );
}

export function SeoScreen({ data }: { data: SeoScreenData }) {
  const seo = data;
  const canWrite = useCan()("content.write");
  return (
    <>
      <PageHeader title="SEO texts">
        What search engines and shared links show. A page without its own title uses “page name | shop name”,
        and without its own description the shop's.
      </PageHeader>
      <AdminForm className="space-y-6" readOnly={!canWrite} aria-label="SEO texts">
        <input type="hidden" name="version" value={seo.version} />
        <LanguageTabs
          label="SEO texts"
          english={
            <div className="space-y-6">
              <Card title="The whole shop">
                <div className="space-y-4">
                  <TextField
                    name="title"
                    label="Title (home page)"
                    defaultValue={seo.title}
                    required
                    maxLength={120}
                  />
                  <TextAreaField
                    name="description"
                    label="Description"
                    defaultValue={seo.description}
                    rows={3}
                    hint="One or two sentences, up to 300 characters."
                  />
                  <TextField
                    name="keywords"
                    label="Keywords"
                    defaultValue={seo.keywords}
                    hint="Separated by commas."
                  />
                </div>
              </Card>
              <PagesCard>
                {(k) => (
                  <>
                    <TextField
                      name={`${k}-title`}
                      label="Title"
                      defaultValue={seo.pages[k]?.title ?? ""}
                      maxLength={120}
                    />
                    <TextAreaField
                      name={`${k}-description`}
                      label="Description"
                      defaultValue={seo.pages[k]?.description ?? ""}
                      rows={2}
                    />
                  </>
                )}
              </PagesCard>
            </div>
          }
          translated={(lang) => (
            <div className="space-y-6">
              <p className="text-sm text-slate-700">
                What search engines and shared links show for the shop's Greek pages; an empty field uses the
                English (its grey placeholder).
              </p>
              <Card title="The whole shop">
                <div className="space-y-4">
                  <TranslatedField
                    lang={lang}
                    field="title"
                    label="Title (home page)"
                    english={seo.title}
                    value={seo.translations[lang]?.title}
                    maxLength={120}
                  />
                  <TranslatedField
                    lang={lang}
                    field="description"
                    label="Description"
                    kind="textarea"
                    rows={3}
                    english={seo.description}
                    value={seo.translations[lang]?.description}
                    maxLength={300}
                  />
                  <TranslatedField
                    lang={lang}
                    field="keywords"
                    label="Keywords"
                    english={seo.keywords}
                    value={seo.translations[lang]?.keywords}
                    maxLength={300}
                  />
                </div>
              </Card>
              <PagesCard>
                {(k) => (
                  <>
                    <TranslatedField
                      lang={lang}
                      field={`${k}-title`}
                      label="Title"
                      english={seo.pages[k]?.title}
                      value={seo.translations[lang]?.[`${k}-title`]}
                      maxLength={120}
                    />
                    <TranslatedField
                      lang={lang}
                      field={`${k}-description`}
                      label="Description"
                      kind="textarea"
                      rows={2}
                      english={seo.pages[k]?.description}
                      value={seo.translations[lang]?.[`${k}-description`]}
                      maxLength={300}
                    />
                  </>
                )}
              </PagesCard>
            </div>
          )}
        />
        <SubmitButton>Save SEO texts</SubmitButton>
      </AdminForm>
    </>
  );
}
