// Writes one demo store's rows into its (migrated, empty) store database, inside the caller's
// transaction so a failure leaves nothing half-written.
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { ownVariantPrice } from "../../core/admin/catalog";
import type { Tx } from "../client";
import * as s from "../store/schema";
import {
  BLOG_COVER_HEIGHT,
  BLOG_COVER_WIDTH,
  blogCoverUrl,
  blogPostsFor,
  familyProduct,
  renderSeedBody,
} from "./blog";
import { POSTS_EL, UNTRANSLATED_POST } from "./blog-el";
import type { SeedProduct } from "./catalog";
import {
  BRAND_OPERATORS,
  BRANDS,
  MASTER_CATEGORIES,
  OPERATORS,
  PACKED_GRAMS,
  SUB_CATEGORIES,
} from "./catalog-data";
import { MASTER_CATEGORIES_EL, SUB_CATEGORIES_EL } from "./catalog-data-el";
import { contentSectionsFor, type PagePosition, pageContentFor } from "./content";
import {
  contentSectionsElFor,
  pageContentElFor,
  SHIPPING_EL,
  SLIDE_LINK_TITLE_EL,
  SLIDES_EL,
} from "./content-el";
import type { DemoAccount, DemoStaff } from "./demo-accounts";
import { insertOrderHistory } from "./order-history";
import { createRng } from "./prng";
import { insertProductReviews } from "./product-reviews";
import {
  brandImageUrl,
  categoryImageUrl,
  PRODUCT_IMAGE_SIZE,
  productImageUrl,
  productThumbUrl,
  slideImageUrl,
} from "./store-images";
import type { DemoStoreDef } from "./stores";
import { traderSettingFor } from "./trader";

type StoreTx = Tx<typeof s>;

/** Keeps each statement well under PostgreSQL's 65 535 bind parameters. */
async function insertAll<T extends PgTable>(tx: StoreTx, table: T, rows: T["$inferInsert"][], chunk = 500) {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
}

/**
 * What the demo's sale products sold at before today (docs/decisions/0048): the trigger recorded
 * today's prices as the products went in; these earlier rows give each sale a start and a prior
 * price. Each sold at its price for months, and its sale began 2 to 11 days ago. Two in three had an
 * earlier, smaller promotion that ended 24 days ago, inside the 30 days before this sale began: its
 * prior price is that promotion's price, lower than the struck-through price, as art. 6a wants.
 */
function priceHistoryRows(products: readonly SeedProduct[], pid: (p: SeedProduct) => number) {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * 86_400_000);
  const rows: (typeof s.priceHistory.$inferInsert)[] = [];
  let n = 0;
  for (const p of products) {
    const sale = p.salePriceCents;
    if (sale === null || sale >= p.priceCents) continue;
    const row = (days: number, salePriceCents: number | null) => ({
      productId: pid(p),
      priceCents: p.priceCents,
      salePriceCents,
      validFrom: ago(days),
    });
    const began = 2 + (n % 10);
    rows.push(row(120, null));
    // An earlier promotion halfway between the sale and the price, where there are cents between.
    const earlier = sale + Math.ceil((p.priceCents - sale) / 2);
    if (n % 3 !== 1 && earlier < p.priceCents) rows.push(row(50, earlier), row(24, null));
    rows.push(row(began, sale));
    n++;
  }
  return rows;
}

/** A demo customer (account) or back-office member (member), with the hash of its password. */
export type AccountWithHash =
  | { account: DemoAccount; passwordHash: string }
  | { member: DemoStaff; passwordHash: string };

export interface InsertedCounts {
  products: number;
  stockRows: number;
  /** Orders of the demo history (db/seed/order-history.ts) and the time they took to write. */
  historyOrders: number;
  historyMs: number;
}

