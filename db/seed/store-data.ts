// Writes one demo store's rows into its (migrated, empty) store database, inside the caller's
// transaction so a failure leaves nothing half-written.
import type { PgTable } from "drizzle-orm/pg-core";
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
import type { SeedProduct } from "./catalog";
import { BRANDS, MASTER_CATEGORIES, SUB_CATEGORIES } from "./catalog-data";
import { contentSectionsFor, pageContentFor } from "./content";
import type { DemoAccount, DemoStaff } from "./demo-accounts";
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

type StoreTx = Tx<typeof s>;

/** Keeps each statement well under PostgreSQL's 65 535 bind parameters. */
async function insertAll<T extends PgTable>(tx: StoreTx, table: T, rows: T["$inferInsert"][], chunk = 500) {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
}

/** A demo customer (account) or back-office member (member), with the hash of its password. */
export type AccountWithHash =
  | { account: DemoAccount; passwordHash: string }
  | { member: DemoStaff; passwordHash: string };

export interface InsertedCounts {
  products: number;
  stockRows: number;
}

export async function insertStoreData(
  tx: StoreTx,
  store: DemoStoreDef,
  products: SeedProduct[],
  accounts: AccountWithHash[],
): Promise<InsertedCounts> {
  const rng = createRng(`store-data:${store.id}`);

  const brandRows = await tx
    .insert(s.brands)
    .values(
      BRANDS.map((b) => ({
        name: b.name,
        code: b.code,
        seq: b.seq,
        showHome: b.showHome,
        image: brandImageUrl(b.code),
      })),
    )
    .returning({ id: s.brands.id, code: s.brands.code });
  const brandId = new Map(brandRows.map((r) => [r.code, r.id]));
  const brandName = new Map(BRANDS.map((b) => [b.code, b.name]));

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
  const subByCode = new Map(SUB_CATEGORIES.map((c) => [c.code, c]));
  const masterByCode = new Map(MASTER_CATEGORIES.map((m) => [m.code, m]));

  const warehouseRows = await tx
    .insert(s.warehouses)
    .values(store.warehouses.map((w) => ({ ...w, showOnWeb: true })))
    .returning({ id: s.warehouses.id });
  const warehouseIds = warehouseRows.map((r) => r.id);

  await tx.insert(s.settings).values([
    ...Object.entries(store.settings).map(([key, value]) => ({ key, value })),
    // The storefront shows and sells the stock of this warehouse: the first, main shop.
    { key: "warehouse_id", value: String(warehouseIds[0]) },
  ]);

  const productRows: (typeof s.products.$inferInsert)[] = products.map((p) => {
    const subs = p.categoryCodes.map((code) => subByCode.get(code));
    const masters = [...new Set(subs.map((c) => c?.master))].map(
      (m) => masterByCode.get(m ?? "")?.description,
    );
    const searchText = [
      p.name,
      p.code,
      brandName.get(p.brandCode),
      ...subs.map((c) => c?.description),
      ...masters,
    ]
      .filter(Boolean)
      .join(" ")
      .toLowerCase();
    return {
      code: p.code,
      name: p.name,
      slug: p.slug,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      vatRate: p.vatRate,
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
      searchText,
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
  const variantRows = products.flatMap((p) => p.variants.map((v) => ({ productId: pid(p), ...v })));
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
      })),
    );
  }

  const firstOfFamily = (key: string) => products.find((p) => p.familyKey === key);
  await tx.insert(s.slides).values(
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
  );

  await tx.insert(s.pageContent).values(pageContentFor(store));
  await tx.insert(s.contentSections).values(contentSectionsFor(store));
  await insertBlogPosts(tx, store, products, pid);
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
  await tx.insert(s.shippingMethods).values(
    store.shipping.map((m, seq) => ({
      description: m.description,
      costCents: m.costCents,
      countries: m.countries,
      seq,
    })),
  );
  return { products: products.length, stockRows: stockRows.length };
}

async function insertBlogPosts(
  tx: StoreTx,
  store: DemoStoreDef,
  products: SeedProduct[],
  pid: (p: SeedProduct) => number,
) {
  const now = Date.now();
  for (const post of blogPostsFor(store.id)) {
    const [row] = await tx
      .insert(s.blogPosts)
      .values({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        bodyHtml: renderSeedBody(post, products, (p) => productImageUrl(p.slug, 1)),
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
    const related = post.families.flatMap((f) => familyProduct(products, f) ?? []);
    if (row && related.length > 0) {
      await tx
        .insert(s.blogPostProducts)
        .values(related.map((p, seq) => ({ postId: row.id, productId: pid(p), seq })));
    }
  }
}
