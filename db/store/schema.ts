// One store's database. Every store database has exactly these tables (same migrations).
// Money is integer cents, VAT-inclusive; VAT rates are whole percent.
// The spec's column names are given in comments; docs/data-model.md maps them all.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Where a row sits in the integration API's change feed: the writing transaction's id and a
 * sequence number, both set by the `track_change` trigger (migration 0005). A reader only takes
 * rows whose transaction is older than every running one, so a slow commit is never skipped.
 */
const changeTracking = () => ({
  changeXid: bigint("change_xid", { mode: "number" }).notNull().default(0),
  changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
});

/** Application properties (spec section 9), key/value. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(), // CUSTID
    username: text("username").notNull(), // CUST_USERNAME (compared case-insensitively)
    name: text("name").notNull(), // CUSTNAME
    surname: text("surname").notNull(), // CUSTSURNAME
    company: text("company"), // contact-person / company fields
    passwordHash: text("password_hash").notNull(), // CUST_Password, as an argon2id hash only
    mobilePhone: text("mobile_phone").notNull(), // CUSTMOBILEPHONE
    email: text("email").notNull(), // CUSTEMAIL
    street: text("street").notNull().default(""), // CUSTADDRESS is street + postcode joined
    postcode: text("postcode").notNull().default(""),
    city: text("city").notNull().default(""), // CUSTCITY
    country: text("country").notNull().default(""), // CUSTCOUNTRY (ISO code)
    vatNumber: text("vat_number"), // CUSTVAT
    priceListId: integer("price_list_id"), // CUST_PriceLIst_Header_Id (null or -1: none)
    excludeVat: boolean("exclude_vat").notNull().default(false), // CUST_Exclude_Vat
    pointsBalanceCents: integer("points_balance_cents").notNull().default(0), // CUST_POINT_Balance
    pointsOnHoldCents: integer("points_on_hold_cents").notNull().default(0), // CUST_POINTS_Onhold
    passTokenExpire: ts("pass_token_expire"), // CUST_PASS_TOKEN_EXPIRE_DATE
    isCustomer: boolean("is_customer").notNull().default(true), // IS_CUSTOMER
    deleted: boolean("deleted").notNull().default(false), // DELETEDFLAG
    salesPrices: text("sales_prices"), // CUSTSALESPRICES
    isPos: boolean("is_pos").notNull().default(false), // IsPos
    isMobileUser: boolean("is_mobile_user").notNull().default(false), // CUST_Is_Mobile_User
    showOnPos: boolean("show_on_pos").notNull().default(false), // CustShowOnPOS
    latitude: doublePrecision("latitude"), // default latitude
    longitude: doublePrecision("longitude"), // default longitude
    /** Imported from the old system: username and password are the phone number. */
    legacyAccount: boolean("legacy_account").notNull().default(false),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: ts("locked_until"),
    /** The ERP's own customer id, for customers the ERP creates or updates by it. */
    erpId: text("erp_id"),
    /** The language of the page the account was made on: its mails are written in it. */
    lang: text("lang").notNull().default("en"),
    /**
     * When the owner of `email`'s mailbox proved it (docs/decisions/0041): the verification link,
     * a password reset, a provider's verified email, or the social link mail. Null: never proven.
     */
    emailVerifiedAt: ts("email_verified_at"),
    ...changeTracking(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(), // DTMOD
  },
  (t) => [
    uniqueIndex("customers_username_lower_uq").on(sql`lower(${t.username})`),
    uniqueIndex("customers_erp_id_uq").on(t.erpId).where(sql`${t.erpId} is not null`),
    index("customers_change_idx").on(t.changeXid, t.changeSeq),
    index("customers_email_lower_idx").on(sql`lower(${t.email})`),
    index("customers_phone_idx").on(t.mobilePhone),
    // The back office's customer search: any part of the name, username, email or phone.
    index("customers_search_trgm_idx").using(
      "gin",
      sql`lower(${t.name} || ' ' || ${t.surname} || ' ' || ${t.username} || ' ' || ${t.email} || ' ' || ${t.mobilePhone}) gin_trgm_ops`,
    ),
    // One live account per phone number, whatever spaces or signs it was typed with: the database
    // settles parallel registrations that the service's look-up cannot.
    uniqueIndex("customers_phone_digits_uq")
      .on(sql`regexp_replace(${t.mobilePhone}, '[^0-9]', '', 'g')`)
      .where(sql`not ${t.deleted} and ${t.mobilePhone} <> ''`),
    check("customers_points_nonneg", sql`${t.pointsBalanceCents} >= 0 and ${t.pointsOnHoldCents} >= 0`),
  ],
);

/** Page content records: IQWPP_POSITION_DESC, IQWPP_TEXT, IQWPP_IMG. */
export const pageContent = pgTable("page_content", {
  id: serial("id").primaryKey(),
  position: text("position").notNull().unique(), // IQWPP_POSITION_DESC
  text: text("text").notNull().default(""), // IQWPP_TEXT
  img: text("img"), // IQWPP_IMG
});

/** Terms, privacy and returns pages: title and paragraph pairs. */
export const contentSections = pgTable(
  "content_sections",
  {
    id: serial("id").primaryKey(),
    page: text("page").notNull(), // 'terms' | 'privacy' | 'returns' | 'guarantee'
    seq: integer("seq").notNull().default(0),
    title: text("title").notNull(),
    bodyHtml: text("body_html").notNull(),
  },
  (t) => [index("content_sections_page_idx").on(t.page, t.seq)],
);