export async function insertStoreData(
  tx: StoreTx,
  store: DemoStoreDef,
  products: SeedProduct[],
  accounts: AccountWithHash[],
): Promise<InsertedCounts> {
  const rng = createRng(`store-data:${store.id}`);

  const operatorRows = await tx
    .insert(s.economicOperators)
    .values(OPERATORS)
    .returning({ id: s.economicOperators.id, code: s.economicOperators.code });
  const operatorId = new Map(operatorRows.map((r) => [r.code, r.id]));
  const brandRows = await tx
    .insert(s.brands)
    .values(
      BRANDS.map((b) => {
        const ops = BRAND_OPERATORS[b.code];
        return {
          name: b.name,
          code: b.code,
          seq: b.seq,
          showHome: b.showHome,
          image: brandImageUrl(b.code),
          manufacturerId: ops ? (operatorId.get(ops.manufacturer) ?? null) : null,
          responsiblePersonId: ops?.responsiblePerson
            ? (operatorId.get(ops.responsiblePerson) ?? null)
            : null,
        };
      }),
    )
    .returning({ id: s.brands.id, code: s.brands.code });
  const brandId = new Map(brandRows.map((r) => [r.code, r.id]));
  // The stores that speak Greek get their content in Greek too (product_translations and the
  // other translation tables); the wholesale store speaks only English.
  const greek = store.languages.includes("el");

  const masterRows = await tx
    .insert(s.masterCategories)
    .values(
      MASTER_CATEGORIES.map((m) => ({
        code: m.code,
        description: m.description,
        seq: m.seq,
        slug: m.slug,
        image: categoryImageUrl(m.slug),
      })),
    )
    .returning({ id: s.masterCategories.id, code: s.masterCategories.code });
  const masterId = new Map(masterRows.map((r) => [r.code, r.id]));
  if (greek) {
    await tx.insert(s.masterCategoryTranslations).values(
      masterRows.map((r) => ({
        masterId: r.id,
        lang: "el",
        description: greekOf(MASTER_CATEGORIES_EL, r.code),
      })),
    );
  }

  const categoryRows = await tx
    .insert(s.categories)
    .values(
      SUB_CATEGORIES.map((c) => ({
        masterId: masterId.get(c.master) as number,
        code: c.code,
        description: c.description,
        slug: c.slug,
        seq: c.seq,
        popular: c.popular,
        popularOrder: c.popularOrder,
        image: categoryImageUrl(c.slug),
      })),
    )
    .returning({ id: s.categories.id, code: s.categories.code });
  const categoryId = new Map(categoryRows.map((r) => [r.code, r.id]));
  const masterByCode = new Map(MASTER_CATEGORIES.map((m) => [m.code, m]));
  if (greek) {
    await tx.insert(s.categoryTranslations).values(
      categoryRows.map((r) => ({
        categoryId: r.id,
        lang: "el",
        description: greekOf(SUB_CATEGORIES_EL, r.code),
      })),
    );
  }

  const warehouseRows = await tx
    .insert(s.warehouses)
    .values(store.warehouses.map((w) => ({ ...w, showOnWeb: true })))
    .returning({ id: s.warehouses.id });
  const warehouseIds = warehouseRows.map((r) => r.id);

  await tx.insert(s.settings).values([
    ...Object.entries(store.settings).map(([key, value]) => ({ key, value })),
    // The storefront shows and sells the stock of this warehouse: the first, main shop.
    { key: "warehouse_id", value: String(warehouseIds[0]) },
    traderSettingFor(store.id),
  ]);

  // search_text is left empty here: refresh_search_text() writes it below, once the categories
  // and translations it reads are in (store migration 0010, its one writer).
  const productRows: (typeof s.products.$inferInsert)[] = products.map((p) => {
    return {
      code: p.code,
      name: p.name,
      slug: p.slug,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      vatRate: p.vatRate,
      weightGrams: PACKED_GRAMS[p.image.kind],
      isNew: p.isNew,
      isTop: p.isTop,
      isHot: p.isHot,
      popupAd: p.popupAd,
      shortDesc: p.shortDesc,
      longDescHtml: p.longDescHtml,
      specs: p.specs,
      ratings: p.ratings,
      reviewCount: p.reviewCount,
      brandId: brandId.get(p.brandCode),
      videoUrl: p.videoUrl,
      variantGroup: p.variantGroup,
      variantLabel: p.variantLabel,
      ...p.compliance,
    };
  });
  const idByCode = new Map<string, number>();
  for (let i = 0; i < productRows.length; i += 500) {
    const rows = await tx
      .insert(s.products)
      .values(productRows.slice(i, i + 500))
      .returning({ id: s.products.id, code: s.products.code });
    for (const r of rows) idByCode.set(r.code, r.id);
  }
  const pid = (p: SeedProduct) => idByCode.get(p.code) as number;
  await insertProductReviews(tx, products, pid);
  await insertAll(tx, s.priceHistory, priceHistoryRows(products, pid));

  await insertAll(
    tx,
    s.productCategories,
    products.flatMap((p) =>
      p.categoryCodes.map((code, seq) => ({
        productId: pid(p),
        categoryId: categoryId.get(code) as number,
        seq,
      })),
    ),
  );
  await insertAll(
    tx,
    s.productImages,
    products.flatMap((p) =>
      [0, 1].map((seq) => ({
        productId: pid(p),
        seq,
        url: productImageUrl(p.slug, seq + 1),
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
        smUrl: productThumbUrl(p.slug, seq + 1),
      })),
    ),
  );
  if (greek) {
    await insertAll(
      tx,
      s.productTranslations,
      products.map((p) => ({
        productId: pid(p),
        lang: "el",
        name: p.el.name,
        shortDesc: p.el.shortDesc,
        longDescHtml: p.el.longDescHtml,
        variantLabel: p.el.variantLabel,
        specs: p.el.specs,
      })),
    );
  }
  await tx.execute(
    sql`select refresh_search_text(array[${sql.join(
      products.map((p) => sql`${pid(p)}`),
      sql`, `,
    )}]::int[])`,
  );
  // A combination priced as its product sells at the product's prices (docs/decisions/0043).
  const variantRows = products.flatMap((p) =>
    p.variants.map((v) => ({
      productId: pid(p),
      ...v,
      priceCents: ownVariantPrice(v.priceCents, p.priceCents),
    })),
  );
  if (variantRows.length > 0) await insertAll(tx, s.productVariants, variantRows);

  const stockRows = products.flatMap((p) =>
    warehouseIds.map((warehouseId, i) => ({
      productId: pid(p),
      warehouseId,
      // The web warehouse always holds some of an in-stock product, or the storefront would
      // show it as sold out; the other shops may have run out.
      qty: p.outOfStock ? 0 : i === 0 ? rng.int(1, 60) : rng.int(0, 60),
    })),
  );
  await insertAll(tx, s.stock, stockRows);

  const priceListId = new Map<string, number>();
  for (const list of store.priceLists) {
    const [row] = await tx
      .insert(s.priceLists)
      .values({ code: list.code, name: list.name })
      .returning({ id: s.priceLists.id });
    priceListId.set(list.code, row.id);
    const chosen = rng.shuffle(products).slice(0, Math.round(products.length * list.coverage));
    await insertAll(
      tx,
      s.priceListLines,
      chosen.map((p) => {
        const [lo, hi] = list.factor;
        return {
          priceListId: row.id,
          productId: pid(p),
          priceCents: Math.round(p.priceCents * (lo + rng.next() * (hi - lo))),
        };
      }),
    );
  }

  const customerAccounts = accounts.flatMap((x) => ("account" in x ? [x] : []));
  const staffMembers = accounts.flatMap((x) => ("member" in x ? [x] : []));
  if (staffMembers.length > 0) {
    await tx.insert(s.staff).values(
      staffMembers.map(({ member, passwordHash }) => ({
        email: member.email,
        name: member.name,
        role: member.role,
        passwordHash,
      })),
    );
  }
  if (customerAccounts.length > 0) {
    await tx.insert(s.customers).values(
      customerAccounts.map(({ account: a, passwordHash }) => ({
        username: a.username,
        name: a.name,
        surname: a.surname,
        company: a.company,
        passwordHash,
        mobilePhone: a.mobilePhone,
        email: a.email,
        street: a.street,
        postcode: a.postcode,
        city: a.city,
        country: a.country,
        vatNumber: a.vatNumber,
        priceListId: a.priceListCode ? (priceListId.get(a.priceListCode) ?? null) : null,
        excludeVat: a.excludeVat,
        pointsBalanceCents: a.pointsBalanceCents,
        isCustomer: true,
        isMobileUser: true,
        showOnPos: store.customersShowOnPos,
        legacyAccount: a.legacyAccount,
        // The demo accounts' mailboxes are the shop's own: they count as proven (decision 0041).
        emailVerifiedAt: new Date(),
      })),
    );
  }

  const firstOfFamily = (key: string) => products.find((p) => p.familyKey === key);
  const slideRows = await tx
    .insert(s.slides)
    .values(
      store.slides.map((slide, i) => {
        let link: string;
        let price = slide.price;
        if ("product" in slide.link) {
          const p = firstOfFamily(slide.link.product);
          if (!p)
            throw new Error(`slide ${i + 1} of ${store.id} links to missing family ${slide.link.product}`);
          link = `/product/default/${pid(p)}`;
          const cents = p.salePriceCents ?? p.priceCents;
          price ??= [String(Math.floor(cents / 100)), String(cents % 100).padStart(2, "0")];
        } else if ("master" in slide.link) {
          const m = masterByCode.get(slide.link.master);
          link = `/shop/sidebar/3cols?category=${masterId.get(slide.link.master)}&title=${encodeURIComponent(m?.description ?? "")}`;
        } else {
          link = slide.link.path;
        }
        return {
          seq: i,
          imageSrc: slideImageUrl(i + 1),
          display: slide.display,
          introSubtitle: slide.subtitle,
          introTitle1: slide.title1,
          introTitle2: slide.title2,
          introTitle3: slide.title3,
          price: price?.[0] ?? null,
          priceDecimal: price?.[1] ?? null,
          link,
          linkTitle: "Shop Now",
        };
      }),
    )
    .returning({ id: s.slides.id, seq: s.slides.seq });
  if (greek) {
    const slidesEl = SLIDES_EL[store.id];
    if (slidesEl?.length !== store.slides.length)
      throw new Error(
        `store ${store.id}: ${store.slides.length} slides but ${slidesEl?.length ?? 0} in Greek (content-el.ts)`,
      );
    await tx.insert(s.slideTranslations).values(
      slideRows.map((r) => {
        const el = slidesEl[r.seq];
        return {
          slideId: r.id,
          lang: "el",
          introSubtitle: el.subtitle,
          introTitle1: el.title1,
          introTitle2: el.title2,
          introTitle3: el.title3,
          linkTitle: SLIDE_LINK_TITLE_EL,
        };
      }),
    );
  }

  const pageRows = await tx
    .insert(s.pageContent)
    .values(pageContentFor(store))
    .returning({ id: s.pageContent.id, position: s.pageContent.position });
  const sections = contentSectionsFor(store);
  const sectionRows = await tx
    .insert(s.contentSections)
    .values(sections)
    .returning({ id: s.contentSections.id, page: s.contentSections.page, seq: s.contentSections.seq });
  if (greek) {
    const pageEl = pageContentElFor(store);
    await tx.insert(s.pageContentTranslations).values(
      pageRows.map((r) => ({
        pageContentId: r.id,
        lang: "el",
        text: pageEl[r.position as PagePosition] ?? missingGreek(`page content '${r.position}'`),
      })),
    );
    const sectionsEl = contentSectionsElFor(store);
    if (sectionsEl.length !== sections.length)
      throw new Error(
        `store ${store.id}: ${sections.length} content sections but ${sectionsEl.length} in Greek`,
      );
    const sectionEl = new Map(sectionsEl.map((x) => [`${x.page}/${x.seq}`, x]));
    await tx.insert(s.contentSectionTranslations).values(
      sectionRows.map((r) => {
        const el = sectionEl.get(`${r.page}/${r.seq}`) ?? missingGreek(`content section ${r.page}/${r.seq}`);
        return { sectionId: r.id, lang: "el", title: el.title, bodyHtml: el.bodyHtml };
      }),
    );
  }
  await insertBlogPosts(tx, store, products, pid, greek);
  if (store.reviews.length > 0) {
    await tx.insert(s.reviews).values(
      store.reviews.map((r) => ({
        source: "stored",
        authorName: r.author,
        profilePhotoUrl: null,
        rating: r.rating,
        text: r.text,
        time: new Date(r.time),
      })),
    );
  }
  const shippingRows = await tx
    .insert(s.shippingMethods)
    .values(
      store.shipping.map((m, seq) => ({
        description: m.description,
        costCents: m.costCents,
        weightBands: m.weightBands ?? [],
        countries: m.countries,
        seq,
      })),
    )
    .returning({ id: s.shippingMethods.id, description: s.shippingMethods.description });
  if (greek) {
    await tx.insert(s.shippingMethodTranslations).values(
      shippingRows.map((r) => ({
        shippingMethodId: r.id,
        lang: "el",
        description: greekOf(SHIPPING_EL, r.description),
      })),
    );
  }
  // The history's orders are completed or cancelled by the shop's first back-office member.
  const started = performance.now();
  const historyOrders = await insertOrderHistory(
    tx,
    store,
    products.map((p) => ({ product: p, id: pid(p) })),
    staffMembers[0]?.member.name ?? "the shop",
    new Date(),
  );
  return {
    products: products.length,
    stockRows: stockRows.length,
    historyOrders,
    historyMs: Math.round(performance.now() - started),
  };
}

