// /admin/slides: the home page's hero slides: picture, texts, price, link, order, shown or hidden.
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
import { CheckboxField, TextField } from "../../admin/ui/fields";
import { Badge, Card, PageHeader } from "../../admin/ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../../admin/ui/translations";

const HREF = "/admin/slides";

export function meta() {
  return [{ title: "Hero slides · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function clientLoader({ request }: { request: Request }) {
  const edit = new URL(request.url).searchParams.get("edit");
  const [list, record] = await Promise.all([
    callAdmin(adminRoutes.content.listSlides, { query: { page: 1, limit: 100 } }),
    edit && edit !== "new" ? callAdmin(adminRoutes.content.getSlide, { params: { id: Number(edit) } }) : null,
  ]);
  return { list, record, editing: edit };
}

export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "reorder")
    return finishSave(
      "New order saved.",
      async () => {
        await callAdmin(adminRoutes.content.reorderSlides, { body: { ids: idList(form) } });
        return { id: 0 };
      },
      HREF,
      false,
    );
  if (intent === "delete")
    return finishDelete(
      "Slide deleted.",
      () =>
        callAdmin(adminRoutes.content.deleteSlide, {
          params: { id: Number(form.get("id")) },
          query: { version: text(form, "version") },
        }),
      HREF,
    );
  if (intent !== "save") return invalid({}, "Unknown action.");
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  const body = {
    imageSrc: text(form, "imageSrc"),
    display: checked(form, "display"),
    introSubtitle: text(form, "introSubtitle"),
    introTitle1: text(form, "introTitle1"),
    introTitle2: text(form, "introTitle2"),
    introTitle3: text(form, "introTitle3"),
    price: text(form, "price"),
    link: text(form, "link"),
    linkTitle: text(form, "linkTitle"),
    seq,
    translations: readTranslationsForm(form, [
      "introSubtitle",
      "introTitle1",
      "introTitle2",
      "introTitle3",
      "linkTitle",
    ]),
  };
  const id = text(form, "id");
  if (!id)
    return finishSave("Slide added.", () => callAdmin(adminRoutes.content.createSlide, { body }), HREF, true);
  return finishSave(
    "Slide saved.",
    () =>
      callAdmin(adminRoutes.content.updateSlide, {
        params: { id: Number(id) },
        body: { ...body, version: text(form, "version") },
      }),
    HREF,
    false,
  );
}

export const ErrorBoundary = AdminRouteErrorBoundary;

type Slide = Awaited<ReturnType<typeof clientLoader>>["list"]["items"][number];

const titleOf = (s: Slide) =>
  [s.introTitle1, s.introTitle2, s.introTitle3].filter(Boolean).join(" ") || `Slide ${s.id}`;

export default function AdminSlides() {
  const { list, record, editing } = useLoaderData<typeof clientLoader>();
  const canWrite = useCan()("content.write");
  return (
    <>
      <PageHeader
        title="Hero slides"
        actions={
          canWrite ? (
            <Link to="?edit=new" className={buttonClass()}>
              Add a slide
            </Link>
          ) : null
        }
      >
        The slides of the home page's hero, first to last. Hidden slides stay here but are not shown.
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[1fr_28rem]">
        <RecordTable
          caption="Hero slides in display order"
          rows={list.items}
          nameOf={titleOf}
          editHref={(s) => `?edit=${s.id}`}
          reorder={canWrite ? {} : null}
          columns={[
            {
              header: "Picture",
              cell: (s) => <img src={s.imageSrc} alt="" className="h-10 w-32 rounded object-cover" />,
            },
            { header: "Title", cell: titleOf },
            { header: "Price", cell: (s) => (s.price ? `€${s.price}` : "—") },
            {
              header: "Shown",
              cell: (s) => (s.display ? <Badge tone="green">Shown</Badge> : <Badge>Hidden</Badge>),
            },
          ]}
          empty="No slides yet: the home page shows no hero."
        />
        {editing ? <SlideForm key={record?.id ?? "new"} slide={record} readOnly={!canWrite} /> : null}
      </div>
    </>
  );
}

function SlideForm({ slide, readOnly }: { slide: Slide | null; readOnly: boolean }) {
  return (
    <Card title={slide ? `Edit “${titleOf(slide)}”` : "New slide"}>
      <AdminForm intent="save" className="space-y-4" readOnly={readOnly} aria-label="Slide">
        <input type="hidden" name="id" value={slide?.id ?? ""} />
        <input type="hidden" name="version" value={slide?.version ?? ""} />
        <ImageField
          name="imageSrc"
          label="Picture"
          uploadPath="/uploads/content?kind=slide"
          defaultValue={slide?.imageSrc ?? null}
          hint="Shown 1920 × 500; a wider picture is cropped to fit."
          disabled={readOnly}
          required
        />
        <CheckboxField name="display" label="Show this slide" defaultChecked={slide?.display ?? true} />
        <LanguageTabs
          label="Language of the slide's words"
          english={
            <div className="space-y-4">
              <TextField
                name="introSubtitle"
                label="Small line above the title"
                defaultValue={slide?.introSubtitle ?? ""}
              />
              <TextField
                name="introTitle1"
                label="Title, first line"
                defaultValue={slide?.introTitle1 ?? ""}
              />
              <TextField
                name="introTitle2"
                label="Title, second line"
                defaultValue={slide?.introTitle2 ?? ""}
              />
              <TextField
                name="introTitle3"
                label="Title, third line"
                defaultValue={slide?.introTitle3 ?? ""}
              />
            </div>
          }
          translated={(lang) => (
            <div className="space-y-4">
              {(
                [
                  ["introSubtitle", "Small line above the title", 120],
                  ["introTitle1", "Title, first line", 120],
                  ["introTitle2", "Title, second line", 120],
                  ["introTitle3", "Title, third line", 120],
                  ["linkTitle", "Button text", 60],
                ] as const
              ).map(([field, label, max]) => (
                <TranslatedField
                  key={field}
                  lang={lang}
                  field={field}
                  label={label}
                  english={slide?.[field]}
                  value={slide?.translations.el?.[field]}
                  maxLength={max}
                />
              ))}
            </div>
          )}
        />
        <TextField
          name="price"
          label="Price (euros)"
          inputMode="decimal"
          defaultValue={slide?.price ?? ""}
          hint="E.g. 19.99; leave it empty to show no price."
        />
        <TextField
          name="link"
          label="Link"
          defaultValue={slide?.link ?? ""}
          hint="A page of this shop (/shop/sidebar/3cols) or https://…"
        />
        <TextField
          name="linkTitle"
          label="Button text"
          defaultValue={slide?.linkTitle ?? ""}
          hint="E.g. Shop Now"
        />
        <TextField
          name="seq"
          label="Order"
          inputMode="numeric"
          defaultValue={String(slide?.seq ?? 0)}
          hint="Lower numbers come first; the arrows in the list set it too."
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{slide ? "Save slide" : "Add slide"}</SubmitButton>
          <Link to={HREF} className={buttonClass("secondary")}>
            Close
          </Link>
        </div>
      </AdminForm>
      {slide && !readOnly ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <DeleteRecord
            id={slide.id}
            version={slide.version}
            noun="slide"
            name={titleOf(slide)}
            afterHref={HREF}
          />
        </div>
      ) : null}
    </Card>
  );
}