/**
 * Blog posts (the spec's blog calls: list, single post, post elements). The body is sanitised HTML
 * whose pictures carry their width and height (services/blog.ts); a post shows from its publish
 * date once published, so a future date schedules it.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    coverUrl: text("cover_url"),
    coverWidth: integer("cover_width"),
    coverHeight: integer("cover_height"),
    coverAlt: text("cover_alt").notNull().default(""),
    /** Lower-case tag names, e.g. {"guides", "coils"}. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("draft"), // 'draft' | 'published'
    publishedAt: ts("published_at"),
    author: text("author").notNull().default(""),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_published_idx")
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index("blog_posts_tags_idx").using("gin", t.tags),
    check("blog_posts_status_check", sql`${t.status} in ('draft', 'published')`),
    check("blog_posts_published_at_check", sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);

/** The products a post recommends, in the writer's order. */
export const blogPostProducts = pgTable(
  "blog_post_products",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.productId] })],
);

export const warehouses = pgTable("warehouses", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  webDescription: text("web_description").notNull(), // WH_Web_Description
  phone: text("phone"),
  email: text("email"),
  workingDays: text("working_days"),
  weekend: text("weekend"),
  address: text("address"),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  showOnWeb: boolean("show_on_web").notNull().default(true),
});

export const masterCategories = pgTable("master_categories", {
  id: serial("id").primaryKey(), // PCM_Id
  code: text("code").notNull().unique(), // PCM_Code
  description: text("description").notNull(), // PCM_Description
  seq: integer("seq").notNull().default(0), // PCM_Seq
  slug: text("slug").notNull().unique(),
  image: text("image"),
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(), // CatID / CATID
    masterId: integer("master_id")
      .notNull()
      .references(() => masterCategories.id),
    code: text("code").notNull().unique(), // CatCode / code
    description: text("description").notNull(), // CatDescription / Description
    slug: text("slug").notNull().unique(),
    seq: integer("seq").notNull().default(0), // CatSequence
    popular: boolean("popular").notNull().default(false),
    popularOrder: integer("popular_order").notNull().default(0),
    image: text("image"),
  },
  (t) => [index("categories_master_idx").on(t.masterId, t.seq)],
);

/**
 * A manufacturer or an EU responsible person (GPSR art. 16 and 19, docs/decisions/0058): one
 * shared record, linked from brands and products, its name, postal and e-mail address shown on
 * the product pages it is linked from.
 */
export const economicOperators = pgTable("economic_operators", {
  id: serial("id").primaryKey(),
  /** How the ERP and the catalogue file name it. */
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  /** The postal address, lines separated by newlines. */
  postalAddress: text("postal_address").notNull(),
  email: text("email").notNull(),
  /** ISO 3166-1 alpha-2: outside the EU, a product needs an EU responsible person too. */
  country: text("country").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(), // Brand_Id
  name: text("name").notNull(), // Brand_name
  code: text("code").notNull().unique(), // Brand_code
  seq: integer("seq").notNull().default(0), // Brand_Sequences
  showHome: boolean("show_home").notNull().default(false), // show on home page
  image: text("image"),
  /** The brand's manufacturer and EU responsible person, for its products without their own. */
  manufacturerId: integer("manufacturer_id").references(() => economicOperators.id),
  responsiblePersonId: integer("responsible_person_id").references(() => economicOperators.id),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(), // PRODID / id
    code: text("code").notNull().unique(), // PRODCODE
    name: text("name").notNull(), // PRODDESC / name
    slug: text("slug").notNull().unique(),
    priceCents: integer("price_cents").notNull(), // price (VAT-inclusive)
    salePriceCents: integer("sale_price_cents"), // sale_price
    vatRate: integer("vat_rate").notNull().default(19),
    isNew: boolean("is_new").notNull().default(false), // new
    isTop: boolean("is_top").notNull().default(false), // top
    isHot: boolean("is_hot").notNull().default(false), // hot deals
    popupAd: boolean("popup_ad").notNull().default(false), // PROD_POPUP_AD_WEB
    deleted: boolean("deleted").notNull().default(false), // DELETEDFLAG
    /**
     * When the product was first shown in the shop; null: a draft, never published (a hidden product
     * with a date was withdrawn). Set by the trigger products_published_at (docs/decisions/0047).
     */
    publishedAt: ts("published_at"),
    shortDesc: text("short_desc").notNull().default(""), // short_desc
    /** The long description: rich text, sanitised HTML (the back office's editor). */
    longDescHtml: text("long_desc_html").notNull().default(""),
    ratings: numeric("ratings", { precision: 3, scale: 2, mode: "number" }).notNull().default(0), // 0..5
    reviewCount: integer("review_count").notNull().default(0), // review
    brandId: integer("brand_id").references(() => brands.id),
    videoUrl: text("video_url"), // videoURL
    /** The product page's specifications table, in the shop's order (nicotine, capacity, ...). */
    specs: jsonb("specs").$type<{ label: string; value: string }[]>().notNull().default([]),
    /** Products sharing a group are each other's related variant products (var_rel). */
    variantGroup: text("variant_group"),
    /** What tells this product apart within its group, e.g. "Black" or "10 ml / 6 mg". */
    variantLabel: text("variant_label"),
    /**
     * The packed weight of one unit in grams, which prices delivery (core/shipping-weight.ts,
     * docs/decisions/0057). Null only on products made before weights existed: every new product
     * is given one; a null counts as 0 g until someone weighs it.
     */
    weightGrams: integer("weight_grams"),
    /**
     * The regulatory class (core/regulatory.ts) and the data its class needs (docs/decisions/0058);
     * strength and volume are the product's own: a related variant ("10 ml / 6 mg") is a product.
     */
    regulatoryClass: text("regulatory_class").notNull().default("general"),
    nicotineMgPerMl: numeric("nicotine_mg_per_ml", { precision: 7, scale: 2, mode: "number" }),
    volumeMl: numeric("volume_ml", { precision: 9, scale: 2, mode: "number" }),
    tankCapacityMl: numeric("tank_capacity_ml", { precision: 7, scale: 2, mode: "number" }),
    /** The EU notification number (EC-ID) of Directive 2014/40/EU art. 20(2). */
    ecId: text("ec_id"),
    /** null: the brand's. */
    manufacturerId: integer("manufacturer_id").references(() => economicOperators.id),
    responsiblePersonId: integer("responsible_person_id").references(() => economicOperators.id),
    /** Warning codes (core/regulatory.ts WARNING_CODES) shown beside the nicotine warning. */
    warnings: jsonb("warnings").$type<string[]>().notNull().default([]),
    /** name + code + brand + category names, kept by the catalogue service, feeds search. */
    searchText: text("search_text").notNull().default(""),
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("products_brand_idx").on(t.brandId),
    index("products_variant_group_idx").on(t.variantGroup),
    index("products_listing_idx").on(t.deleted, t.createdAt.desc(), t.id.desc()),
    index("products_search_idx").using("gin", t.search),
    index("products_search_trgm_idx").using("gin", sql`lower(${t.searchText}) gin_trgm_ops`),
    // The home page's ad cube looks for the flagged product on every request.
    index("products_popup_ad_idx").on(t.updatedAt.desc(), t.id).where(sql`${t.popupAd} and not ${t.deleted}`),
    // The back office's product list, sorted by name, price or last change, one page at a time.
    index("products_admin_name_idx").on(t.name, t.id),
    index("products_admin_price_idx").on(t.priceCents, t.id),
    index("products_admin_updated_idx").on(t.updatedAt.desc(), t.id.desc()),
    check("products_price_nonneg", sql`${t.priceCents} >= 0`),
    check("products_weight_range", sql`${t.weightGrams} is null or ${t.weightGrams} between 0 and 100000`),
    check(
      "products_regulatory_class_check",
      sql`${t.regulatoryClass} in ('general', 'nicotine_liquid', 'nicotine_free_liquid', 'device', 'tank', 'accessory')`,
    ),
  ],
);

