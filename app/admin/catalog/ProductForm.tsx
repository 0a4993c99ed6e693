// The product's details form (new and edit): code, name, web address, prices, VAT, price-list
// prices, flags, descriptions, video, categories, brand, related-variant group and colour/size
// variants. Field names are the API's, so the server's messages land on them.

import { type ReactNode, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { AdminProductOptionsSchema, AdminProductSchema } from "../../../core/api/admin/catalog";
import {
  REGULATORY_CLASS_LABELS,
  REGULATORY_CLASSES,
  WARNING_CODES,
  WARNING_LABELS,
} from "../../../core/regulatory";
import type { ActionResult } from "../lib/actions";
import { inputFromCents } from "../lib/format";
import { AdminForm, buttonClass, SubmitButton, useFieldError } from "../ui/AdminForm";
import { CheckboxField, MoneyField, SelectField, TextAreaField, TextField } from "../ui/fields";
import { Card } from "../ui/Page";
import { LanguageTabs, TranslatedField } from "../ui/translations";
import { RichTextField } from "./RichTextField";

export type AdminProduct = z.output<typeof AdminProductSchema>;
export type ProductOptions = z.output<typeof AdminProductOptionsSchema>;

const cell =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700";

function GroupError({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null;
}

interface VariantRow {
  key: number;
  id?: number;
  color: string;
  colorName: string;
  size: string;
  price: string;
}

let nextKey = 1;

function Variants({
  initial,
  notice,
  readOnly,
}: {
  initial: AdminProduct["variants"];
  notice: string | null;
  readOnly: boolean;
}) {
  const [rows, setRows] = useState<VariantRow[]>(() =>
    initial.map((v) => ({
      key: nextKey++,
      id: v.id,
      color: v.color,
      colorName: v.colorName,
      size: v.size,
      price: v.priceCents === null ? "" : inputFromCents(v.priceCents),
    })),
  );
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">Colour and size variants</legend>
      <p className="text-xs text-slate-600">
        Each variant a shopper can pick on the product page: a colour, and a size if it comes in sizes. Leave
        its price empty to sell it at the product's price and sale price.
      </p>
      {notice ? (
        <p
          role="status"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="variant-price-notice"
        >
          {notice}
        </p>
      ) : null}
      <GroupError name="variants" />
      {rows.length > 0 ? (
        <ul className="mt-2 space-y-2">
          {rows.map((r, i) => (
            <li
              key={r.key}
              className="grid grid-cols-2 items-end gap-2 rounded-md border border-slate-200 p-2 md:grid-cols-[5rem_1fr_1fr_7rem_auto]"
            >
              <input type="hidden" name="variant-id" value={r.id ?? ""} />
              <label className="text-xs font-medium text-slate-700">
                Colour
                <input
                  type="color"
                  name="variant-color"
                  defaultValue={r.color}
                  className="mt-1 block h-9 w-full rounded border border-slate-400"
                />
              </label>
              <label className="text-xs font-medium text-slate-700">
                Colour name
                <input name="variant-colorName" defaultValue={r.colorName} className={cell} />
              </label>
              <label className="text-xs font-medium text-slate-700">
                Size
                <input name="variant-size" defaultValue={r.size} className={cell} />
              </label>
              <label className="text-xs font-medium text-slate-700">
                Price (€)
                <input
                  name="variant-price"
                  inputMode="decimal"
                  defaultValue={r.price}
                  placeholder="Product's"
                  className={cell}
                />
              </label>
              {readOnly ? null : (
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                >
                  Remove<span className="sr-only"> variant {i + 1}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No variants.</p>
      )}
      {readOnly ? null : (
        <button
          type="button"
          className={`${buttonClass("secondary")} mt-2`}
          onClick={() =>
            setRows((all) => [
              ...all,
              { key: nextKey++, color: "#000000", colorName: "", size: "", price: "" },
            ])
          }
        >
          Add a variant
        </button>
      )}
    </fieldset>
  );
}

export function ProductForm({
  product,
  options,
  readOnly,
  intent,
  submitLabel,
  fetcherKey,
  extra,
}: {
  /** More cards before the save button (the new product's state, stock and pictures); files go multipart. */
  extra?: ReactNode;
  /** Shares the form's fetcher with the page (the new-product page follows the result). */
  fetcherKey?: string;
  product: AdminProduct | null;
  options: ProductOptions;
  readOnly: boolean;
  intent: string;
  submitLabel: string;
}) {
  const fetcher = useFetcher<ActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const englishCards = <EnglishCards product={product} options={options} readOnly={readOnly} />;
  return (
    <AdminForm
      fetcher={fetcher}
      intent={intent}
      readOnly={readOnly}
      encType={extra ? "multipart/form-data" : undefined}
      aria-label="Product details"
      className="space-y-6"
    >
      {product ? <input type="hidden" name="version" value={product.version} /> : null}
      <LanguageTabs
        label="Language of the product's texts"
        english={englishCards}
        translated={(lang) => (
          <Card title="Texts in Greek">
            <p className="mb-4 text-sm text-slate-700">
              The shop's Greek pages show these; an empty field shows the English (its grey placeholder).
              Prices, pictures, categories and variants are the same in every language.
            </p>
            <div className="space-y-4">
              <TranslatedField
                lang={lang}
                field="name"
                label="Name"
                english={product?.name}
                value={product?.translations.el?.name}
                maxLength={200}
              />
              <TranslatedField
                lang={lang}
                field="shortDesc"
                label="Short description"
                kind="textarea"
                english={product?.shortDesc}
                value={product?.translations.el?.shortDesc}
                maxLength={1000}
              />
              <TranslatedField
                lang={lang}
                field="longDescHtml"
                label="Long description"
                kind="html"
                readOnly={readOnly}
                english={product?.longDescHtml}
                value={product?.translations.el?.longDescHtml}
              />
              <TranslatedField
                lang={lang}
                field="variantLabel"
                label="Label within the group"
                english={product?.variantLabel}
                value={product?.translations.el?.variantLabel}
                maxLength={60}
              />
            </div>
          </Card>
        )}
      />
      {extra}
      {readOnly ? null : (
        <div className="flex justify-end">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      )}
    </AdminForm>
  );
}

function EnglishCards({
  product,
  options,
  readOnly,
}: {
  product: AdminProduct | null;
  options: ProductOptions;
  readOnly: boolean;
}) {
  const masters = [...new Set(options.categories.map((c) => c.master))];
  const chosen = new Set(product?.categoryIds ?? []);
  const listPrice = new Map((product?.priceListPrices ?? []).map((p) => [p.priceListId, p.priceCents]));
  return (
    <div className="space-y-6">
      <Card title="Basics">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField name="name" label="Name" defaultValue={product?.name} required maxLength={200} />
          <TextField
            name="code"
            label="Product code"
            defaultValue={product?.code}
            required
            maxLength={40}
            hint="Unique; the code your till or ERP uses."
          />
          <TextField
            name="slug"
            label="Web address"
            defaultValue={product?.slug}
            maxLength={120}
            hint="Leave empty to make it from the name, e.g. xros-4-pod-kit."
          />
          <SelectField
            name="brandId"
            label="Brand"
            defaultValue={product?.brandId ? String(product.brandId) : ""}
            options={[
              { value: "", label: "No brand" },
              ...options.brands.map((b) => ({ value: String(b.id), label: b.name })),
            ]}
          />
        </div>
      </Card>
      <Card title="Prices">
        <div className="grid gap-4 md:grid-cols-3">
          <MoneyField
            name="priceCents"
            label="Price (€, VAT included)"
            defaultCents={product?.priceCents}
            required
          />
          <MoneyField
            name="salePriceCents"
            label="Sale price (€)"
            defaultCents={product?.salePriceCents}
            hint="Empty: no sale. Must be lower than the price."
          />
          <TextField
            name="vatRate"
            label="VAT rate (%)"
            inputMode="numeric"
            defaultValue={String(product?.vatRate ?? options.defaultVatRate)}
            required
          />
        </div>
        {options.priceLists.length > 0 ? (
          <fieldset className="mt-4 min-w-0">
            <legend className="text-sm font-medium text-slate-800">Price-list prices</legend>
            <p className="text-xs text-slate-600">
              Customers on a price list pay its price; empty: the normal price.
            </p>
            <GroupError name="priceListPrices" />
            <div className="mt-2 grid gap-4 md:grid-cols-3">
              {options.priceLists.map((l) => (
                <MoneyField
                  key={l.id}
                  name={`priceList-${l.id}`}
                  label={`${l.name} (€)`}
                  defaultCents={listPrice.get(l.id) ?? null}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
      </Card>
      <Card title="Delivery">
        <div className="grid gap-4 md:grid-cols-3">
          <TextField
            name="weightGrams"
            label="Weight (grams)"
            inputMode="numeric"
            defaultValue={product?.weightGrams != null ? String(product.weightGrams) : ""}
            hint="The packed weight of one unit: the checkout prices delivery by the basket's weight."
            required
          />
        </div>
      </Card>
      <Card title="Shown as">
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckboxField name="isNew" label="New" defaultChecked={product?.isNew} />
          <CheckboxField name="isTop" label="Top" defaultChecked={product?.isTop} />
          <CheckboxField name="isHot" label="Hot deal" defaultChecked={product?.isHot} />
          <CheckboxField
            name="popupAd"
            label="Pop-up ad on the home page"
            defaultChecked={product?.popupAd}
          />
        </div>
      </Card>
      <Card title="Descriptions">
        <div className="space-y-4">
          <TextAreaField
            name="shortDesc"
            label="Short description"
            defaultValue={product?.shortDesc}
            maxLength={1000}
            rows={3}
            hint="Shown next to the price."
          />
          <RichTextField
            name="longDescHtml"
            label="Long description"
            defaultValue={product?.longDescHtml ?? ""}
            readOnly={readOnly}
            hint="Paragraphs, bold, italic, lists and links are kept; anything else is removed when saved."
          />
          <TextField
            name="videoUrl"
            label="Video link"
            type="url"
            defaultValue={product?.videoUrl ?? ""}
            hint="An https link to YouTube or Vimeo."
          />
        </div>
      </Card>
      <Card title="Compliance">
        <p className="mb-3 text-sm text-slate-700">
          What the law asks the shop to know and show (Directive 2014/40/EU art. 20, GPSR art. 19). At most 20
          mg/ml of nicotine, nicotine refills of at most 10 ml, tanks and cartridges of at most 2 ml. A
          related variant (10 ml / 6 mg) is its own product with its own strength.
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField
            name="regulatoryClass"
            label="Regulatory class"
            defaultValue={product?.regulatoryClass ?? "general"}
            options={REGULATORY_CLASSES.map((c) => ({ value: c, label: REGULATORY_CLASS_LABELS[c] }))}
          />
          <TextField
            name="nicotineMgPerMl"
            label="Nicotine (mg/ml)"
            inputMode="decimal"
            defaultValue={
              product?.nicotineMgPerMl === null || !product ? "" : String(product.nicotineMgPerMl)
            }
          />
          <TextField
            name="volumeMl"
            label="Container volume (ml)"
            inputMode="decimal"
            defaultValue={product?.volumeMl === null || !product ? "" : String(product.volumeMl)}
          />
          <TextField
            name="tankCapacityMl"
            label="Tank capacity (ml)"
            inputMode="decimal"
            defaultValue={product?.tankCapacityMl === null || !product ? "" : String(product.tankCapacityMl)}
          />
          <TextField
            name="ecId"
            label="EU notification number (EC-ID)"
            defaultValue={product?.ecId ?? ""}
            hint="As 12345-16-12345; required for a nicotine e-liquid."
          />
          <SelectField
            name="manufacturerId"
            label="Manufacturer"
            defaultValue={product?.manufacturerId ? String(product.manufacturerId) : ""}
            options={[
              { value: "", label: "The brand's" },
              ...options.operators.map((o) => ({ value: String(o.id), label: `${o.name} (${o.country})` })),
            ]}
          />
          <SelectField
            name="responsiblePersonId"
            label="EU responsible person"
            defaultValue={product?.responsiblePersonId ? String(product.responsiblePersonId) : ""}
            options={[
              { value: "", label: "The brand's" },
              ...options.operators.map((o) => ({ value: String(o.id), label: `${o.name} (${o.country})` })),
            ]}
          />
        </div>
        <fieldset className="mt-4 min-w-0">
          <legend className="text-sm font-medium text-slate-800">Warnings shown on the product page</legend>
          <GroupError name="warnings" />
          <div className="mt-1 grid gap-1 md:grid-cols-2">
            {WARNING_CODES.map((w) => (
              <label key={w} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="warnings"
                  value={w}
                  defaultChecked={product?.warnings.includes(w) ?? false}
                />
                {WARNING_LABELS[w]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600">
            Products with nicotine always show the nicotine health warning in the page's language.
          </p>
        </fieldset>
      </Card>
      <Card title="Categories">
        <GroupError name="categoryIds" />
        <div className="grid gap-4 md:grid-cols-2">
          {masters.map((m) => (
            <fieldset key={m} className="min-w-0">
              <legend className="text-sm font-semibold text-slate-800">{m}</legend>
              <div className="mt-1 space-y-1">
                {options.categories
                  .filter((c) => c.master === m)
                  .map((c) => (
                    <label key={c.id} className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        name="categoryIds"
                        value={c.id}
                        defaultChecked={chosen.has(c.id)}
                        className="size-4 accent-indigo-700"
                      />
                      {c.name}
                    </label>
                  ))}
              </div>
            </fieldset>
          ))}
        </div>
      </Card>
      <Card title="Variants">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            name="variantGroup"
            label="Related-variant group"
            defaultValue={product?.variantGroup ?? ""}
            maxLength={60}
            hint="Products with the same group are offered as each other's variants."
          />
          <TextField
            name="variantLabel"
            label="Label within the group"
            defaultValue={product?.variantLabel ?? ""}
            maxLength={60}
            hint='e.g. "Black" or "10 ml / 6 mg".'
          />
        </div>
        <div className="mt-4">
          <Variants
            initial={product?.variants ?? []}
            notice={product?.priceNotice ?? null}
            readOnly={readOnly}
          />
        </div>
      </Card>
    </div>
  );
}
