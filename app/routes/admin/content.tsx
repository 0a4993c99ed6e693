// /admin/content: the texts and pictures of the about and contact pages, place by place.
import { Link, useLoaderData } from "react-router";
import { PAGE_CONTENT_GROUPS, type PageContentGroup } from "../../../core/admin/content";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { ImageField, text } from "../../admin/content/records";
import { adminAction, invalid } from "../../admin/lib/actions";
import { callAdmin } from "../../admin/lib/admin-api";
import { useCan } from "../../admin/session";
import { AdminForm, buttonClass, SubmitButton } from "../../admin/ui/AdminForm";
import { TextAreaField } from "../../admin/ui/fields";
import { Card, PageHeader } from "../../admin/ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../../admin/ui/translations";

export function meta() {
  return [{ title: "About & contact · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const position = new URL(request.url).searchParams.get("position");
  const { items } = await callAdmin(adminRoutes.content.listPageContent, {});
  return { items, position };
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const position = text(form, "position");
  if (!position) return invalid({}, "Choose a place to edit.");
  return adminAction("Saved. The page shows it now.", () =>
    callAdmin(adminRoutes.content.updatePageContent, {
      params: { position },
      body: {
        text: String(form.get("text") ?? ""),
        img: form.has("img") ? text(form, "img") : null,
        version: text(form, "version"),
        translations: readTranslationsForm(form, ["text"]),
      },
    }),
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Item = Awaited<ReturnType<typeof clientLoader>>["items"][number];

export default function AdminPageContent() {
  const { items, position } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  const current = items.find((i) => i.position === position) ?? null;
  return (
    <>
      <PageHeader title="About & contact pages">
        Each place of the about and contact pages holds a text, and the top pictures a picture too. Choose one
        to edit it.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_30rem]">
        <div className="space-y-6">
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