/** A product may sit in several sub-categories (spec: category is a list of name and slug). */
export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    seq: integer("seq").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_categories_cat_idx").on(t.categoryId),
  ],
);

/**
 * One row per listed (not deleted) product with what a listing filters and sorts by, kept in step
 * by triggers in the same transaction as every write to products, their categories and their
 * colour/size variants (migration 0008, `refresh_product_cards`), so a listing page is one ordered
 * index scan instead of grouping the whole catalogue (docs/decisions/0033). Stock is not here:
 * no sort or filter reads it, so orders never touch this table.
 */
export const productCards = pgTable(
  "product_cards",
  {
    /** No foreign key: a deleted product's card goes in the delete trigger, which counts it out first. */
    productId: integer("product_id").primaryKey(),
    /** The product's variant group; null for a product of its own. */
    variantGroup: text("variant_group"),
    /** The group's first listed product (lowest id): the card of an unfiltered listing. */
    head: boolean("head").notNull(),
    brandId: integer("brand_id"),
    isHot: boolean("is_hot").notNull(),
    isNew: boolean("is_new").notNull(),
    /** A deal: sale price below price, and no colour/size variants. */
    onSale: boolean("on_sale").notNull(),
    categoryIds: integer("category_ids").array().notNull(),
    masterIds: integer("master_ids").array().notNull(),
    reviewCount: integer("review_count").notNull(),
    ratings: numeric("ratings", { precision: 3, scale: 2, mode: "number" }).notNull(),
    /** The group's newest product (created_at, then id): the "new" sort. */
    newAt: ts("new_at").notNull(),
    newId: integer("new_id").notNull(),
    /** The group's lowest and highest price as its card shows them (variants' prices first). */
    priceMin: integer("price_min").notNull(),
    priceMax: integer("price_max").notNull(),
  },
  (t) => [
    index("product_cards_head_idx").on(t.productId).where(sql`${t.head}`),
    // The home page's hot deals (hot and on sale, all and per category): two filters, so their
    // total is counted, and without it over every card (100 ms at 100k products; 2 ms with it).
    index("product_cards_hot_deals_idx").on(t.productId).where(sql`${t.isHot} and ${t.onSale}`),
    index("product_cards_group_idx").on(t.variantGroup, t.productId),
    // The descending sorts as one ascending key (the columns are not null, so the order is that of
    // `desc, product_id`): a seek from a mark is one row comparison (migration 0012, 0037).
    index("product_cards_featured_idx").on(sql`(-${t.reviewCount})`, t.productId),
    index("product_cards_rating_idx").on(sql`(-${t.ratings})`, t.productId),
    index("product_cards_new_idx").on(t.newAt.desc(), t.newId.desc()),
    index("product_cards_price_asc_idx").on(t.priceMin, t.productId),
    index("product_cards_price_desc_idx").on(sql`(-${t.priceMax})`, t.productId),
    index("product_cards_brand_idx").on(t.brandId, t.productId),
    index("product_cards_categories_idx").using("gin", t.categoryIds),
    index("product_cards_masters_idx").using("gin", t.masterIds),
  ],
);

/**
 * How many cards each listing filter shows (`all`, `hot`, `new`, `sale`, `brand:<id>`, `cat:<id>`,
 * `master:<id>`) per block of 1,024 product ids, kept with product_cards: a total is a sum of a few
 * rows, and a deep page of the id order starts at its block instead of counting past every card.
 */
export const productCardCounts = pgTable(
  "product_card_counts",
  {
    key: text("key").notNull(),
    block: integer("block").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ name: "product_card_counts_pk", columns: [t.key, t.block] })],
);

/**
 * The version of product_cards: refresh_product_cards adds one in every transaction that changes
 * cards (migration 0012), so marks taken from older cards are known to be stale. One row.
 */
export const productCardVersion = pgTable(
  "product_card_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("product_card_version_one_row", sql`${t.id} = 1`)],
);

