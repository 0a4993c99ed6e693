// Page-content records and the terms, privacy and returns pages of a demo store, written from
// its definition so phone numbers, addresses and policies always agree with its settings.
import type { WeekdayHours } from "../control/schema";
import type { DemoStoreDef } from "./stores";
import { guaranteeSectionsFor } from "./trader";

/** Every named page-content position of the spec, in the order the spec lists them. */
export const PAGE_POSITIONS = [
  "top image about",
  "about title 1",
  "about title 2",
  "about title 3",
  "our vision",
  "our mission",
  "who we are",
  "office phone",
  "office address",
  "office email",
  "working hours",
  "working days",
  "weekend",
  "contact info",
  "top image contact",
  "home page categories image",
  "delivery information",
  "returns cancellation policy",
] as const;

export type PagePosition = (typeof PAGE_POSITIONS)[number];

/** Public URLs of the page pictures; images.ts renders them, page_content points at them. */
export const PAGE_IMAGES = {
  "top image about": "/images/pages/about-top.webp",
  "top image contact": "/images/pages/contact-top.webp",
  "home page categories image": "/images/pages/home-categories.webp",
} as const satisfies Partial<Record<PagePosition, string>>;

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function weekdayLine(hours: WeekdayHours[]): string {
  const weekdays = hours.filter((h) => h.day >= 1 && h.day <= 5);
  const first = weekdays[0];
  return first ? `Monday to Friday: ${first.open}-${first.close}` : "Monday to Friday: closed";
}

function weekendLine(hours: WeekdayHours[]): string {
  const sat = hours.find((h) => h.day === 6);
  const sun = hours.find((h) => h.day === 0);
  const part = (name: string, h?: WeekdayHours) => `${name}: ${h ? `${h.open}-${h.close}` : "closed"}`;
  return `${part(DAY_NAMES[6], sat)}, ${part(DAY_NAMES[0], sun)}`;
}

export function pageContentFor(
  store: DemoStoreDef,
): { position: PagePosition; text: string; img: string | null }[] {
  const c = store.copy;
  const texts: Record<PagePosition, string> = {
    "top image about": `The team at ${store.name}`,
    "about title 1": c.aboutTitles[0],
    "about title 2": c.aboutTitles[1],
    "about title 3": c.aboutTitles[2],
    "our vision": c.vision,
    "our mission": c.mission,
    "who we are": c.whoWeAre,
    "office phone": store.office.phone,
    "office address": store.office.address,
    "office email": store.office.email,
    "working hours": `${weekdayLine(store.workingHours)}; ${weekendLine(store.workingHours)}`,
    "working days": weekdayLine(store.workingHours),
    weekend: weekendLine(store.workingHours),
    "contact info": c.contactInfo,
    "top image contact": `Visit ${store.name}`,
    "home page categories image": "",
    "delivery information": c.delivery,
    "returns cancellation policy": c.returns,
  };
  return PAGE_POSITIONS.map((position) => ({
    position,
    text: texts[position],
    img: (PAGE_IMAGES as Partial<Record<PagePosition, string>>)[position] ?? null,
  }));
}

