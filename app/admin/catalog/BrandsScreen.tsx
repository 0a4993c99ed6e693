// The brands screen: brands with their logo, order and whether the home page shows them.
import type { adminRoutes } from "../../../core/api/admin/routes";
import { invalid } from "../lib/actions";
import type { AdminOutput } from "../lib/admin-api";
import { RecordEditor, RecordScreen } from "../records/RecordScreen";
import type { FormRead, RecordScreenData } from "../records/record-action";
import { checked, ImageField, RecordTable, text, whole } from "../records/records";
import { useCan } from "../session";
import { CheckboxField, TextField } from "../ui/fields";
import { Badge } from "../ui/Page";

export const BRANDS_HREF = "/admin/brands";

type Brand = AdminOutput<typeof adminRoutes.taxonomy.getBrand>;
export type BrandsData = RecordScreenData<AdminOutput<typeof adminRoutes.taxonomy.listBrands>, Brand>;

export function readBrandForm(form: FormData) {
  const seq = whole(form, "seq");
  if (Number.isNaN(seq)) return invalid({ seq: "Enter a whole number." });
  return {
    ok: true,
    body: {
      name: text(form, "name"),
      code: text(form, "code"),
      seq,
      showHome: checked(form, "showHome"),
      image: text(form, "image"),
    },
  } satisfies FormRead<unknown>;
}

export function BrandsScreen({ data: { list, record, editing } }: { data: BrandsData }) {
  const canWrite = useCan()("catalog.write");
  return (
    <RecordScreen
      title="Brands"
      add={canWrite ? { to: "?edit=new", label: "Add a brand" } : null}
      intro={<>{list.total} brands, in the order the shop lists them.</>}
      list={
        <RecordTable
          caption="Brands in display order"
          rows={list.items}
          nameOf={(b) => b.name}
          editHref={(b) => `?edit=${b.id}`}
          reorder={canWrite ? {} : null}
          columns={[
            {
              header: "Logo",
              cell: (b) => (b.image ? <img src={b.image} alt="" className="h-8 w-16 object-contain" /> : "—"),
            },
            { header: "Name", cell: (b) => b.name },
            { header: "Code", cell: (b) => b.code },
            { header: "Products", cell: (b) => b.products, numeric: true },
            {
              header: "Home page",
              cell: (b) => (b.showHome ? <Badge tone="green">Shown</Badge> : <Badge>No</Badge>),
            },
          ]}
        />
      }
      editor={editing ? <BrandForm key={record?.id ?? "new"} brand={record} readOnly={!canWrite} /> : null}
    />
  );
}

function BrandForm({ brand, readOnly }: { brand: Brand | null; readOnly: boolean }) {
  return (
    <RecordEditor
      title={brand ? `Edit ${brand.name}` : "New brand"}
      label="Brand"
      record={brand}
      readOnly={readOnly}
      submitLabel={brand ? "Save brand" : "Add brand"}
      closeHref={BRANDS_HREF}
      remove={
        brand && {
          noun: "brand",
          name: brand.name,
          afterHref: BRANDS_HREF,
          blocked:
            brand.products > 0 ? (
              <>{brand.products} products have this brand, so it cannot be deleted.</>
            ) : null,
        }
      }
    >
      <TextField name="name" label="Name" defaultValue={brand?.name ?? ""} required />
      <TextField
        name="code"
        label="Code"
        defaultValue={brand?.code ?? ""}
        required
        hint="The code your till or ERP uses for this brand."
      />
      <TextField name="seq" label="Order" inputMode="numeric" defaultValue={String(brand?.seq ?? 0)} />
      <CheckboxField
        name="showHome"
        label="Show on the home page"
        defaultChecked={brand?.showHome ?? false}
      />
      <ImageField
        name="image"
        label="Logo"
        uploadPath="/uploads/taxonomy?kind=brand"
        defaultValue={brand?.image ?? null}
        hint="Fitted inside 400 × 200."
        disabled={readOnly}
      />
    </RecordEditor>
  );
}
