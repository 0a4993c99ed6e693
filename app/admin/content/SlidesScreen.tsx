// The hero slides screen: picture, texts, price, link, order, shown or hidden.
import type { adminRoutes } from "../../../core/api/admin/routes";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { checked, ImageField, RecordTable, text, whole } from "../records/records";
import { useCan } from "../session";
import { CheckboxField, TextField } from "../ui/fields";
import { Badge } from "../ui/Page";
import { LanguageTabs, readTranslationsForm, TranslatedField } from "../ui/translations";

export const SLIDES_HREF = "/admin/slides";

type Slide = AdminOutput<typeof adminRoutes.content.getSlide>;
export type SlidesData = RecordScreenData<AdminOutput<typeof adminRoutes.content.listSlides>, Slide>;

export function readSlideForm(form: FormData) {
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  return {
    ok: true,
    body: {
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
    },
  } satisfies FormRead<unknown>;
}

const titleOf = (s: Pick<Slide, "id" | "introTitle1" | "introTitle2" | "introTitle3">) =>
  [s.introTitle1, s.introTitle2, s.introTitle3].filter(Boolean).join(" ") || `Slide ${s.id}`;

export function SlidesScreen({ data: { list, record, editing } }: { data: SlidesData }) {
  const canWrite = useCan()("content.write");
  return (
    <RecordScreen
      title="Hero slides"
      add={canWrite ? { to: "?edit=new", label: "Add a slide" } : null}
      intro={
        <>The slides of the home page's hero, first to last. Hidden slides stay here but are not shown.</>
      }
      list={
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
      }
      editor={editing ? <SlideForm key={record?.id ?? "new"} slide={record} readOnly={!canWrite} /> : null}
    />
  );
}

/** The slide's words, each with its Greek translation and the longest it may be. */
const WORDS = [
  ["introSubtitle", "Small line above the title", 120],
  ["introTitle1", "Title, first line", 120],
  ["introTitle2", "Title, second line", 120],
  ["introTitle3", "Title, third line", 120],
] as const;

function SlideForm({ slide, readOnly }: { slide: Slide | null; readOnly: boolean }) {
  return (
    <RecordEditor
      title={slide ? `Edit “${titleOf(slide)}”` : "New slide"}
      label="Slide"
      record={slide}
      readOnly={readOnly}
      submitLabel={slide ? "Save slide" : "Add slide"}
      closeHref={SLIDES_HREF}
      remove={slide && { noun: "slide", name: titleOf(slide), afterHref: SLIDES_HREF }}
    >
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
            {WORDS.map(([field, label]) => (
              <TextField key={field} name={field} label={label} defaultValue={slide?.[field] ?? ""} />
            ))}
          </div>
        }
        translated={(lang) => (
          <div className="space-y-4">
            {[...WORDS, ["linkTitle", "Button text", 60] as const].map(([field, label, max]) => (
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
    </RecordEditor>
  );
}
