// Gallery with thumbnails: the pictures of the product, or of its chosen variant (ProductView).
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { Picture } from "../../../core/product-rules";

export function ProductGallery({
  pictures,
  name,
  nameLang,
  eager = false,
}: {
  pictures: Picture[];
  name: string;
  /** "en" where the name (the main picture's text) fell back to English on a page in another language. */
  nameLang?: "en";
  eager?: boolean;
}) {
  const t = useTranslations("Product");
  // The picture chosen among these pictures: new pictures (another product) start at the first.
  const [chosen, setChosen] = useState({ pictures, index: 0 });
  const active = chosen.pictures === pictures ? chosen.index : 0;
  const main = pictures[active] ?? pictures[0];
  return (
    <div className="flex flex-col gap-3" data-testid="product-gallery">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-slate-50">
        {main ? (
          <img
            key={main.url}
            src={main.url}
            alt={name}
            lang={nameLang}
            width={main.width}
            height={main.height}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            className="h-full w-full object-contain"
            data-testid="gallery-main"
          />
        ) : null}
      </div>
      {pictures.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2" aria-label={t("pictures")}>
          {pictures.map((p, i) => (
            <li key={p.url}>
              <button
                type="button"
                onClick={() => setChosen({ pictures, index: i })}
                aria-label={t("showPicture", { n: i + 1 })}
                aria-current={i === active ? "true" : undefined}
                data-testid="gallery-thumb"
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-slate-50 transition ${i === active ? "border-brand" : "border-transparent hover:border-slate-300"}`}
              >
                <img
                  src={p.url}
                  alt=""
                  width={p.width}
                  height={p.height}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
