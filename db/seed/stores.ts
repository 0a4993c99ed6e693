// The three demo stores: registry row, settings, branding, offices, shipping, reviews, slides
// and catalogue profile. Plain data; demo.ts writes it and content.ts derives the page texts.

import type { Lang } from "../../core/language";
import type { SettingKey } from "../../core/settings";
import type { Country, StoreSeo, WeekdayHours } from "../control/schema";
import type { CatalogueProfile } from "./catalog";
import type { ImageKind } from "./catalog-data";
import { CY_GR_COUNTRIES, CY_ONLY, MAIN_COUNTRIES } from "./countries";
import type { DemoStoreId } from "./demo-accounts";

export interface WarehouseDef {
  code: string;
  webDescription: string;
  phone: string;
  email: string;
  workingDays: string;
  weekend: string;
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * The demo's Cyprus courier by weight (docs/decisions/0057): a few bottles of liquid go in the
 * first band, a kit in its box in the second, and a big basket moves up; over 20 kg it cannot go.
 */
const COURIER_CY_BANDS = [
  { upToGrams: 250, costCents: 290 },
  { upToGrams: 1000, costCents: 450 },
  { upToGrams: 5000, costCents: 690 },
  { upToGrams: 20_000, costCents: 990 },
];

/** A shop counter hands over what a shopper can carry: up to 25 kg, free. */
const PICKUP_BANDS = [{ upToGrams: 25_000, costCents: 0 }];

export interface ShippingDef {
  description: string;
  costCents: number;
  /** Prices by the basket's weight, lightest first (docs/decisions/0057); absent: the flat cost. */
  weightBands?: { upToGrams: number; costCents: number }[];
  /** ISO codes; null: every country of the store. */
  countries: string[] | null;
}

export interface ReviewDef {
  author: string;
  rating: number;
  text: string;
  time: string;
}

/** Where a slide links to; product and category ids are only known after inserting. */
export type SlideLink = { product: string } | { master: string } | { path: string };

export interface SlideDef {
  subtitle: string;
  title1: string;
  title2: string;
  title3: string;
  /** Euros and cents as the slide shows them; null takes the linked product's price. */
  price: [string, string] | null;
  link: SlideLink;
  display: boolean;
  /** The products drawn on the slide; `family` draws one the way its family is drawn (catalog.ts). */
  items: { kind: ImageKind; colour: string; family?: string }[];
}

export interface PriceListDef {
  code: string;
  name: string;
  /** Share of the catalogue that gets a line. */
  coverage: number;
  /** Line price = product price x a factor in this range. */
  factor: [number, number];
}

/** The texts that make a store's pages its own; content.ts builds the records from them. */
export interface StoreCopy {
  aboutTitles: [string, string, string];
  vision: string;
  mission: string;
  whoWeAre: string;
  contactInfo: string;
  delivery: string;
  returns: string;
}

export interface DemoStoreDef {
  id: DemoStoreId;
  name: string;
  legalName: string;
  domains: string[];
  url: string;
  imgFolder: string;
  colours: { primary: string; primaryDark: string; accent: string };
  seo: StoreSeo;
  countries: Country[];
  /** The storefront's languages, the first its default. */
  languages: Lang[];
  workingHours: WeekdayHours[];
  googlePlaceId: string | null;
  /** Every setting except warehouse_id, which is the id of the first warehouse once inserted. */
  settings: Record<Exclude<SettingKey, "warehouse_id">, string>;
  office: { phone: string; email: string; address: string };
  warehouses: WarehouseDef[];
  shipping: ShippingDef[];
  reviews: ReviewDef[];
  slides: SlideDef[];
  priceLists: PriceListDef[];
  catalogue: CatalogueProfile;
  copy: StoreCopy;
  /** Whether new web customers show on the POS (mirrors order_mobile_show_pos). */
  customersShowOnPos: boolean;
}

const flag = (on: boolean) => (on ? "true" : "false");

/** Sunday (0) is closed and therefore absent; Saturday closes early. */
function hours(open: string, close: string, satOpen: string, satClose: string): WeekdayHours[] {
  const weekdays = ([1, 2, 3, 4, 5] as const).map((day) => ({ day, open, close }));
  return [...weekdays, { day: 6, open: satOpen, close: satClose }];
}

const pageSeo = (store: string, pages: Record<string, [string, string]>) =>
  Object.fromEntries(
    Object.entries(pages).map(([page, [title, description]]) => [
      page,
      { title: `${title} | ${store}`, description },
    ]),
  );

const MAIN: DemoStoreDef = {
  id: "main",
  name: "Vape Haven",
  legalName: "Vape Haven Demo Ltd",
  domains: ["localhost", "127.0.0.1", "vapehaven.eu", "www.vapehaven.eu"],
  url: "https://vapehaven.eu",
  imgFolder: "main",
  colours: { primary: "#5b3cc4", primaryDark: "#2e1f6b", accent: "#ff7a59" },
  seo: {
    title: "Vape Haven | E-liquids, Pod Kits and Vape Accessories",
    description:
      "Shop e-liquids, nic salts, pod kits, mods, tanks and coils from Vape Haven in Limassol. Free delivery over €50 and reward points on every order.",
    keywords: "vape shop, e-liquid, nic salts, pod kit, mod kit, coils, tanks, vape Cyprus, vape Limassol",
    pages: pageSeo("Vape Haven", {
      home: [
        "Online Vape Shop",
        "E-liquids, pod kits, mods, tanks and coils with fast delivery across Cyprus and Europe.",
      ],
      about: [
        "About Us",
        "A Limassol vape shop since 2014: who we are, what we stock and why smokers trust us to switch.",
      ],
      contact: [
        "Contact Us",
        "Visit our shops in Limassol, Nicosia and Larnaca, call +357 25 123 456 or send us a message.",
      ],
      products: [
        "Products",
        "Browse more than 150 e-liquids, kits and accessories with live stock from our shops.",
      ],
      partner: [
        "Become a Partner",
        "Stock our own-brand liquids and hardware in your shop or kiosk: apply to become a partner.",
      ],
      listing: [
        "All Products",
        "Every e-liquid, kit, tank, coil and accessory we sell, with filters by brand and category.",
      ],
    }),
    translations: {
      el: {
        title: "Vape Haven | Υγρά αναπλήρωσης, pod kits και αξεσουάρ ατμίσματος",
        description:
          "Υγρά αναπλήρωσης, nic salts, pod kits, mods, ατμοποιητές και αντιστάσεις από το Vape Haven στη Λεμεσό. Δωρεάν παράδοση για αγορές άνω των 50 € και πόντοι επιβράβευσης σε κάθε παραγγελία.",
        keywords:
          "κατάστημα ατμίσματος, υγρά αναπλήρωσης, nic salts, pod kit, mod kit, αντιστάσεις, ατμοποιητές, άτμισμα Κύπρος, άτμισμα Λεμεσός",
        pages: pageSeo("Vape Haven", {
          home: [
            "Ηλεκτρονικό κατάστημα ατμίσματος",
            "Υγρά αναπλήρωσης, pod kits, mods, ατμοποιητές και αντιστάσεις με γρήγορη παράδοση σε Κύπρο και Ευρώπη.",
          ],
          about: [
            "Σχετικά με εμάς",
            "Κατάστημα ατμίσματος στη Λεμεσό από το 2014: ποιοι είμαστε, τι έχουμε και γιατί οι καπνιστές μας εμπιστεύονται για να αλλάξουν.",
          ],
          contact: [
            "Επικοινωνία",
            "Επισκεφθείτε τα καταστήματά μας σε Λεμεσό, Λευκωσία και Λάρνακα, καλέστε στο +357 25 123 456 ή στείλτε μας μήνυμα.",
          ],
          products: [
            "Προϊόντα",
            "Περισσότερα από 150 υγρά, kits και αξεσουάρ με το απόθεμα των καταστημάτων μας σε πραγματικό χρόνο.",
          ],
          partner: [
            "Γίνετε συνεργάτης",
            "Διαθέστε τα υγρά και τις συσκευές της δικής μας σειράς στο κατάστημα ή το περίπτερό σας: κάντε αίτηση συνεργασίας.",
          ],
          listing: [
            "Όλα τα προϊόντα",
            "Κάθε υγρό, kit, ατμοποιητής, αντίσταση και αξεσουάρ που πουλάμε, με φίλτρα ανά μάρκα και κατηγορία.",
          ],
        }),
      },
    },
  },
  countries: MAIN_COUNTRIES,
  languages: ["en", "el"],
  workingHours: hours("09:00", "19:00", "10:00", "14:00"),
  googlePlaceId: "ChIJdemo-VapeHaven-Limassol-01",
  settings: {
    site_url: "https://vapehaven.eu",
    telephone: "+357 25 123 456",
    company_name: "Vape Haven Demo Ltd",
    customer_vat_mobile: flag(false),
    order_mobile_show_pos: flag(true),
    free_delivery_total: "50",
    show_master_categories_home: flag(true),
    full_screen_slider: flag(true),
    brand_pictures: flag(true),
    category_pictures: flag(true),
    show_stock: flag(true),
    image_main_path: "/images",
    client_latitude: "34.6752",
    client_longitude: "33.0442",
    show_18: flag(true),
    show_maps: flag(true),
    show_place_order: flag(true),
    show_pay_now: flag(true),
    show_bank_transfer: flag(true),
    show_payment_wallet: flag(false),
    facebook: "https://www.facebook.com/vapehaven.eu",
    twitter: "",
    instagram: "https://www.instagram.com/vapehaven.eu",
    youtube: "https://www.youtube.com/@vapehaven",
    tiktok: "",
    show_sign_in: flag(true),
    show_sign_up: flag(true),
    guest_checkout: flag(true),
    // Empty: the home country is the trader identity's (Cyprus), docs/decisions/0060.
    home_country: "",
    withdrawal_days: "14",
    consumer_sales: flag(true),
    // The spec's screens show the ad cube, hot deals, Sale badges and slide prices: the demo keeps
    // them; a real shop starts restricted (core/advertising.ts, docs/decisions/0064).
    restricted_advertising: flag(false),
    restrict_ad_cube: flag(true),
    restrict_hot_deals: flag(true),
    restrict_sale_marks: flag(true),
    restrict_hero_prices: flag(true),
    restrict_newsletter_promo: flag(true),
    email: "info@vapehaven.eu",
    categories_link: "/shop/sidebar/3cols",
    points_percentage: "5",
    session_expire: "30",
    cookie_expire: "10080",
    bank_details:
      "Beneficiary: Vape Haven Demo Ltd\nIBAN: CY17 0020 0128 0000 0012 0052 7600\nBIC: DEMOCY2N\nPlease use your order code as the payment reference.",
    default_vat_rate: "19",
    // OpenStreetMap's standard tiles for the demo; tests serve them locally (no internet).
    map_tiles_url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    // The demo stores pay through the built-in test checkout, which local hosts may use anyway;
    // a public domain would need this on (docs/decisions/0020).
    allow_test_payments: "0",
    // docs/decisions/0051: the defaults, stored so the settings screen shows them.
    fiscal_retention_years: "10",
    guest_data_retention_days: "1095",
    sign_in_log_retention_days: "90",
    newsletter_pending_retention_days: "14",
    cookie_consent_retention_days: "1095",
  },
  office: {
    phone: "+357 25 123 456",
    email: "info@vapehaven.eu",
    address: "Agiou Andreou 145, 3036 Limassol, Cyprus",
  },
  warehouses: [
    {
      code: "VH-LIM",
      webDescription: "Vape Haven Limassol (Old Town)",
      phone: "+357 25 123 456",
      email: "limassol@vapehaven.eu",
      workingDays: "Mon-Fri 09:00-19:00",
      weekend: "Sat 10:00-14:00, Sun closed",
      address: "Agiou Andreou 145, 3036 Limassol, Cyprus",
      latitude: 34.6752,
      longitude: 33.0442,
    },
    {
      code: "VH-NIC",
      webDescription: "Vape Haven Nicosia (Stasikratous)",
      phone: "+357 22 456 789",
      email: "nicosia@vapehaven.eu",
      workingDays: "Mon-Fri 09:00-19:00",
      weekend: "Sat 10:00-14:00, Sun closed",
      address: "Stasikratous 22, 1065 Nicosia, Cyprus",
      latitude: 35.166,
      longitude: 33.36,
    },
    {
      code: "VH-LCA",
      webDescription: "Vape Haven Larnaca (Ermou)",
      phone: "+357 24 654 321",
      email: "larnaca@vapehaven.eu",
      workingDays: "Mon-Fri 09:30-19:00",
      weekend: "Sat 10:00-13:00, Sun closed",
      address: "Ermou 31, 6022 Larnaca, Cyprus",
      latitude: 34.918,
      longitude: 33.634,
    },
  ],
  shipping: [
    {
      description: "Courier 1-2 working days",
      costCents: 450,
      weightBands: COURIER_CY_BANDS,
      countries: ["CY"],
    },
    {
      description: "Store pickup (Limassol, Nicosia or Larnaca)",
      costCents: 0,
      weightBands: PICKUP_BANDS,
      countries: ["CY"],
    },
    {
      description: "Akis Express next working day",
      costCents: 650,
      weightBands: [
        { upToGrams: 250, costCents: 490 },
        { upToGrams: 1000, costCents: 650 },
        { upToGrams: 5000, costCents: 890 },
      ],
      countries: ["CY"],
    },
    {
      description: "EU courier 3-6 working days",
      costCents: 1290,
      weightBands: [
        { upToGrams: 500, costCents: 990 },
        { upToGrams: 2000, costCents: 1290 },
        { upToGrams: 10_000, costCents: 1990 },
      ],
      countries: MAIN_COUNTRIES.map((c) => c.code).filter((code) => code !== "CY"),
    },
  ],
  reviews: [
    {
      author: "Christina Loizou",
      rating: 5,
      text: "Switched from cigarettes three months ago thanks to the team in the Limassol shop. They spent twenty minutes showing me different pod kits and let me try a few liquids before I bought anything. No pressure at all, just good advice. I went with the Aurora and a 12 mg mango, and I have not touched a cigarette since. Online orders arrive the next day too.",
      time: "2025-03-14T10:22:00Z",
    },
    {
      author: "Marios Hadjipetrou",
      rating: 5,
      text: "Best range of coils on the island and they actually have them in stock.",
      time: "2025-02-02T16:05:00Z",
    },
    {
      author: "Sophie Turner",
      rating: 4,
      text: "Ordered to Germany and the parcel took five working days, which is fair for EU shipping. Everything was well packed and the liquids had no leaks. Would love to see more tobacco flavours in 60 ml.",
      time: "2025-01-19T09:40:00Z",
    },
    {
      author: "Giorgos Evagorou",
      rating: 5,
      text: "Reward points add up quickly. I paid for a new tank entirely with points last month.",
      time: "2024-12-08T18:31:00Z",
    },
    {
      author: "Anna Kyriacou",
      rating: 4,
      text: "Friendly staff in Nicosia and good prices on nic salts. The website could show which shop has stock of each colour, but when I called they checked for me straight away and kept the kit aside until the evening. Pickup was quick.",
      time: "2024-11-23T12:12:00Z",
    },
    {
      author: "Daniel Roberts",
      rating: 3,
      text: "Good products, but my first order was missing a coil pack. They sent it the next day without any fuss.",
      time: "2024-10-30T14:48:00Z",
    },
    {
      author: "Elena Savva",
      rating: 5,
      text: "Honest advice: they talked me out of an expensive mod I did not need and sold me a simple kit that suits me much better. That is why I keep coming back.",
      time: "2024-09-17T08:05:00Z",
    },
  ],
  slides: [
    {
      subtitle: "New in store",
      title1: "Aurora Pod Kit",
      title2: "1000 mAh, adjustable airflow",
      title3: "Four finishes to choose from",
      price: null,
      link: { product: "aurora" },
      display: true,
      items: [
        { kind: "pod", colour: "#212529", family: "aurora" },
        { kind: "pod", colour: "#e8a598", family: "aurora" },
        { kind: "pod", colour: "#1c7ed6", family: "aurora" },
      ],
    },
    {
      subtitle: "E-liquid week",
      title1: "Fruit, dessert",
      title2: "and menthol blends",
      title3: "10 ml bottles from",
      price: ["4", "99"],
      link: { path: "/shop/sidebar/list" },
      display: true,
      items: [
        { kind: "bottle10", colour: "#ffa94d", family: "mango-sunrise" },
        { kind: "bottle60", colour: "#862e9c", family: "wild-bramble" },
        { kind: "salt", colour: "#fcc2d7", family: "lychee-ice" },
      ],
    },
    {
      subtitle: "Build your setup",
      title1: "Tanks & Coils",
      title2: "Mesh, MTL and rebuildables",
      title3: "Coil packs from",
      price: ["9", "99"],
      link: { master: "TC" },
      display: true,
      items: [
        { kind: "tank", colour: "#343a40", family: "crest-tank" },
        { kind: "coil", colour: "#868e96", family: "crest-coils" },
        { kind: "mod", colour: "#5c636a", family: "forge80" },
      ],
    },
    {
      subtitle: "Winter sale",
      title1: "Up to 25% off",
      title2: "selected mod kits",
      title3: "while stocks last",
      price: ["29", "99"],
      link: { path: "/shop/sidebar/list" },
      display: false,
      items: [
        { kind: "mod", colour: "#5c7c3a", family: "forge80" },
        { kind: "podmod", colour: "#c92a2a", family: "pulse" },
        { kind: "battery", colour: "#1971c2", family: "vf-cells" },
      ],
    },
  ],
  priceLists: [{ code: "FRIENDS", name: "Friends & Family", coverage: 0.19, factor: [0.85, 0.92] }],
  catalogue: {
    seed: "main",
    codePrefix: "VH",
    groupPrefix: "vh",
    priceFactor: 1,
    rounding: "retail",
    strengths: [0, 3, 6, 12],
    saltStrengths: [10, 20],
    shortfills: true,
    maxColours: 4,
    skipFamilies: [],
    popupFamily: "aurora",
    outOfStockSibling: "aurora",
    videoCount: 5,
    vatRate: 19,
  },
  copy: {
    aboutTitles: [
      "Vaping, explained by people who vape",
      "Three shops, one team",
      "Why people switch with us",
    ],
    vision:
      "A Cyprus where every adult smoker who wants to quit has an honest, friendly place to find a better alternative, and where vaping is understood rather than feared.",
    mission:
      "We stock only products we have tested ourselves, we give advice before we sell, and we reward loyalty: every order earns points you can spend on your next one.",
    whoWeAre:
      "Vape Haven opened as a small counter on Agiou Andreou in Limassol in 2014. Today we are a team of fourteen across Limassol, Nicosia and Larnaca, plus an online shop that ships across Cyprus and Europe. Most of us are former smokers. We still fill every order by hand in Limassol, and we answer the phone ourselves.",
    contactInfo:
      "Questions about an order, a device or a flavour? Call us, email us or drop by any of our shops. We usually reply to emails within one working day.",
    delivery:
      "Orders placed before 15:00 on a working day leave our Limassol shop the same day. Courier delivery in Cyprus takes 1-2 working days (€4.50), Akis Express delivers the next working day (€6.50) and store pickup is free. EU orders ship with our courier partner in 3-6 working days (€12.90). Delivery is free for orders of €50 or more.",
    returns:
      "You can return unopened products within 14 days of delivery for a full refund. For hygiene reasons, opened e-liquids, coils and pods cannot be returned. Faulty devices are covered by a 6-month warranty: bring them to any shop or contact us for a prepaid return label.",
  },
  customersShowOnPos: true,
};

const CY: DemoStoreDef = {
  id: "cy",
  name: "Cyprus Cloud Co.",
  legalName: "Cyprus Cloud Demo Trading Ltd",
  domains: ["cy.localhost", "cyprus-cloud.com.cy"],
  url: "https://cyprus-cloud.com.cy",
  imgFolder: "cy",
  colours: { primary: "#0e7c86", primaryDark: "#085a61", accent: "#f4a62a" },
  seo: {
    title: "Cyprus Cloud Co. | Island Vape Shop in Larnaca and Paphos",
    description:
      "Pod kits, nic salts, disposables and e-liquids delivered across Cyprus and Greece. Shop online or visit us in Larnaca and Paphos.",
    keywords: "vape Larnaca, vape Paphos, e-liquid Cyprus, disposable vape, nic salt, pod kit Greece",
    pages: pageSeo("Cyprus Cloud Co.", {
      home: [
        "Vape Shop in Cyprus",
        "Island-wide delivery of pod kits, e-liquids and disposables, and shipping to Greece.",
      ],
      about: [
        "Our Story",
        "Two seaside shops in Larnaca and Paphos and a small team that loves good flavour.",
      ],
      contact: [
        "Contact Us",
        "Find our Larnaca and Paphos shops or message us; we reply within a working day.",
      ],
      products: [
        "Shop",
        "Pod kits, disposables, nic salts and e-liquids, with stock you can see before you order.",
      ],
      partner: ["Partner With Us", "Run a kiosk or a beach bar? Ask us about supplying your shop."],
      listing: [
        "All Products",
        "Everything in stock at Cyprus Cloud Co., from starter kits to 60 ml shortfills.",
      ],
    }),
    translations: {
      el: {
        title: "Cyprus Cloud Co. | Κατάστημα ατμίσματος σε Λάρνακα και Πάφο",
        description:
          "Pod kits, nic salts, ηλεκτρονικά τσιγάρα μιας χρήσης και υγρά αναπλήρωσης με παράδοση σε όλη την Κύπρο και την Ελλάδα. Αγοράστε online ή επισκεφθείτε μας σε Λάρνακα και Πάφο.",
        keywords:
          "άτμισμα Λάρνακα, άτμισμα Πάφος, υγρά αναπλήρωσης Κύπρος, ηλεκτρονικό τσιγάρο μιας χρήσης, nic salt, pod kit Ελλάδα",
        pages: pageSeo("Cyprus Cloud Co.", {
          home: [
            "Κατάστημα ατμίσματος στην Κύπρο",
            "Παράδοση pod kits, υγρών και συσκευών μιας χρήσης σε όλο το νησί, και αποστολή στην Ελλάδα.",
          ],
          about: [
            "Η ιστορία μας",
            "Δύο καταστήματα δίπλα στη θάλασσα, σε Λάρνακα και Πάφο, και μια μικρή ομάδα που αγαπά την καλή γεύση.",
          ],
          contact: [
            "Επικοινωνία",
            "Βρείτε τα καταστήματά μας σε Λάρνακα και Πάφο ή στείλτε μας μήνυμα· απαντάμε μέσα σε μία εργάσιμη ημέρα.",
          ],
          products: [
            "Κατάστημα",
            "Pod kits, συσκευές μιας χρήσης, nic salts και υγρά αναπλήρωσης, με απόθεμα που βλέπετε πριν παραγγείλετε.",
          ],
          partner: [
            "Συνεργαστείτε μαζί μας",
            "Έχετε περίπτερο ή beach bar; Ρωτήστε μας για τον εφοδιασμό του καταστήματός σας.",
          ],
          listing: [
            "Όλα τα προϊόντα",
            "Όλα όσα έχει σε απόθεμα η Cyprus Cloud Co., από starter kits μέχρι shortfills των 60 ml.",
          ],
        }),
      },
    },
  },
  countries: CY_GR_COUNTRIES,
  // Cyprus speaks Greek first: its unprefixed pages are Greek, its English is under /en.
  languages: ["el", "en"],
  workingHours: hours("09:00", "19:00", "10:00", "15:00"),
  googlePlaceId: "ChIJdemo-CyprusCloud-Larnaca-02",
  settings: {
    site_url: "https://cyprus-cloud.com.cy",
    telephone: "+357 24 800 900",
    company_name: "Cyprus Cloud Demo Trading Ltd",
    customer_vat_mobile: flag(false),
    order_mobile_show_pos: flag(false),
    free_delivery_total: "40",
    show_master_categories_home: flag(false),
    full_screen_slider: flag(false),
    brand_pictures: flag(true),
    category_pictures: flag(false),
    show_stock: flag(true),
    image_main_path: "/images",
    client_latitude: "34.9125",
    client_longitude: "33.6380",
    show_18: flag(true),
    show_maps: flag(false),
    show_place_order: flag(true),
    show_pay_now: flag(true),
    show_bank_transfer: flag(false),
    show_payment_wallet: flag(false),
    facebook: "https://www.facebook.com/cypruscloudco",
    twitter: "https://x.com/cypruscloudco",
    instagram: "https://www.instagram.com/cypruscloudco",
    youtube: "",
    tiktok: "https://www.tiktok.com/@cypruscloudco",
    show_sign_in: flag(true),
    show_sign_up: flag(true),
    guest_checkout: flag(true),
    // Empty: the home country is the trader identity's (Cyprus), docs/decisions/0060.
    home_country: "",
    withdrawal_days: "14",
    consumer_sales: flag(true),
    // The spec's screens show the ad cube, hot deals, Sale badges and slide prices: the demo keeps
    // them; a real shop starts restricted (core/advertising.ts, docs/decisions/0064).
    restricted_advertising: flag(false),
    restrict_ad_cube: flag(true),
    restrict_hot_deals: flag(true),
    restrict_sale_marks: flag(true),
    restrict_hero_prices: flag(true),
    restrict_newsletter_promo: flag(true),
    email: "hello@cyprus-cloud.com.cy",
    categories_link: "/shop/sidebar/3cols",
    points_percentage: "3",
    session_expire: "30",
    cookie_expire: "10080",
    bank_details: "",
    default_vat_rate: "19",
    map_tiles_url: "",
    allow_test_payments: "0",
    // docs/decisions/0051: the defaults, stored so the settings screen shows them.
    fiscal_retention_years: "10",
    guest_data_retention_days: "1095",
    sign_in_log_retention_days: "90",
    newsletter_pending_retention_days: "14",
    cookie_consent_retention_days: "1095",
  },
  office: {
    phone: "+357 24 800 900",
    email: "hello@cyprus-cloud.com.cy",
    address: "Athinon Avenue 60, 6022 Larnaca, Cyprus",
  },
  warehouses: [
    {
      code: "CC-LCA",
      webDescription: "Cyprus Cloud Larnaca (Finikoudes)",
      phone: "+357 24 800 900",
      email: "larnaca@cyprus-cloud.com.cy",
      workingDays: "Mon-Fri 09:00-19:00",
      weekend: "Sat 10:00-15:00, Sun closed",
      address: "Athinon Avenue 60, 6022 Larnaca, Cyprus",
      latitude: 34.9125,
      longitude: 33.638,
    },
    {
      code: "CC-PAF",
      webDescription: "Cyprus Cloud Paphos (Kato Paphos)",
      phone: "+357 26 900 100",
      email: "paphos@cyprus-cloud.com.cy",
      workingDays: "Mon-Fri 10:00-20:00",
      weekend: "Sat 10:00-15:00, Sun closed",
      address: "Poseidonos Avenue 12, 8042 Paphos, Cyprus",
      latitude: 34.756,
      longitude: 32.414,
    },
  ],
  shipping: [
    {
      description: "Courier 1-2 working days",
      costCents: 350,
      weightBands: COURIER_CY_BANDS,
      countries: ["CY"],
    },
    {
      description: "Store pickup (Larnaca or Paphos)",
      costCents: 0,
      weightBands: PICKUP_BANDS,
      countries: ["CY"],
    },
    {
      description: "Courier to Greece 2-4 working days",
      costCents: 790,
      weightBands: [
        { upToGrams: 500, costCents: 590 },
        { upToGrams: 2000, costCents: 790 },
        { upToGrams: 10_000, costCents: 1290 },
      ],
      countries: ["GR"],
    },
  ],
  reviews: [
    {
      author: "Katerina Nicolaou",
      rating: 5,
      text: "Lovely little shop by the seafront. They helped me pick a disposable that actually tastes like mango, not like perfume.",
      time: "2025-03-02T11:15:00Z",
    },
    {
      author: "Yiannis Pavlides",
      rating: 5,
      text: "Ordered from Thessaloniki on Monday, had it on Thursday. Packed with care and a handwritten thank-you note in the box, which was a nice touch. Prices are better than what I find locally and the nic salts are excellent.",
      time: "2025-02-11T15:30:00Z",
    },
    {
      author: "Rebecca Hall",
      rating: 4,
      text: "On holiday in Paphos and my pod died. The team sorted me out with a replacement kit in ten minutes and even transferred my liquid over. Saved my week.",
      time: "2024-08-21T17:45:00Z",
    },
    {
      author: "Andreas Michael",
      rating: 4,
      text: "Good selection of coils for my tank, fair prices.",
      time: "2025-01-07T09:10:00Z",
    },
    {
      author: "Maria Charalambous",
      rating: 5,
      text: "The staff in Larnaca know their products. I asked a lot of questions about nicotine strengths as a new vaper and got patient, honest answers. I now order online and collect in store on my way home from work, which takes two minutes.",
      time: "2024-12-15T13:05:00Z",
    },
    {
      author: "Petros Antoniou",
      rating: 2,
      text: "The flavour I wanted was out of stock for two weeks. They did let me know by email when it was back, though.",
      time: "2024-11-02T10:00:00Z",
    },
  ],
  slides: [
    {
      subtitle: "Island favourite",
      title1: "Nova Mini Pod",
      title2: "Pocket-sized, big flavour",
      title3: "Mint, coral or graphite",
      price: null,
      link: { product: "nova" },
      display: true,
      items: [
        { kind: "pod", colour: "#63e6be", family: "nova" },
        { kind: "pod", colour: "#ff8787", family: "nova" },
        { kind: "pod", colour: "#495057", family: "nova" },
      ],
    },
    {
      subtitle: "Grab and go",
      title1: "Disposables",
      title2: "Eight flavours, 600 puffs",
      title3: "Each only",
      price: ["6", "99"],
      link: { master: "DS" },
      display: true,
      items: [
        { kind: "disposable", colour: "#f03e3e", family: "nimbora600" },
        { kind: "disposable", colour: "#339af0", family: "nimbora600" },
        { kind: "disposable", colour: "#fcc419", family: "nimbora600" },
      ],
    },
    {
      subtitle: "Delivered to Greece",
      title1: "Nic salts",
      title2: "Smooth at 20 mg",
      title3: "10 ml from",
      price: ["5", "99"],
      link: { path: "/shop/sidebar/list" },
      display: true,
      items: [
        { kind: "salt", colour: "#ffc078", family: "peach-oolong" },
        { kind: "salt", colour: "#7048e8", family: "grape-frost" },
        { kind: "salt", colour: "#51cf66", family: "garden-spearmint" },
      ],
    },
    {
      subtitle: "Coming soon",
      title1: "Summer flavours",
      title2: "Limited editions",
      title3: "Stay tuned",
      price: ["4", "99"],
      link: { path: "/shop/sidebar/list" },
      display: false,
      items: [
        { kind: "bottle10", colour: "#ff6b6b", family: "watermelon-chill" },
        { kind: "bottle60", colour: "#ffa94d", family: "mango-sunrise" },
      ],
    },
  ],
  priceLists: [],
  catalogue: {
    seed: "cy",
    codePrefix: "CC",
    groupPrefix: "cc",
    priceFactor: 0.95,
    rounding: "retail",
    strengths: [3, 6, 12],
    saltStrengths: [20],
    shortfills: true,
    maxColours: 3,
    skipFamilies: [
      "pink-lemonade",
      "cinnamon-churro",
      "honey-burley",
      "vector",
      "pen22",
      "duo200",
      "breeze-rta",
      "forge-coils",
      "glide-pods",
      "vf-quad-charger",
      "fennec-810",
      "fennec-toolkit",
      "orbitek-lanyard",
    ],
    popupFamily: "nova",
    outOfStockSibling: "glide",
    videoCount: 5,
    vatRate: 19,
  },
  copy: {
    aboutTitles: [
      "Born by the sea in Larnaca",
      "Small shops, big flavour",
      "Cyprus and Greece, door to door",
    ],
    vision:
      "To be the friendliest vape shop on the island: the place locals recommend to friends and visitors find on their first day.",
    mission:
      "Carefully chosen kits and liquids, clear advice for new vapers, and quick delivery to every town in Cyprus and Greece.",
    whoWeAre:
      "Cyprus Cloud Co. started in 2018 with a single shop on the Finikoudes promenade in Larnaca. In 2021 we opened our second shop in Kato Paphos, close to the harbour. We are a team of six, and we taste every liquid before it goes on our shelves.",
    contactInfo:
      "Send us a message, call the Larnaca shop, or just come in. We are happy to help you choose, even if you are only browsing.",
    delivery:
      "Courier delivery within Cyprus takes 1-2 working days (€3.50) and pickup from our Larnaca or Paphos shop is free. We ship to mainland Greece and the islands in 2-4 working days (€7.90). Orders of €40 or more travel free.",
    returns:
      "Changed your mind? Return unopened items within 14 days for a refund. Opened e-liquids and disposables cannot be returned for hygiene reasons. Faulty hardware is covered for 6 months: bring it to either shop.",
  },
  customersShowOnPos: false,
};

const WHOLESALE: DemoStoreDef = {
  id: "wholesale",
  name: "Vape Haven Wholesale",
  legalName: "Vape Haven Demo Trading Ltd",
  domains: ["wholesale.localhost", "trade.vapehaven.eu"],
  url: "https://trade.vapehaven.eu",
  imgFolder: "wholesale",
  colours: { primary: "#1f3a5f", primaryDark: "#12243d", accent: "#2fb380" },
  seo: {
    title: "Vape Haven Wholesale | Trade Supplier of E-liquids and Vape Hardware in Cyprus",
    description:
      "Trade prices on e-liquids, pod kits, coils and accessories for registered Cyprus retailers. Next-day delivery and bank transfer terms.",
    keywords: "vape wholesale Cyprus, e-liquid trade, vape distributor, kiosk supplier, coils wholesale",
    pages: pageSeo("Vape Haven Wholesale", {
      home: ["Trade Supplier", "Trade prices and next-day delivery for registered vape retailers in Cyprus."],
      about: [
        "About Our Trade Service",
        "The trade arm of Vape Haven: supplying shops and kiosks across Cyprus since 2017.",
      ],
      contact: ["Contact the Trade Desk", "Call the trade desk or visit the trade counter in Ypsonas."],
      products: ["Trade Catalogue", "Trade prices per unit for registered customers; cartons on request."],
      partner: ["Open a Trade Account", "Apply for a trade account with your company and VAT details."],
      listing: ["Trade Catalogue", "The full trade catalogue: e-liquids, hardware, coils and accessories."],
    }),
  },
  countries: CY_ONLY,
  languages: ["en"],
  workingHours: hours("08:00", "17:00", "09:00", "13:00"),
  googlePlaceId: null,
  settings: {
    site_url: "https://trade.vapehaven.eu",
    telephone: "+357 25 700 800",
    company_name: "Vape Haven Demo Trading Ltd",
    customer_vat_mobile: flag(true),
    order_mobile_show_pos: flag(true),
    free_delivery_total: "300",
    show_master_categories_home: flag(true),
    full_screen_slider: flag(true),
    brand_pictures: flag(true),
    category_pictures: flag(true),
    show_stock: flag(true),
    image_main_path: "/images",
    client_latitude: "34.6880",
    client_longitude: "32.9590",
    show_18: flag(false),
    show_maps: flag(true),
    show_place_order: flag(true),
    show_pay_now: flag(false),
    show_bank_transfer: flag(true),
    show_payment_wallet: flag(false),
    facebook: "https://www.facebook.com/vapehaventrade",
    twitter: "",
    instagram: "",
    youtube: "",
    tiktok: "",
    show_sign_in: flag(true),
    show_sign_up: flag(false),
    guest_checkout: flag(false),
    // Empty: the home country is the trader identity's (Cyprus), docs/decisions/0060.
    home_country: "",
    // Sells to businesses only: no right of withdrawal (docs/decisions/0050).
    withdrawal_days: "14",
    consumer_sales: flag(false),
    // A trade-only shop: Directive 2014/40/EU art. 20(5)(a) excepts publications "intended
    // exclusively for professionals in the trade" (docs/decisions/0064).
    restricted_advertising: flag(false),
    restrict_ad_cube: flag(true),
    restrict_hot_deals: flag(true),
    restrict_sale_marks: flag(true),
    restrict_hero_prices: flag(true),
    restrict_newsletter_promo: flag(true),
    email: "trade@vapehaven.eu",
    categories_link: "/shop/sidebar/3cols",
    points_percentage: "0",
    session_expire: "30",
    cookie_expire: "10080",
    bank_details:
      "Beneficiary: Vape Haven Demo Trading Ltd\nIBAN: CY21 0050 0123 0001 2345 6789 0123\nBIC: DEMOCY2N\nPayment terms: before dispatch unless agreed otherwise. Reference: your order code.",
    default_vat_rate: "19",
    map_tiles_url: "",
    allow_test_payments: "0",
    // docs/decisions/0051: the defaults, stored so the settings screen shows them.
    fiscal_retention_years: "10",
    guest_data_retention_days: "1095",
    sign_in_log_retention_days: "90",
    newsletter_pending_retention_days: "14",
    cookie_consent_retention_days: "1095",
  },
  office: {
    phone: "+357 25 700 800",
    email: "trade@vapehaven.eu",
    address: "Industrial Area Ypsonas, Block B 12, 4188 Ypsonas, Cyprus",
  },
  warehouses: [
    {
      code: "VW-YPS",
      webDescription: "Trade Counter Ypsonas",
      phone: "+357 25 700 800",
      email: "trade@vapehaven.eu",
      workingDays: "Mon-Fri 08:00-17:00",
      weekend: "Sat 09:00-13:00, Sun closed",
      address: "Industrial Area Ypsonas, Block B 12, 4188 Ypsonas, Cyprus",
      latitude: 34.688,
      longitude: 32.959,
    },
    {
      code: "VW-NIC",
      webDescription: "Distribution Centre Nicosia (Strovolos)",
      phone: "+357 22 700 801",
      email: "dispatch@vapehaven.eu",
      workingDays: "Mon-Fri 07:30-16:00",
      weekend: "Closed on weekends",
      address: "Digeni Akrita 9, Strovolos Industrial Area, 2055 Nicosia, Cyprus",
      latitude: 35.132,
      longitude: 33.343,
    },
  ],
  shipping: [
    {
      description: "Trade delivery next working day",
      costCents: 1500,
      weightBands: [
        { upToGrams: 5000, costCents: 900 },
        { upToGrams: 20_000, costCents: 1500 },
        { upToGrams: 30_000, costCents: 2500 },
      ],
      countries: ["CY"],
    },
    { description: "Collect from the Ypsonas trade counter", costCents: 0, countries: ["CY"] },
    {
      description: "Pallet delivery 2-3 working days",
      costCents: 4500,
      weightBands: [{ upToGrams: 500_000, costCents: 4500 }],
      countries: ["CY"],
    },
  ],
  reviews: [],
  slides: [
    {
      subtitle: "Trade exclusive",
      title1: "Aurora Pod Kit",
      title2: "Our best seller",
      title3: "Cartons of 10 available",
      price: null,
      link: { product: "aurora" },
      display: true,
      items: [
        { kind: "pod", colour: "#212529", family: "aurora" },
        { kind: "pod", colour: "#adb5bd", family: "aurora" },
        { kind: "pod", colour: "#e8a598", family: "aurora" },
      ],
    },
    {
      subtitle: "Stock up",
      title1: "E-liquids",
      title2: "Fourteen flavours",
      title3: "Trade price from",
      price: ["3", "10"],
      link: { master: "EL" },
      display: true,
      items: [
        { kind: "bottle10", colour: "#ff6b6b", family: "watermelon-chill" },
        { kind: "bottle60", colour: "#d9a441", family: "caramel-custard" },
        { kind: "bottle10", colour: "#3bc9db", family: "arctic-mint" },
      ],
    },
    {
      subtitle: "Keep your shelves full",
      title1: "Coils and pods",
      title2: "Mixed cases welcome",
      title3: "Packs from",
      price: ["6", "20"],
      link: { master: "TC" },
      display: true,
      items: [
        { kind: "coil", colour: "#868e96", family: "crest-coils" },
        { kind: "cartridge", colour: "#3b5bdb", family: "aurora-pods" },
        { kind: "tank", colour: "#1c7ed6", family: "tidal-tank" },
      ],
    },
    {
      subtitle: "Seasonal",
      title1: "Gift boxes",
      title2: "For the holidays",
      title3: "Pre-order now",
      price: ["12", "50"],
      link: { path: "/shop/sidebar/list" },
      display: false,
      items: [
        { kind: "case", colour: "#495057", family: "kestrelle-case" },
        { kind: "battery", colour: "#1971c2", family: "vf-cells" },
      ],
    },
  ],
  priceLists: [
    { code: "TRADE-A", name: "Trade A", coverage: 0.92, factor: [0.6, 0.68] },
    { code: "TRADE-B", name: "Trade B", coverage: 0.85, factor: [0.67, 0.75] },
  ],
  catalogue: {
    seed: "wholesale",
    codePrefix: "VW",
    groupPrefix: "vw",
    priceFactor: 0.62,
    rounding: "trade",
    strengths: [3, 6, 12],
    saltStrengths: [10, 20],
    shortfills: true,
    maxColours: 3,
    skipFamilies: ["orbitek-lanyard", "kestrelle-case", "fennec-toolkit", "vf-cable"],
    popupFamily: null,
    outOfStockSibling: "forge80",
    videoCount: 5,
    vatRate: 19,
    descSuffix: "Trade price per unit; outer cartons of 10 on request.",
  },
  copy: {
    aboutTitles: ["The trade arm of Vape Haven", "Built for retailers", "Why shops buy from us"],
    vision:
      "Every vape retailer in Cyprus stocked with compliant, well-made products, delivered on time, at a margin that lets them grow.",
    mission:
      "Fair trade prices, honest stock levels, next-day delivery across the island and an account manager who answers the phone.",
    whoWeAre:
      "Vape Haven Wholesale was set up in 2017 to supply the independent shops and kiosks that kept asking where our own shops buy their stock. We now serve more than 120 trade customers from our trade counter in Ypsonas and our distribution centre in Strovolos. Every product we sell is TPD-notified and labelled for the Cyprus market.",
    contactInfo:
      "Trade accounts are opened by our team: call the trade desk or email us with your company name and VAT number. Existing customers can reorder online at any time.",
    delivery:
      "Trade orders confirmed by 14:00 are delivered the next working day anywhere in Cyprus (€15.00). Pallet orders arrive in 2-3 working days (€45.00). Collection from the Ypsonas trade counter is free. Delivery is free for orders of €300 or more.",
    returns:
      "Report damaged or missing items within 48 hours of delivery. Unopened, resaleable stock can be returned within 14 days for credit against your next order. Faulty hardware is replaced under the manufacturer's warranty.",
  },
  customersShowOnPos: true,
};

export const DEMO_STORES: readonly DemoStoreDef[] = [MAIN, CY, WHOLESALE];
