// The home page sections: hero slider (full screen or grid), category tiles, the new and
// hot-deal product carousels, Shop by Brand and the reviews block.
import { useState } from "react";
import { useTranslations } from "use-intl";
import { fallbackLang } from "../../../core/translation";
import { LocalLink, useLanguage } from "../../lib/localized";
import { Carousel } from "../../ui/Carousel";
import { ReviewerInitials } from "../../ui/ReviewerInitials";
import { ProductCard } from "../catalog/ProductCard";
import { ReviewSourceMark, ReviewsStatement } from "../reviews/ReviewMarks";
import { ALL_DEALS } from "./deals";
import type { HomeData } from "./home.server";

type Slide = HomeData["slides"][number];

/** Hero heights (spec section 2): 500, 450 and 200 px. */
const HERO_HEIGHT = "h-[200px] md:h-[450px] xl:h-[500px]";

function HeroSlide({ slide, first }: { slide: Slide; first: boolean }) {
  const link = slide.link ?? "/shop/sidebar/list";
  const { lang } = useLanguage();
  return (
    <div className={`relative overflow-hidden bg-brand-dark ${HERO_HEIGHT}`} data-testid="hero-slide">
      <img
        src={slide.imageSrc}
        alt=""
        width={1920}
        height={500}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="absolute inset-0 bg-gradient-to-r from-black/60 via-black/25 to-transparent" />
      {/* The bottom padding keeps the link clear of the slider's dots on a 200 px phone hero. */}
      <div className="relative flex h-full flex-col justify-center px-6 pb-7 text-white sm:px-12 md:pb-0 lg:px-16">
        {slide.introSubtitle ? (
          <p
            className="text-[11px] font-semibold uppercase tracking-[0.2em] text-accent md:text-sm"
            lang={fallbackLang(slide, "introSubtitle")}
          >
            {slide.introSubtitle}
          </p>
        ) : null}
        {slide.introTitle1 ? (
          <h2
            className="mt-1 max-w-xl text-2xl font-bold leading-tight md:mt-3 md:text-5xl"
            lang={fallbackLang(slide, "introTitle1")}
          >
            {slide.introTitle1}
          </h2>
        ) : null}
        {slide.introTitle2 ? (
          <p
            className="mt-1 max-w-xl text-sm text-white/90 md:mt-3 md:text-xl"
            lang={fallbackLang(slide, "introTitle2")}
          >
            {slide.introTitle2}
          </p>
        ) : null}
        {slide.introTitle3 ? (
          <p
            className="mt-1 hidden max-w-xl text-white/75 md:block"
            lang={fallbackLang(slide, "introTitle3")}
          >
            {slide.introTitle3}
          </p>
        ) : null}
        {slide.price ? (
          <p className="mt-2 text-xl font-bold text-white md:mt-4 md:text-4xl" data-testid="hero-price">
            {lang === "el" ? null : "€"}
            {slide.price}
            {slide.priceDecimal ? (
              <sup className="ml-0.5 text-[0.55em]">
                {lang === "el" ? "," : "."}
                {slide.priceDecimal}
              </sup>
            ) : null}
            {/* Greek writes the euro sign after the amount (core/money.ts). */}
            {lang === "el" ? "\u00a0€" : null}
          </p>
        ) : null}
        {slide.linkTitle ? (
          <p className="mt-3 md:mt-6">
            <LocalLink
              to={link}
              lang={fallbackLang(slide, "linkTitle")}
              className="inline-flex items-center gap-2 rounded-full bg-accent px-4 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-900 shadow transition hover:bg-white md:px-7 md:py-3 md:text-sm"
            >
              {slide.linkTitle}
            </LocalLink>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function HeroSlider({ data }: { data: HomeData }) {
  const t = useTranslations("Home");
  if (data.slides.length === 0) return null;
  const slider = (
    <Carousel
      kind="hero"
      label={t("featuredOffers")}
      loop
      duration={30}
      dots
      testId="hero-slider"
      className={data.fullscreen ? "" : "overflow-hidden rounded-2xl"}
    >
      {data.slides.map((s, i) => (
        <HeroSlide key={s.id} slide={s} first={i === 0} />
      ))}
    </Carousel>
  );
  if (data.fullscreen) return <div data-testid="hero-fullscreen">{slider}</div>;
  // Grid: the slider beside two category banners.
  const side = data.tiles.slice(0, 2);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:pt-6" data-testid="hero-grid">
      {/* minmax(0, 1fr) columns and a min-w-0 cell: a grid cell is as wide as its content's
          widest line by default, and the slider's row of slides would push the page sideways. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">{slider}</div>
        <div className="hidden gap-4 lg:grid lg:grid-rows-2">
          {side.map((s) => (
            <LocalLink
              key={s.id}
              to={s.href}
              preventScrollReset
              className="group relative flex items-end overflow-hidden rounded-2xl bg-slate-100 p-6"
            >
              {s.image ? (
                <img
                  src={s.image}
                  alt=""
                  width={600}
                  height={400}
                  className="absolute inset-0 h-full w-full object-cover transition duration-500 group-hover:scale-105"
                />
              ) : null}
              <span className="absolute inset-0 bg-gradient-to-t from-black/60 to-transparent" />
              <span className="relative">
                <span className="block text-xl font-semibold text-white">{s.name}</span>
                <span className="text-sm font-medium text-accent">{t("shopNow")}</span>
              </span>
            </LocalLink>
          ))}
        </div>
      </div>
    </div>
  );
}

function SectionTitle({ children, id }: { children: React.ReactNode; id: string }) {
  return (
    <h2 id={id} className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-[1.75rem]">
      {children}
    </h2>
  );
}

export function CategoryTiles({ data }: { data: HomeData }) {
  const t = useTranslations("Home");
  if (data.tiles.length === 0) return null;
  const pictures = data.showCategoryPictures;
  return (
    <section
      aria-labelledby="home-categories"
      className="relative overflow-hidden py-12"
      data-testid="category-tiles"
      data-kind={data.tilesAreMasters ? "master" : "popular"}
    >
      {data.categoriesBackground ? (
        <img
          src={data.categoriesBackground}
          alt=""
          width={1920}
          height={500}
          // On a phone the section starts in the first screen and this faint backdrop is the
          // largest thing in it, so lazy loading would hold back the largest paint; low priority
          // lets the hero and the tiles load first.
          fetchPriority="low"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover opacity-[0.12]"
        />
      ) : null}
      <div className="relative mx-auto max-w-7xl px-4">
        <div className="text-center">
          <SectionTitle id="home-categories">
            {data.tilesAreMasters ? t("shopByCategory") : t("popularCategories")}
          </SectionTitle>
        </div>
        <ul
          className={`mt-8 grid gap-3 sm:gap-5 ${pictures ? "grid-cols-2 md:grid-cols-3 lg:grid-cols-5" : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"}`}
        >
          {data.tiles.map((tile) => (
            <li key={tile.id}>
              <LocalLink
                to={tile.href}
                preventScrollReset
                data-testid="category-tile"
                className={
                  pictures
                    ? "group block overflow-hidden rounded-xl border border-slate-200 bg-white text-center transition hover:-translate-y-0.5 hover:shadow-lg"
                    : "flex h-full items-center justify-center rounded-xl border border-slate-200 bg-white px-4 py-6 text-center font-semibold text-slate-800 transition hover:border-brand hover:text-brand hover:shadow-md"
                }
              >
                {pictures ? (
                  <>
                    <span className="block aspect-[3/2] overflow-hidden bg-slate-50">
                      {tile.image ? (
                        <img
                          src={tile.image}
                          alt=""
                          width={600}
                          height={400}
                          loading="lazy"
                          className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
                        />
                      ) : null}
                    </span>
                    <span className="block px-3 py-3 text-sm font-semibold text-slate-800 group-hover:text-brand">
                      {tile.name}
                    </span>
                  </>
                ) : (
                  tile.name
                )}
              </LocalLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A product carousel shows at most five cards at once (spec section 9). */
const PRODUCTS_PER_WIDEST_VIEW = 5;

export function NewProducts({ data }: { data: HomeData }) {
  const t = useTranslations("Home");
  if (data.newProducts.length === 0) return null;
  return (
    <section aria-labelledby="home-new" className="mx-auto mt-12 max-w-7xl px-4" data-testid="new-products">
      <div className="mb-6 flex items-end justify-between gap-4">
        <SectionTitle id="home-new">{t("newProducts")}</SectionTitle>
        <LocalLink
          to="/shop/sidebar/list"
          preventScrollReset
          className="text-sm font-medium text-brand hover:underline"
        >
          {t("viewAll")}
        </LocalLink>
      </div>
      <Carousel
        kind="product"
        label={t("newProducts")}
        autoplay={5000}
        serverSlides={PRODUCTS_PER_WIDEST_VIEW}
      >
        {data.newProducts.map((p) => (
          <ProductCard key={p.id} product={p} showStock={data.showStock} vatText={data.vatText} />
        ))}
      </Carousel>
    </section>
  );
}

export function HotDeals({ data }: { data: HomeData }) {
  const [tab, setTab] = useState<string>(ALL_DEALS);
  const t = useTranslations("Home");
  // The first tab's label comes from the server in English; the others are category names.
  const label = (d: { tab: string; label: string }) => (d.tab === ALL_DEALS ? t("allDeals") : d.label);
  const current = data.deals.find((d) => d.tab === tab) ?? data.deals[0];
  if (!current || current.products.length === 0) return null;
  return (
    <section aria-labelledby="home-deals" className="mx-auto mt-14 max-w-7xl px-4" data-testid="hot-deals">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <SectionTitle id="home-deals">{t("hotDeals")}</SectionTitle>
        {data.deals.length > 1 ? (
          <div role="tablist" aria-label={t("dealCategories")} className="flex flex-wrap gap-1">
            {data.deals.map((d) => (
              <button
                key={d.tab}
                type="button"
                role="tab"
                aria-selected={d.tab === current.tab}
                onClick={() => setTab(d.tab)}
                data-testid="deal-tab"
                className={`rounded-full px-4 py-1.5 text-sm font-medium transition ${d.tab === current.tab ? "bg-brand text-white" : "text-slate-600 hover:bg-slate-100"}`}
              >
                {label(d)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div role="tabpanel" aria-label={label(current)}>
        <Carousel
          key={current.tab}
          kind="product"
          label={t("hotDeals")}
          autoplay={5000}
          serverSlides={PRODUCTS_PER_WIDEST_VIEW}
        >
          {current.products.map((p) => (
            <ProductCard key={p.id} product={p} showStock={data.showStock} vatText={data.vatText} />
          ))}
        </Carousel>
      </div>
    </section>
  );
}

export function ShopByBrand({ data }: { data: HomeData }) {
  const t = useTranslations("Home");
  if (data.brands.length === 0) return null;
  return (
    <section
      aria-labelledby="home-brands"
      className="mx-auto mt-14 max-w-7xl px-4"
      data-testid="shop-by-brand"
    >
      <div className="mb-6 flex items-end justify-between gap-4">
        <SectionTitle id="home-brands">{t("shopByBrand")}</SectionTitle>
        <LocalLink
          to="/brands"
          className="text-sm font-medium text-brand hover:underline"
          data-testid="all-brands"
        >
          {t("showAllBrands")}
        </LocalLink>
      </div>
      <Carousel kind="brand" label={t("brands")} autoplay={4000}>
        {data.brands.map((b) => (
          <LocalLink
            key={b.id}
            to={`/shop/sidebar/3cols?${new URLSearchParams({ brand: String(b.id), brandName: b.name })}`}
            preventScrollReset
            data-testid="brand-tile"
            className="flex h-24 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-white p-2 text-center font-semibold text-slate-700 transition hover:border-brand hover:text-brand hover:shadow-md"
          >
            {data.showBrandPictures && b.image ? (
              <img
                src={b.image}
                alt={b.name}
                width={400}
                height={200}
                loading="lazy"
                className="max-h-full w-auto object-contain"
              />
            ) : (
              b.name
            )}
          </LocalLink>
        ))}
      </Carousel>
    </section>
  );
}

/** One drawing for the five stars: a review block shows several ratings at once. */
function Stars({ rating }: { rating: number }) {
  const t = useTranslations("Home");
  return (
    <svg
      viewBox="0 0 100 20"
      width="70"
      height="14"
      role="img"
      aria-label={t("stars", { rating: String(rating) })}
      className="text-amber-400"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <path
          key={i}
          transform={`translate(${i * 20} 0)`}
          fill={i < rating ? "currentColor" : "#e2e8f0"}
          d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"
        />
      ))}
    </svg>
  );
}

export function ReviewsBlock({ data }: { data: HomeData }) {
  const t = useTranslations("Home");
  const r = useTranslations("Reviews");
  if (!data.reviews || data.reviews.items.length === 0) return null;
  // Google's answer, or the shop's own stored reviews when Google is not set up or fails: the
  // heading and the statement say which (UCPD art. 7(6), docs/decisions/0053).
  const fromGoogle = data.reviews.items.every((x) => x.source === "google");
  return (
    <section aria-labelledby="home-reviews" className="mt-16 bg-slate-50 py-12" data-testid="reviews">
      <div className="mx-auto max-w-7xl px-4">
        <div className="mb-8 text-center">
          <SectionTitle id="home-reviews">{t("customersSay")}</SectionTitle>
          {fromGoogle ? <p className="mt-2 text-sm text-slate-600">{t("reviewsFromGoogle")}</p> : null}
          <ReviewsStatement
            text={fromGoogle ? r("homeStatementGoogle") : r("homeStatementStored")}
            className="mx-auto mt-1 max-w-2xl"
          />
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="reviews-grid">
          {data.reviews.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              data-testid="review"
            >
              <div className="flex items-center gap-3">
                {item.profilePhotoUrl ? (
                  <img
                    src={item.profilePhotoUrl}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="h-10 w-10 rounded-full object-cover"
                  />
                ) : (
                  <ReviewerInitials name={item.authorName} className="h-10 w-10 bg-brand/15" />
                )}
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold text-slate-900">{item.authorName}</p>
                  <Stars rating={item.rating} />
                </div>
              </div>
              {item.source === "stored" ? (
                <ReviewSourceMark review={{ source: "staff", verified: false }} className="mt-3 self-start" />
              ) : null}
              <p className="mt-3 line-clamp-5 flex-1 text-sm leading-relaxed text-slate-600">{item.text}</p>
              <a
                href={data.reviews?.moreUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 text-sm font-medium text-brand hover:underline"
                aria-label={t("showMoreLabel", { name: item.authorName })}
              >
                {t("showMore")}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