/**
 * Every 1,024th card of one sort (`sort`: featured, rating, new, price-asc, price-desc) of one
 * listing (`key`: product_card_counts' keys), with the card version they were taken from: a deep
 * page seeks from the mark at or before its offset (services/catalog/card-order.ts, 0037).
 */
export const productCardMarks = pgTable(
  "product_card_marks",
  {
    key: text("key").notNull(),
    sort: text("sort").notNull(),
    /** The card's position in the listing, from 0: a multiple of 1,024. */
    pos: integer("pos").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.sort, t.pos] })],
);

/**
 * The catalogue's vocabulary: every lexeme of 3+ characters without a digit in the `search` of a
 * live product, with how many live products hold it. Kept exact by triggers on products in the
 * writing transaction (migration 0011, docs/decisions/0036); a typo search corrects each word
 * against it and then runs an ordinary full-text query.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    n: integer("n").notNull(),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/** pictures (url, width, height) and sm_pictures (url). */
export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull().default(0),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    smUrl: text("sm_url").notNull(),
    /**
     * Where an integration picture came from (`url:<address>` or `upload:<token>`), so a
     * repeated request does not fetch or add it again; null for back-office uploads.
     */
    source: text("source"),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.seq)],
);

/** Colour/size variants of one product (the spec's "variants", colour type). */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(), // color (CSS colour)
    colorName: text("color_name").notNull(), // color_name
    /** The size entry name; "" for a row sold by colour alone (no size to choose). */
    size: text("size").notNull(), // size entry name
    /**
     * The row's own price (VAT-inclusive); null: the product's price and sale price, so an edit of
     * the product's prices reaches the row (docs/decisions/0043).
     */
    priceCents: integer("price_cents"), // price
  },
  (t) => [index("product_variants_product_idx").on(t.productId)],
);

/** Stock per product per warehouse; never negative. */
export const stock = pgTable(
  "stock",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    qty: integer("qty").notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.warehouseId] }),
    index("stock_warehouse_idx").on(t.warehouseId, t.productId),
    check("stock_qty_nonneg", sql`${t.qty} >= 0`),
  ],
);

export const priceLists = pgTable("price_lists", {
  id: serial("id").primaryKey(), // price-list header
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
});

export const priceListLines = pgTable(
  "price_list_lines",
  {
    priceListId: integer("price_list_id")
      .notNull()
      .references(() => priceLists.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productId] })],
);

