// The blog post's editor (new and edit): title and web address (made from the title until it is
// typed), summary, body (headings and pictures), related products, then publishing (draft or
// published, the date that schedules it, author, tags), the cover and its description, and the
// search engines' title and description with their lengths. Field names are the API's, so the
// server's messages land on them. "Preview" shows the unsaved post as the storefront will.
import { useState } from "react";
import { useFetcher } from "react-router";
import { slugify } from "../../../core/admin/catalog";
import type { AdminBlogPost } from "../../../core/api/admin/blog";
import { RichTextField } from "../catalog/RichTextField";
import type { ActionResult } from "../lib/actions";
import { ImageField } from "../records/records";
import { AdminForm, SubmitButton } from "../ui/AdminForm";
import { SelectField, TextAreaField, TextField } from "../ui/fields";
import { Card } from "../ui/Page";
import { LanguageTabs, TranslatedField } from "../ui/translations";
import { BlogPreviewButton } from "./BlogPreview";
import { localFromIso } from "./blog-form";
import { ProductPicker } from "./ProductPicker";

const SEO_TITLE_MAX = 70;
const SEO_DESCRIPTION_MAX = 170;

function lengthHint(n: number, max: number, advice: string) {
  return `${n} of ${max} characters. ${advice}`;
}

export function BlogPostForm({
  post,
  readOnly,
  intent,
  submitLabel,
  fetcherKey,
}: {
  post: AdminBlogPost | null;
  readOnly: boolean;
  intent: "create" | "update";
  submitLabel: string;
  /** Shares the form's fetcher with the page (the new-post page follows the result). */
  fetcherKey?: string;
}) {
  const fetcher = useFetcher<ActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const [slug, setSlug] = useState(post?.slug ?? "");
  const [slugTyped, setSlugTyped] = useState(post !== null);
  const [seoTitle, setSeoTitle] = useState(post?.seoTitle ?? "");
  const [seoDescription, setSeoDescription] = useState(post?.seoDescription ?? "");
  return (
    <AdminForm
      fetcher={fetcher}
      intent={intent}
      readOnly={readOnly}
      aria-label="Blog post"
      className="space-y-6"
    >
      {post ? <input type="hidden" name="version" value={post.version} /> : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Card title="Post">
            <LanguageTabs
              label="Language of the post"
              english={
                <div className="space-y-4">
                  <TextField
                    name="title"
                    label="Title"
                    defaultValue={post?.title}
                    required
                    maxLength={200}
                    onChange={(e) => {
                      if (!slugTyped) setSlug(slugify(e.currentTarget.value).slice(0, 120));
                    }}
                  />
                  <TextField
                    name="slug"
                    label="Web address"
                    value={slug}
                    onChange={(e) => {
                      setSlug(e.currentTarget.value);
                      setSlugTyped(true);
                    }}
                    maxLength={120}
                    autoComplete="off"
                    hint={`The post's page: /blog/${slug || "…"}. Made from the title until you change it; lower-case letters, digits and hyphens.`}
                  />
                  <TextAreaField
                    name="excerpt"
                    label="Summary"
                    defaultValue={post?.excerpt}
                    maxLength={500}
                    rows={3}
                    hint="One or two sentences, shown in the list of posts under the title."
                  />
                  <RichTextField
                    name="bodyHtml"
                    label="Text"
                    defaultValue={post?.bodyHtml ?? ""}
                    readOnly={readOnly}
                    headings
                    pictureUpload="/uploads/blog?kind=body"
                    hint="Headings, paragraphs, bold, italic, lists, links and pictures are kept; anything else is removed when saved."
                  />
                </div>
              }
              translated={(lang) => (
                <div className="space-y-4">
                  <p className="text-sm text-slate-700">
                    The shop's Greek pages show these; an empty field shows the English (its grey
                    placeholder). The web address, cover, products and dates are the same in every language.
                  </p>
                  <TranslatedField
                    lang={lang}
                    field="title"
                    label="Title"
                    english={post?.title}
                    value={post?.translations.el?.title}
                    maxLength={200}
                  />
                  <TranslatedField
                    lang={lang}
                    field="excerpt"
                    label="Summary"
                    kind="textarea"
                    english={post?.excerpt}
                    value={post?.translations.el?.excerpt}
                    maxLength={500}
                  />
                  <TranslatedField
                    lang={lang}
                    field="bodyHtml"
                    label="Text"
                    kind="html"
                    headings
                    readOnly={readOnly}
                    english={post?.bodyHtml}
                    value={post?.translations.el?.bodyHtml}
                  />
                  <TranslatedField
                    lang={lang}
                    field="coverAlt"
                    label="Cover description"
                    english={post?.coverAlt}
                    value={post?.translations.el?.coverAlt}
                    maxLength={200}
                  />
                  <TranslatedField
                    lang={lang}
                    field="seoTitle"
                    label="Search title"
                    english={post?.seoTitle}
                    value={post?.translations.el?.seoTitle}
                    maxLength={70}
                  />
                  <TranslatedField
                    lang={lang}
                    field="seoDescription"
                    label="Search description"
                    kind="textarea"
                    english={post?.seoDescription}
                    value={post?.translations.el?.seoDescription}
                    maxLength={170}
                  />
                </div>
              )}
            />
          </Card>
          <Card title="Products in this post">
            <ProductPicker initial={post?.products ?? []} readOnly={readOnly} />
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <Card title="Publishing">
            <div className="space-y-4">
              <SelectField
                name="status"
                label="Status"
                defaultValue={post?.status ?? "draft"}
                options={[
                  { value: "draft", label: "Draft (not on the shop)" },
                  { value: "published", label: "Published" },
                ]}
              />
              <TextField
                name="publishedAt"
                label="Publish date and time"
                type="datetime-local"
                defaultValue={localFromIso(post?.publishedAt ?? null)}
                hint="The shop's time (Cyprus). Empty: the moment you publish. A date still to come schedules the post."
              />
              <TextField name="author" label="Author" defaultValue={post?.author} maxLength={100} />
              <TextField
                name="tags"
                label="Tags"
                defaultValue={post?.tags.join(", ")}
                maxLength={400}
                autoComplete="off"
                hint="Separated by commas, e.g. guides, coils. Up to 8."
              />
            </div>
          </Card>
          <Card title="Cover picture">
            <div className="space-y-4">
              <ImageField
                name="cover"
                label="Cover"
                uploadPath="/uploads/blog?kind=cover"
                defaultValue={post?.cover ?? null}
                hint="Shown 1200 × 630 in the list, on the post and when it is shared; a picture of another shape is cropped. Empty: no cover."
                disabled={readOnly}
              />
              <TextField
                name="coverAlt"
                label="Cover description"
                defaultValue={post?.coverAlt}
                maxLength={200}
                hint="What the picture shows, for visitors who cannot see it. Needed when there is a cover."
              />
            </div>
          </Card>
          <Card title="Search engines">
            <div className="space-y-4">
              <TextField
                name="seoTitle"
                label="Search title"
                value={seoTitle}
                onChange={(e) => setSeoTitle(e.currentTarget.value)}
                maxLength={SEO_TITLE_MAX}
                hint={lengthHint(
                  seoTitle.length,
                  SEO_TITLE_MAX,
                  "Empty: the post's title. About 60 show in results.",
                )}
              />
              <TextAreaField
                name="seoDescription"
                label="Search description"
                value={seoDescription}
                onChange={(e) => setSeoDescription(e.currentTarget.value)}
                maxLength={SEO_DESCRIPTION_MAX}
                rows={3}
                hint={lengthHint(
                  seoDescription.length,
                  SEO_DESCRIPTION_MAX,
                  "Empty: the summary. About 155 show in results.",
                )}
              />
            </div>
          </Card>
        </div>
      </div>
      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <BlogPreviewButton />
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      )}
    </AdminForm>
  );
}