export interface SectionRow {
  page: "terms" | "privacy" | "returns" | "guarantee";
  seq: number;
  title: string;
  bodyHtml: string;
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function paymentMethods(store: DemoStoreDef): string {
  const s = store.settings;
  const on = (v: string) => v === "true";
  const methods = [
    on(s.show_pay_now) && "card (processed by our payment provider; we never see your card number)",
    on(s.show_place_order) && (store.id === "wholesale" ? "cash or cheque on delivery" : "cash on delivery"),
    on(s.show_bank_transfer) && "bank transfer (your order ships once the payment has cleared)",
  ].filter(Boolean);
  return methods.join(", ");
}

export function contentSectionsFor(store: DemoStoreDef): SectionRow[] {
  const name = esc(store.name);
  const legal = esc(store.legalName);
  const email = store.office.email;
  const mail = `<a href="mailto:${email}">${email}</a>`;
  const phone = esc(store.office.phone);
  const address = esc(store.office.address);
  const trade = store.id === "wholesale";
  const points = Number(store.settings.points_percentage);
  const free = store.settings.free_delivery_total;

  const terms: [string, string][] = [
    [
      "Who we are",
      `<p>This website is run by <strong>${legal}</strong>, ${address}. You can reach us at ${mail} or on ${phone}.</p>`,
    ],
    trade
      ? [
          "Trade accounts",
          `<p>Only registered businesses can buy from ${name}. Accounts are opened by our trade desk after we have checked your company registration and VAT number. You are responsible for selling our products in line with Cyprus law, including the ban on sales to anyone under 18.</p>`,
        ]
      : [
          "Adults only",
          `<p>We sell nicotine products to adults only. By placing an order you confirm that you are <strong>at least 18 years old</strong>. We may ask for proof of age on delivery or at pickup and will cancel any order we cannot verify.</p>`,
        ],
    [
      "Prices and payment",
      trade
        ? `<p>Prices are trade prices per unit in euros. Customers with a VAT exemption see net prices; everyone else pays VAT at ${store.catalogue.vatRate}%. Your account may carry its own price list. We accept ${paymentMethods(store)}.</p>`
        : `<p>All prices are in euros and include VAT at ${store.catalogue.vatRate}%. We accept ${paymentMethods(store)}. Delivery is free for orders of €${free} or more.</p>`,
    ],
    [
      "Orders and stock",
      `<p>Your order is accepted when we send the confirmation email. Stock levels on the site are live, but if an item sells out before we pack your order we will contact you and refund that item in full.</p>`,
    ],
    points > 0
      ? [
          "Reward points",
          `<p>Every paid order earns reward points worth ${points}% of the goods total. Points are credited when the order is completed (until then they show as pending in My Account), can be redeemed at checkout and have no cash value.</p>`,
        ]
      : [
          "Credit terms",
          `<p>Credit terms are available to established accounts on request. Overdue invoices suspend online ordering until they are settled.</p>`,
        ],
    [
      "Health warning",
      `<p><strong>This product contains nicotine which is a highly addictive substance.</strong> Keep e-liquids and devices out of reach of children and pets. Vaping products are not recommended for non-smokers or during pregnancy.</p>`,
    ],
  ];

  const privacy: [string, string][] = [
    [
      "What we collect",
      `<p>When you ${trade ? "open a trade account" : "register"} or order, we keep your name, contact details, delivery address and order history. We do not store card numbers: card payments are handled by our payment provider.</p>`,
    ],
    [
      "Why we use it",
      `<p>We use your details to deliver orders, answer your questions, ${points > 0 ? "keep your reward points balance, " : ""}and meet our legal duties such as keeping invoices. We send newsletters only if you asked for them, and every newsletter has an unsubscribe link.</p>`,
    ],
    [
      "Cookies and browser storage",
      `<p>We use one session cookie to keep you signed in and your browser's local storage to remember your cart, wishlist and compare list. We do not use advertising cookies.</p>`,
    ],
    [
      "Who we share it with",
      `<p>Only with the companies that help us serve you: couriers (your name, address and phone) and our payment provider (the amount and your order code). We never sell personal data.</p>`,
    ],
    [
      "Your rights",
      `<p>You can ask for a copy of your data, correct it or ask us to delete it by writing to ${mail}. If you are unhappy with our answer you can complain to the Commissioner for Personal Data Protection in Cyprus.</p>`,
    ],
  ];

  const returns: [string, string][] = trade
    ? [
        [
          "Damaged or missing items",
          `<p>Check every delivery on arrival and report damaged or missing items to ${mail} within <strong>48 hours</strong>, with photos where possible.</p>`,
        ],
        [
          "Returning unsold stock",
          `<p>Unopened, resaleable stock can be returned within 14 days of delivery. We credit your account with the price you paid, minus any delivery cost.</p>`,
        ],
        [
          "Faulty hardware",
          `<p>Faulty devices are replaced under the manufacturer's warranty. Bring them to the Ypsonas trade counter or ask your driver to collect them with your next delivery.</p>`,
        ],
        [
          "Credit notes",
          `<p>Credit notes are issued within five working days of receiving the goods and can be used against any future order.</p>`,
        ],
      ]
    : [
        [
          "Your right to cancel",
          `<p>You can cancel an online order within <strong>14 days</strong> of receiving it without giving a reason. Tell us by email at ${mail} or on ${phone}.</p>`,
        ],
        [
          "What can be returned",
          `<p>Unopened products in their original packaging. For hygiene reasons we cannot take back opened e-liquids, coils, pods or disposables.</p>`,
        ],
        [
          "How to return",
          `<p>Bring the item to any of our shops or post it back to ${address}. Please include your order code so we can match the parcel to your order.</p>`,
        ],
        [
          "Refunds",
          `<p>We refund the goods and the original delivery charge within 14 days of receiving the return, using the payment method you paid with.${points > 0 ? " Reward points earned on returned items are removed." : ""}</p>`,
        ],
        [
          "Faulty products",
          `<p>Devices are covered by a 6-month warranty against manufacturing faults. We will repair, replace or refund a faulty device; batteries damaged by misuse are not covered.</p>`,
        ],
      ];

  const rows = (page: SectionRow["page"], list: [string, string][]): SectionRow[] =>
    list.map(([title, bodyHtml], seq) => ({ page, seq, title, bodyHtml }));
  return [
    ...rows("terms", terms),
    ...rows("privacy", privacy),
    ...rows("returns", returns),
    ...guaranteeSectionsFor(store.office),
  ];
}