/**
 * Every price a product, a colour/size row or a price list has sold at, and from when (issue 40,
 * docs/decisions/0048): the record the "lowest price in the 30 days before the reduction" is read
 * from (`prior_price_cents` in db/sql/store/functions.sql). Written by triggers on products,
 * product_variants and price_list_lines in the writing transaction, so every way a price changes
 * (back office, ERP API, catalogue file, seed, bulk edits) writes it. Append-only, and without
 * foreign keys: the record outlives the rows it describes. `variant_id` null: the product's own
 * price; `price_list_id` null: the retail price.
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id").notNull(),
    variantId: integer("variant_id"),
    priceListId: integer("price_list_id"),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    validFrom: ts("valid_from").notNull().defaultNow(),
  },
  (t) => [index("price_history_product_idx").on(t.productId, t.variantId, t.priceListId, t.validFrom)],
);

export const slides = pgTable("slides", {
  id: serial("id").primaryKey(),
  seq: integer("seq").notNull().default(0),
  imageSrc: text("image_src").notNull(),
  display: boolean("display").notNull().default(true),
  introSubtitle: text("intro_subtitle"),
  introTitle1: text("intro_title1"),
  introTitle2: text("intro_title2"),
  introTitle3: text("intro_title3"),
  price: text("price"),
  priceDecimal: text("price_decimal"),
  link: text("link"),
  linkTitle: text("link_title"),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    source: text("source").notNull().default("stored"), // 'stored' | 'google'
    authorName: text("author_name").notNull(),
    profilePhotoUrl: text("profile_photo_url"),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    time: ts("time"),
    fetchedAt: ts("fetched_at").notNull().defaultNow(),
  },
  (t) => [check("reviews_rating_range", sql`${t.rating} between 1 and 5`)],
);

/**
 * Reviews of one product (docs/decisions/0053): who wrote each (`source`: 'customer' from one
 * of their order lines, 'staff' entered by hand in the back office) and whether staff
 * let it show (`status`: pending, published, rejected). Only published ones show and count in
 * `products.ratings`/`review_count`, which the moderation keeps in the same transaction.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The order line a buyer's review was written from; null for a staff-entered review. */
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    source: text("source").notNull(), // customer | staff
    status: text("status").notNull().default("pending"), // pending | published | rejected
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull(),
    /** Why staff rejected it (core/reviews.ts REJECT_REASONS); null otherwise. */
    rejectReason: text("reject_reason"),
    moderatedAt: ts("moderated_at"),
    moderatedBy: integer("moderated_by").references(() => staff.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("product_reviews_shown_idx")
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.status} = 'published'`),
    index("product_reviews_moderation_idx").on(t.status, t.createdAt.desc()),
    uniqueIndex("product_reviews_customer_uq")
      .on(t.productId, t.customerId)
      .where(sql`${t.customerId} is not null`),
    uniqueIndex("product_reviews_order_line_uq").on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
    check("product_reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("product_reviews_source", sql`${t.source} in ('customer', 'staff')`),
    check("product_reviews_status", sql`${t.status} in ('pending', 'published', 'rejected')`),
    // A staff-entered review is never tied to a customer or an order line, so it can never read
    // as a purchase. (A buyer's line or account may go later: set null, and its badge with it.)
    check(
      "product_reviews_staff_unlinked",
      sql`${t.source} <> 'staff' or (${t.orderLineId} is null and ${t.customerId} is null)`,
    ),
  ],
);

export const shippingMethods = pgTable("shipping_methods", {
  id: serial("id").primaryKey(),
  description: text("description").notNull(),
  costCents: integer("cost_cents").notNull(),
  /** ISO codes this method ships to; null means every country of the store. */
  countries: jsonb("countries").$type<string[] | null>(),
  /**
   * Prices by the basket's weight, ascending by upToGrams (core/shipping-weight.ts): the first band
   * the basket fits in prices it; a basket heavier than the last band cannot go by this method.
   * Empty: the flat costCents whatever the weight (docs/decisions/0057).
   */
  weightBands: jsonb("weight_bands")
    .$type<{ upToGrams: number; costCents: number }[]>()
    .notNull()
    .default([]),
  seq: integer("seq").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(), // ORDERID
    code: text("code").notNull().unique(), // ORDERCODE
    /** Null for a guest order (the store's guest checkout) until the guest makes an account. */
    customerId: integer("customer_id").references(() => customers.id), // ORDERCUSTID
    status: text("status").notNull(), // pending_payment | placed | paid | shipped | delivered | completed | cancelled | expired
    goodsTotalCents: integer("goods_total_cents").notNull(),
    shippingCostCents: integer("shipping_cost_cents").notNull().default(0),
    pointsRedeemedCents: integer("points_redeemed_cents").notNull().default(0),
    pointsEarnedCents: integer("points_earned_cents").notNull().default(0),
    /** Earned points a cancellation could not take back because they were already spent. */
    pointsUnrecoveredCents: integer("points_unrecovered_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(), // ORDERTOTAL
    vatExcluded: boolean("vat_excluded").notNull().default(false),
    shippingId: integer("shipping_id").references(() => shippingMethods.id),
    shippingDescription: text("shipping_description"),
    notes: text("notes"),
    paymentMethod: text("payment_method").notNull(), // cod | card | bank | wallet
    paymentReference: text("payment_reference"),
    isWeb: boolean("is_web").notNull().default(true), // ORDER_IS_WEB
    showOnPos: boolean("show_on_pos").notNull().default(false),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    shipAddress: text("ship_address"),
    shipCity: text("ship_city"),
    shipCountry: text("ship_country"),
    reservedUntil: ts("reserved_until"),
    paidAt: ts("paid_at"),
    /** When staff or the ERP said the goods arrived (status delivered; docs/decisions/0055). */
    deliveredAt: ts("delivered_at"),
    /** The language of the page the order was placed on: its mails are written in it. */
    lang: text("lang").notNull().default("en"),
    ...changeTracking(),
    createdAt: ts("created_at").notNull().defaultNow(), // ORDERDT
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("orders_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("orders_change_idx").on(t.changeXid, t.changeSeq),
    index("orders_status_idx").on(t.status, t.createdAt),
    // The back office's order list: newest first, and searched by code, name or email.
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_search_trgm_idx").using(
      "gin",
      sql`lower(${t.code} || ' ' || ${t.customerName} || ' ' || ${t.customerEmail}) gin_trgm_ops`,
    ),
    // The back office's guest buyers: orders without an account, by email (docs/decisions/0045).
    index("orders_guest_email_idx")
      .on(sql`lower(${t.customerEmail})`, t.createdAt)
      .where(sql`${t.customerId} is null`),
    check("orders_totals_nonneg", sql`${t.totalCents} >= 0 and ${t.goodsTotalCents} >= 0`),
  ],
);

/** Order details: product description and quantity. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    description: text("description").notNull(),
    qty: integer("qty").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    vatRate: integer("vat_rate").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), check("order_lines_qty_pos", sql`${t.qty} > 0`)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull(), // 'viva' | 'test'
    providerOrderCode: text("provider_order_code").notNull().unique(),
    transactionId: text("transaction_id").unique(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").notNull(), // created | paid | failed
    raw: jsonb("raw"),
    createdAt: ts("created_at").notNull().defaultNow(),
    verifiedAt: ts("verified_at"),
  },
  (t) => [index("payments_order_idx").on(t.orderId)],
);

/**
 * What happened to an order and who did it (the back office's timeline, docs/decisions/0045):
 * placed, paid, expired, completed, cancelled, the confirmation sent again, and the staff's
 * internal notes. Payment attempts and mails have their own tables and join the timeline from
 * there. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (store migration 0018).
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** ORDER_EVENT_KINDS of core/admin/order-timeline.ts. */
    kind: text("kind").notNull(),
    /** Who: ORDER_ACTOR_KINDS (customer, guest, staff, erp, provider, system). */
    actorKind: text("actor_kind").notNull(),
    /** The name shown: the customer's or staff member's name, a provider, the ERP. */
    actor: text("actor").notNull(),
    /** A note's text, or one line of detail (the payment's transaction, why it expired). */
    body: text("body"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.id),
    check(
      "order_events_kind_check",
      sql`${t.kind} in ('placed', 'paid', 'expired', 'completed', 'cancelled', 'confirmation_resent', 'note', 'withdrawn', 'shipped', 'delivered', 'refunded')`,
    ),
    check(
      "order_events_actor_kind_check",
      sql`${t.actorKind} in ('customer', 'guest', 'staff', 'erp', 'provider', 'system')`,
    ),
    check("order_events_body_length", sql`${t.body} is null or length(${t.body}) <= 2000`),
  ],
);

/**
 * A consumer's withdrawal from an order (Consumer Rights Directive art. 9-11a, docs/decisions/0050),
 * written when the shopper confirms it and never changed afterwards (a trigger refuses UPDATE,
 * DELETE and TRUNCATE). What follows for the goods and the money is the returns' and refunds' part.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** The browser's key for one press of 'Confirm withdrawal': a repeat finds the first row. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** customer (signed in) or guest (the order's signed link). */
    byKind: text("by_kind").notNull(),
    /** The name the withdrawal was made in: the order's customer name. */
    byName: text("by_name").notNull(),
    /** Where the acknowledgement went (the order's email), or null when the order has none. */
    email: text("email"),
    /** The language of the page it was made on: its acknowledgement is written in it. */
    lang: text("lang").notNull().default("en"),
    /** The end of the period it was made within, as shown; null when made before delivery. */
    deadline: ts("deadline"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_idempotency_uq").on(t.orderId, t.idempotencyKey),
    index("withdrawals_created_idx").on(t.createdAt.desc()),
    check("withdrawals_by_kind_check", sql`${t.byKind} in ('customer', 'guest')`),
    check("withdrawals_key_length", sql`length(${t.idempotencyKey}) between 8 and 100`),
  ],
);

/** The lines and quantities a withdrawal names. */
export const withdrawalLines = pgTable(
  "withdrawal_lines",
  {
    id: serial("id").primaryKey(),
    withdrawalId: integer("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    /** The line's description as the order has it, kept with the record. */
    description: text("description").notNull(),
    qty: integer("qty").notNull(),
  },
  (t) => [
    uniqueIndex("withdrawal_lines_line_uq").on(t.withdrawalId, t.orderLineId),
    index("withdrawal_lines_order_line_idx").on(t.orderLineId),
    check("withdrawal_lines_qty_pos", sql`${t.qty} > 0`),
  ],
);

/**
 * The couriers a store ships with (docs/decisions/0055): a name and the address of the courier's
 * tracking page, with `{tracking}` where the tracking number goes. Edited in the back office.
 */
export const carriers = pgTable(
  "carriers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** https address with `{tracking}`; null for a courier without a public tracking page. */
    trackingUrl: text("tracking_url"),
    seq: integer("seq").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("carriers_name_uq").on(sql`lower(${t.name})`)],
);

/**
 * One parcel of an order (docs/decisions/0055): which lines and quantities left, with which
 * courier and tracking number. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): the
 * courier's name and the tracking link are copied in, so the record says what the customer was told.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** 1, 2 ... within the order: "shipment 2 of order X". */
    seq: integer("seq").notNull(),
    /** The caller's key for one press or one ERP request: a repeat answers the first shipment. */
    idempotencyKey: text("idempotency_key").notNull(),
    carrierId: integer("carrier_id").references(() => carriers.id),
    carrierName: text("carrier_name").notNull(),
    trackingNumber: text("tracking_number"),
    /** The carrier's template filled in with the tracking number, when both exist. */
    trackingUrl: text("tracking_url"),
    /** staff or erp, and the name shown on the timeline. */
    byKind: text("by_kind").notNull(),
    byName: text("by_name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipments_idempotency_uq").on(t.orderId, t.idempotencyKey),
    uniqueIndex("shipments_seq_uq").on(t.orderId, t.seq),
    index("shipments_carrier_idx").on(t.carrierId),
    check("shipments_by_kind_check", sql`${t.byKind} in ('staff', 'erp', 'system')`),
    check("shipments_key_length", sql`length(${t.idempotencyKey}) between 8 and 100`),
  ],
);

/** The order lines and quantities one shipment carried. */
export const shipmentLines = pgTable(
  "shipment_lines",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    qty: integer("qty").notNull(),
  },
  (t) => [
    uniqueIndex("shipment_lines_line_uq").on(t.shipmentId, t.orderLineId),
    index("shipment_lines_order_line_idx").on(t.orderLineId),
    check("shipment_lines_qty_pos", sql`${t.qty} > 0`),
  ],
);

/**
 * Money given back on an order (docs/decisions/0056): through the payment provider (`provider`,
 * against the paid payment's transaction) or recorded by staff as paid back by hand (cash, bank
 * transfer). Written `pending` before the provider is asked, so a crash or a timeout never loses
 * it; `succeeded` or `failed` once the provider has answered (the payment sweep asks again, with
 * the same idempotency key, for one left pending). Points and stock follow when it succeeds.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** The payment refunded through the provider; null for a manual refund. */
    paymentId: integer("payment_id").references(() => payments.id),
    /** One press of 'Refund': a repeat finds this row, and the provider gets the same key. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** provider | cash | bank_transfer | other (REFUND_METHODS of core/refunds.ts). */
    method: text("method").notNull(),
    /** pending | succeeded | failed. */
    status: text("status").notNull(),
    /** The money paid back, in cents. */
    amountCents: integer("amount_cents").notNull(),
    /** Of which delivery. */
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** Of which an amount beyond lines and delivery (a goodwill amount, a price difference). */
    extraCents: integer("extra_cents").notNull().default(0),
    /** Redeemed points of the refunded lines given back to the customer. */
    pointsReturnedCents: integer("points_returned_cents").notNull().default(0),
    /** Earned points of the refunded lines taken back. */
    pointsTakenCents: integer("points_taken_cents").notNull().default(0),
    /** Of those, what could not be taken back because the customer had spent them. */
    pointsUnrecoveredCents: integer("points_unrecovered_cents").notNull().default(0),
    restock: boolean("restock").notNull().default(false),
    reason: text("reason").notNull(),
    /** How a manual refund was paid back (a bank reference, "cash at the shop"). */
    note: text("note"),
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** Who asked for it, as the timeline names them. */
    byName: text("by_name").notNull(),
    /** The provider's id of the refund transaction. */
    providerTransactionId: text("provider_transaction_id"),
    /** Why the provider refused it, or its last unanswered attempt. */
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    uniqueIndex("order_refunds_idempotency_uq").on(t.orderId, t.idempotencyKey),
    index("order_refunds_order_idx").on(t.orderId, t.id),
    index("order_refunds_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("order_refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("order_refunds_method_check", sql`${t.method} in ('provider', 'cash', 'bank_transfer', 'other')`),
    check(
      "order_refunds_amounts_nonneg",
      sql`${t.amountCents} >= 0 and ${t.shippingCents} >= 0 and ${t.extraCents} >= 0 and ${t.pointsReturnedCents} >= 0 and ${t.pointsTakenCents} >= 0 and ${t.pointsUnrecoveredCents} >= 0`,
    ),
    check("order_refunds_provider_payment", sql`(${t.method} = 'provider') = (${t.paymentId} is not null)`),
    check("order_refunds_key_length", sql`length(${t.idempotencyKey}) between 8 and 100`),
    check("order_refunds_reason_length", sql`length(${t.reason}) between 1 and 500`),
  ],
);

/** The order lines and quantities a refund gives back, with their money. */
export const orderRefundLines = pgTable(
  "order_refund_lines",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => orderRefunds.id),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    qty: integer("qty").notNull(),
    /** qty x the line's unit price. */
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    uniqueIndex("order_refund_lines_line_uq").on(t.refundId, t.orderLineId),
    index("order_refund_lines_order_line_idx").on(t.orderLineId),
    check("order_refund_lines_qty_pos", sql`${t.qty} > 0`),
    check("order_refund_lines_amount_nonneg", sql`${t.amountCents} >= 0`),
  ],
);

/** Server-side sessions; the cookie carries a random token, the table only its sha256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt), index("sessions_customer_idx").on(t.customerId)],
);

/**
 * A Google or Facebook identity linked to a customer (docs/decisions/0031). The provider's own
 * subject id is the key: an email never links an identity by itself.
 */
export const customerIdentities = pgTable(
  "customer_identities",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(), // google | facebook
    subject: text("subject").notNull(),
    /** The email the provider gave when the identity was linked (for staff; never used to match). */
    email: text("email"),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    uniqueIndex("customer_identities_subject_uq").on(t.provider, t.subject),
    uniqueIndex("customer_identities_customer_uq").on(t.customerId, t.provider),
  ],
);

/**
 * A social sign-in under way: the PKCE verifier and nonce, kept server-side and bound to the
 * visitor's session (sha256 of its cookie token). Found by the sha256 of the `state` parameter,
 * used once, and only for a few minutes.
 */
export const socialSignInFlows = pgTable(
  "social_sign_in_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    sessionHash: text("session_hash").notNull(),
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    returnTo: text("return_to"),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("social_sign_in_flows_expires_idx").on(t.expiresAt)],
);

/**
 * A provider identity whose verified email belongs to an existing account: it is linked only
 * once the shopper proves the account, by its password in the same session or by the link mailed
 * to it (`mail_token_hash`).
 */
export const socialLinkRequests = pgTable(
  "social_link_requests",
  {
    id: serial("id").primaryKey(),
    sessionHash: text("session_hash").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    mailTokenHash: text("mail_token_hash").unique(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("social_link_requests_session_idx").on(t.sessionHash)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("password_reset_customer_idx").on(t.customerId)],
);

/** Back-in-stock requests: one per email and product. */
export const notifyRequests = pgTable(
  "notify_requests",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The language of the page the request was made on: the "back in stock" mail is written in it. */
    lang: text("lang").notNull().default("en"),
    createdAt: ts("created_at").notNull().defaultNow(),
    notifiedAt: ts("notified_at"),
  },
  (t) => [
    uniqueIndex("notify_product_email_uq").on(t.productId, sql`lower(${t.email})`),
    index("notify_pending_idx").on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * Newsletter sign-ups with double opt-in (docs/decisions/0052): `pending` until the mailed link
 * is confirmed, then `confirmed`; `unsubscribed` keeps the proof that mail stopped. The consent
 * text the subscriber was shown, in their language, and its version are stored with the row;
 * rows from before double opt-in are `pending` with no consent text and are never mailed.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    status: text("status").notNull().default("pending"),
    lang: text("lang").notNull().default("en"),
    consentText: text("consent_text"),
    consentVersion: integer("consent_version"),
    /** When the latest sign-up (and so the consent text above) was asked for. */
    requestedAt: ts("requested_at").notNull().defaultNow(),
    confirmedAt: ts("confirmed_at"),
    unsubscribedAt: ts("unsubscribed_at"),
  },
  (t) => [
    uniqueIndex("newsletter_email_uq").on(sql`lower(${t.email})`),
    check("newsletter_status_ck", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

/**
 * Every answer to the cookie banner (docs/decisions/0052): the banner's version, the choice per
 * category and when. `consent_id` is a random id kept in the visitor's cookie, so a later change
 * is a new row with the same id. No IP address, user agent or customer is stored.
 */
export const cookieConsents = pgTable(
  "cookie_consents",
  {
    id: serial("id").primaryKey(),
    consentId: text("consent_id").notNull(),
    bannerVersion: integer("banner_version").notNull(),
    /** `{ necessary: true, analytics: boolean }`. */
    choices: jsonb("choices").$type<{ necessary: true; analytics: boolean }>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("cookie_consents_id_idx").on(t.consentId, t.createdAt)],
);

/** Contact-form and partner-form messages ('contact' | 'partner'). */
export const inquiries = pgTable("inquiries", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject"),
  message: text("message").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Mail waiting to be sent; a worker delivers each row once, with retries. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** Makes enqueueing idempotent: the same event never queues a second mail. */
    dedupeKey: text("dedupe_key").unique(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra header fields, e.g. List-Unsubscribe on newsletter mail (RFC 2369, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    sentAt: ts("sent_at"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * Orders for the ERP's webhook, written in the transaction that places or pays the order and
 * posted by the webhook worker: signed, retried with backoff, never again once acknowledged.
 */
export const webhookOutbox = pgTable(
  "webhook_outbox",
  {
    id: serial("id").primaryKey(),
    /** `order.placed` or `order.paid`. */
    event: text("event").notNull(),
    /** One delivery per event and order: `order.paid:<code>`. */
    eventKey: text("event_key").notNull().unique(),
    /** The exact bytes posted (and signed) on every attempt. */
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    deliveredAt: ts("delivered_at"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);

/** Pictures the ERP uploaded ahead of the product that shows them, named by a token. */
export const integrationUploads = pgTable("integration_uploads", {
  token: text("token").primaryKey(),
  url: text("url").notNull(),
  smUrl: text("sm_url").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const errorLog = pgTable(
  "error_log",
  {
    id: serial("id").primaryKey(),
    message: text("message").notNull(),
    url: text("url"),
    userRef: text("user_ref"),
    cart: jsonb("cart"),
    storage: jsonb("storage"),
    userAgent: text("user_agent"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("error_log_created_idx").on(t.createdAt)],
);

/** Fixed-window counters for rate limits (sign-in, reset, register, contact, notify). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Cache of remote data (Google reviews), one row per key. */
export const remoteCache = pgTable("remote_cache", {
  key: text("key").primaryKey(),
  payload: jsonb("payload").notNull(),
  fetchedAt: ts("fetched_at").notNull(),
});

/**
 * The shop's own people (back office, /admin), apart from customers. A row without a password
 * hash is an invitation not yet accepted; a disabled row cannot sign in.
 */
export const staff = pgTable(
  "staff",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(), // owner | manager | staff (core/admin/permissions.ts)
    passwordHash: text("password_hash"),
    /** Base32 TOTP secret; two-factor is on once totpEnabledAt is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: ts("totp_enabled_at"),
    /** The last accepted TOTP step, so a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    disabledAt: ts("disabled_at"),
    passwordChangedAt: ts("password_changed_at"),
    lastSignInAt: ts("last_sign_in_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_email_lower_uq").on(sql`lower(${t.email})`),
    check("staff_role_known", sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

/** Back-office sessions: the cookie (path /admin) carries a random token, the table its sha256. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("staff_sessions_staff_idx").on(t.staffId),
    index("staff_sessions_expires_idx").on(t.expiresAt),
  ],
);

/** One-use links mailed to staff: an invitation, or a password reset. Only the sha256 is kept. */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(), // invite | reset
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("staff_tokens_staff_idx").on(t.staffId)],
);

/** Every back-office write: who, when, what, and the record before and after (never a secret). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** Kept apart from the staff row so the entry still names its author after a removal. */
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(), // e.g. product.update, order.complete
    entity: text("entity").notNull(), // e.g. product, order, setting
    entityId: text("entity_id"),
    summary: text("summary").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_staff_idx").on(t.staffId, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Translations (docs/decisions/0035-languages.md, step 3): one table per translatable entity,
// keyed by (entity, language). The base tables hold the English source, which is also the
// fallback: a null field here means "not translated, show the English".
// ---------------------------------------------------------------------------------------------

const translationLang = () => text("lang").notNull();
const langCheck = (table: string, lang: AnyPgColumn) =>
  check(`${table}_lang_check`, sql`${lang} ~ '^[a-z]{2}$'`);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lang: translationLang(),
    name: text("name"),
    shortDesc: text("short_desc"),
    longDescHtml: text("long_desc_html"),
    variantLabel: text("variant_label"),
    specs: jsonb("specs").$type<{ label: string; value: string }[]>(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lang] }), langCheck("product_translations", t.lang)],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    lang: translationLang(),
    description: text("description"),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] }), langCheck("category_translations", t.lang)],
);

export const masterCategoryTranslations = pgTable(
  "master_category_translations",
  {
    masterId: integer("master_id")
      .notNull()
      .references(() => masterCategories.id, { onDelete: "cascade" }),
    lang: translationLang(),
    description: text("description"),
  },
  (t) => [primaryKey({ columns: [t.masterId, t.lang] }), langCheck("master_category_translations", t.lang)],
);

export const pageContentTranslations = pgTable(
  "page_content_translations",
  {
    pageContentId: integer("page_content_id")
      .notNull()
      .references(() => pageContent.id, { onDelete: "cascade" }),
    lang: translationLang(),
    text: text("text"),
  },
  (t) => [primaryKey({ columns: [t.pageContentId, t.lang] }), langCheck("page_content_translations", t.lang)],
);

export const contentSectionTranslations = pgTable(
  "content_section_translations",
  {
    sectionId: integer("section_id")
      .notNull()
      .references(() => contentSections.id, { onDelete: "cascade" }),
    lang: translationLang(),
    title: text("title"),
    bodyHtml: text("body_html"),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.lang] }), langCheck("content_section_translations", t.lang)],
);

/** The home page's hero slides: their words, not their picture, price or link. */
export const slideTranslations = pgTable(
  "slide_translations",
  {
    slideId: integer("slide_id")
      .notNull()
      .references(() => slides.id, { onDelete: "cascade" }),
    lang: translationLang(),
    introSubtitle: text("intro_subtitle"),
    introTitle1: text("intro_title1"),
    introTitle2: text("intro_title2"),
    introTitle3: text("intro_title3"),
    linkTitle: text("link_title"),
  },
  (t) => [primaryKey({ columns: [t.slideId, t.lang] }), langCheck("slide_translations", t.lang)],
);

/** A post keeps one slug in every language; its words are translated. */
export const blogPostTranslations = pgTable(
  "blog_post_translations",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    lang: translationLang(),
    title: text("title"),
    excerpt: text("excerpt"),
    bodyHtml: text("body_html"),
    coverAlt: text("cover_alt"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
  },
  (t) => [primaryKey({ columns: [t.postId, t.lang] }), langCheck("blog_post_translations", t.lang)],
);

export const shippingMethodTranslations = pgTable(
  "shipping_method_translations",
  {
    shippingMethodId: integer("shipping_method_id")
      .notNull()
      .references(() => shippingMethods.id, { onDelete: "cascade" }),
    lang: translationLang(),
    description: text("description"),
  },
  (t) => [
    primaryKey({ columns: [t.shippingMethodId, t.lang] }),
    langCheck("shipping_method_translations", t.lang),
  ],
);