function missingGreek(what: string): never {
  throw new Error(`no Greek for ${what} (db/seed/*-el.ts)`);
}

/** The Greek of an English record, by its key; a missing key stops the seed. */
function greekOf(table: Record<string, string>, key: string): string {
  return table[key] ?? missingGreek(key);
}

async function insertBlogPosts(
  tx: StoreTx,
  store: DemoStoreDef,
  products: SeedProduct[],
  pid: (p: SeedProduct) => number,
  greek: boolean,
) {
  const now = Date.now();
  for (const post of blogPostsFor(store.id)) {
    const [row] = await tx
      .insert(s.blogPosts)
      .values({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        bodyHtml: renderSeedBody(post.body, products, (p) => productImageUrl(p.slug, 1)),
        coverUrl: blogCoverUrl(post.slug),
        coverWidth: BLOG_COVER_WIDTH,
        coverHeight: BLOG_COVER_HEIGHT,
        coverAlt: post.coverAlt,
        tags: post.tags,
        status: post.draft ? "draft" : "published",
        publishedAt: post.draft ? null : new Date(now - post.daysAgo * 86_400_000),
        author: post.author,
      })
      .returning({ id: s.blogPosts.id });
    if (greek && post.slug !== UNTRANSLATED_POST) {
      const el = POSTS_EL[post.slug] ?? missingGreek(`blog post ${post.slug}`);
      await tx.insert(s.blogPostTranslations).values({
        postId: row.id,
        lang: "el",
        title: el.title,
        excerpt: el.excerpt,
        bodyHtml: renderSeedBody(
          el.body,
          products,
          (p) => productImageUrl(p.slug, 1),
          (p) => p.el.name,
        ),
        coverAlt: el.coverAlt,
        seoTitle: el.seoTitle,
        seoDescription: el.seoDescription,
      });
    }
    const related = post.families.flatMap((f) => familyProduct(products, f) ?? []);
    if (row && related.length > 0) {
      await tx
        .insert(s.blogPostProducts)
        .values(related.map((p, seq) => ({ postId: row.id, productId: pid(p), seq })));
    }
  }
}
