// Mail in the shopper's language (docs/decisions/0035-languages.md) on both drivers: orders,
// accounts and back-in-stock requests record the language of the page they were made on, and
// each shopper's mail is written in it (the catalogue's Mail texts, Greek money, links to the
// Greek pages, <html lang>); an English mail stays word for word what it was; the shop's copy
// of an order stays English.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../core/language";
import { type CheckoutRequest, CheckoutRequestSchema } from "../../core/validation/checkout";
import * as s from "../../db/store/schema";
import { registerCustomer } from "../../services/auth/register";
import { requestPasswordReset } from "../../services/auth/reset";
import { resolveIdentity } from "../../services/auth/social/identities";
import type { StoreContext } from "../../services/context";
import { requestBackInStock } from "../../services/notify";
import { claimGuestOrder, placeOrder } from "../../services/orders";
import { setStock } from "../../services/stock";
import {
  type CheckoutFixture,
  FIXTURE_SETTINGS,
  seedCheckoutFixture,
  storeContextFor,
} from "../helpers/checkout-store";
import { createTestDatabase, driversFor, type TestDb } from "../helpers/databases";

const EURO = "\u00a0€";
const SHOP = "Checkout Test Vapes Ltd";

function request(over: Partial<CheckoutRequest>): CheckoutRequest {
  return CheckoutRequestSchema.parse({ notes: "", redeemPointsCents: 0, paymentMethod: "cod", ...over });
}

let nextIp = 1;
const client = () => ({ ip: `10.37.0.${nextIp++}` });

function registration(email: string, phone: string) {
  return {
    firstName: "Eleni",
    lastName: "Charalambous",
    company: "",
    country: "CY",
    street: "Ledras 10",
    city: "Nicosia",
    postcode: "1011",
    phone,
    email,
    password: "Sunflower-Harbour-42",
    privacy: true,
  };
}

describe.each(driversFor("either"))("mail in the shopper's language on %s", (driver) => {
  let tdb: TestDb<"store">;
  let fx: CheckoutFixture;
  let en: StoreContext;
  let el: StoreContext;

  beforeAll(async () => {
    tdb = await createTestDatabase(driver, "store");
    fx = await seedCheckoutFixture(tdb.handle.db, {
      ...FIXTURE_SETTINGS,
      guest_checkout: "true",
      show_sign_up: "true",
    });
    const base = await storeContextFor(tdb.handle.db);
    // The store speaks English (its default, no prefix) and Greek (/el/...).
    const inLang = (lang: Lang): StoreContext => ({
      ...base,
      config: { ...base.config, languages: ["en", "el"] },
      lang,
    });
    en = inLang("en");
    el = inLang("el");
  });
  afterAll(async () => tdb?.dispose());

  const db = () => tdb.handle.db;
  const mail = async (kind: string, to: string) => {
    const rows = await db()
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, kind), eq(s.outbox.toAddress, to)))
      .orderBy(s.outbox.id);
    const row = rows.at(-1);
    if (!row) throw new Error(`no ${kind} mail to ${to}`);
    return row;
  };
  const orderMail = async (code: string, who: "customer" | "company") => {
    const [row] = await db()
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.dedupeKey, `order:${code}:${who}`));
    if (!row) throw new Error(`no ${who} mail for ${code}`);
    return row;
  };
  const langOfOrder = async (code: string) =>
    (await db().select({ lang: s.orders.lang }).from(s.orders).where(eq(s.orders.code, code)))[0]?.lang;
  const langOfCustomer = async (id: number) =>
    (await db().select({ lang: s.customers.lang }).from(s.customers).where(eq(s.customers.id, id)))[0]?.lang;

  it("records a Greek order's language and confirms it in Greek, with Greek money and /el links; the shop's copy stays English", async () => {
    const placed = await placeOrder(
      el,
      fx.customers.maria,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.courierCy,
        paymentMethod: "bank",
      }),
    );
    expect(await langOfOrder(placed.code)).toBe("el");

    const customer = await orderMail(placed.code, "customer");
    expect(customer.toAddress).toBe("maria@example.com");
    expect(customer.subject).toBe(`Η παραγγελία σας ${placed.code} | ${SHOP}`);
    const lines = customer.text.split("\n");
    expect(lines).toContain(`Η παραγγελία σας ${placed.code}`);
    expect(lines).toContain(
      "Σας ευχαριστούμε για την παραγγελία σας, Maria Georgiou. Την ετοιμάζουμε ήδη και θα σας ενημερώσουμε μόλις αποσταλεί.",
    );
    expect(lines).toContain(`Κωδικός παραγγελίας: ${placed.code}`);
    expect(lines).toContain("Πληρωμή: Τραπεζική μεταφορά");
    expect(lines).toContain(`1 x Mango Ice 10 ml @ 5,00${EURO} = 5,00${EURO}`);
    expect(lines).toContain(`Προϊόντα: 5,00${EURO}`);
    expect(lines).toContain(`Αποστολή (Courier Cyprus): 4,50${EURO}`);
    expect(lines).toContain(`Σύνολο: 9,50${EURO}`);
    expect(lines).toContain("*Συμπεριλαμβάνεται ΦΠΑ");
    expect(lines).toContain("Τραπεζικά στοιχεία για τη μεταφορά σας:");
    expect(lines).toContain(
      `Με αυτή την παραγγελία κερδίζετε 0,25 πόντους επιβράβευσης (0,25${EURO}), που πιστώνονται μόλις ολοκληρωθεί.`,
    );
    expect(lines).toContain("Δείτε τις παραγγελίες σας: https://checkout.test/el/shop/dashboard");
    expect(lines.some((l) => /^Ημερομηνία: \d{1,2}\/\d{1,2}\/\d{4}, \d{2}:\d{2}$/.test(l))).toBe(true);
    expect(customer.text).not.toMatch(/Thank you|Total|€\d/);
    expect(customer.html).toContain('<html lang="el">');
    expect(customer.html).toContain('href="https://checkout.test/el/shop/dashboard"');
    expect(customer.html).toContain(">Προϊόν</th>");
    expect(customer.html).not.toContain('href="https://checkout.test/shop/');

    const company = await orderMail(placed.code, "company");
    expect(company.toAddress).toBe("shop@checkout.test");
    expect(company.subject).toBe(`[${SHOP}] New web order ${placed.code} (€9.50)`);
    expect(company.text).toContain(`A new web order ${placed.code} was placed by Maria Georgiou.`);
    expect(company.text).toContain("Total: €9.50");
    expect(company.html).toContain('<html lang="en">');
  });

  it("keeps an English order's confirmation word for word", async () => {
    const now = new Date("2026-03-01T10:05:00Z");
    const placed = await placeOrder(
      en,
      fx.customers.maria,
      request({ lines: [{ id: fx.products.liquid, qty: 2 }], shippingId: fx.shipping.courierCy }),
      { now },
    );
    expect(await langOfOrder(placed.code)).toBe("en");
    const customer = await orderMail(placed.code, "customer");
    expect(customer.subject).toBe(`Your order ${placed.code} | ${SHOP}`);
    expect(customer.text).toBe(
      [
        SHOP,
        "",
        `Your order ${placed.code}`,
        "",
        "Thank you for your order, Maria Georgiou. We are preparing it now and will let you know when it is on its way.",
        "",
        `Order code: ${placed.code}`,
        "Date: 2026-03-01 10:05",
        "Payment: Cash on delivery",
        "Shipping: Courier Cyprus",
        "Customer: Maria Georgiou",
        "Email: maria@example.com",
        "Phone: 99111222",
        "Address: Main Street 1 3036, Limassol, CY",
        "",
        "2 x Mango Ice 10 ml @ €5.00 = €10.00",
        "",
        "Goods: €10.00",
        "Shipping (Courier Cyprus): €4.50",
        "Total: €14.50",
        "*VAT Included",
        "",
        "This order earns you 0.5 reward points (€0.50), credited once it is completed.",
        "",
        // The right of withdrawal and the model form (Annex I of Directive 2011/83/EU; docs/decisions/0050).
        "RIGHT OF WITHDRAWAL",
        "You have the right to withdraw from this contract within 14 days without giving any reason.",
        "The withdrawal period will expire after 14 days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the goods.",
        "To exercise the right of withdrawal, you must inform us (Checkout Test Vapes Ltd, shop@checkout.test) of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or e-mail). You may use the attached model withdrawal form, but it is not obligatory.",
        "You can also withdraw on our website, on your order's page with “Withdraw from contract here” (https://checkout.test/shop/dashboard). If you use this option, we will communicate to you an acknowledgement of receipt of such a withdrawal on a durable medium (by e-mail) without delay.",
        "To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.",
        "",
        "EFFECTS OF WITHDRAWAL",
        "If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not later than 14 days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.",
        "We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent back the goods, whichever is the earliest.",
        "You shall send back the goods or hand them over to us (Checkout Test Vapes Ltd, shop@checkout.test) without undue delay and in any event not later than 14 days from the day on which you communicate your withdrawal from this contract to us. The deadline is met if you send back the goods before the period of 14 days has expired.",
        "You will have to bear the direct cost of returning the goods.",
        "You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and functioning of the goods.",
        "",
        "Our terms and conditions: https://checkout.test/pages/terms",
        "",
        "MODEL WITHDRAWAL FORM",
        "(complete and return this form only if you wish to withdraw from the contract)",
        "- To Checkout Test Vapes Ltd, shop@checkout.test:",
        "- I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),",
        "____________________________________",
        "- Ordered on (*)/received on (*),",
        "- Name of consumer(s),",
        "- Address of consumer(s),",
        "- Signature of consumer(s) (only if this form is notified on paper),",
        "- Date",
        "(*) Delete as appropriate.",
        "",
        "View your orders: https://checkout.test/shop/dashboard",
        "",
        "--",
        `${SHOP} | +357 22 000000 | shop@checkout.test`,
        "https://checkout.test",
      ].join("\n"),
    );
    expect(customer.html).toContain('<html lang="en">');
    expect(customer.html).toContain(
      '<th align="left" style="padding:6px 8px 6px 0;border-bottom:2px solid #cbd5e1">Product</th>',
    );
    expect(customer.html).not.toContain("/el");
  });

  it("links a Greek guest's order to its signed page in Greek; the account made from it speaks Greek", async () => {
    const placed = await placeOrder(
      el,
      null,
      request({
        lines: [{ id: fx.products.liquid, qty: 1 }],
        shippingId: fx.shipping.greece,
        guest: {
          firstName: "Anna",
          lastName: "Ioannou",
          country: "GR",
          street: "Ermou 5",
          city: "Athens",
          postcode: "10563",
          phone: "6912345678",
          email: "anna.guest@example.gr",
        },
      }),
    );
    expect(await langOfOrder(placed.code)).toBe("el");
    const customer = await orderMail(placed.code, "customer");
    expect(customer.text).toContain(`Δείτε την παραγγελία σας: https://checkout.test/el${placed.orderUrl}`);
    expect(customer.text).toContain(`Σύνολο: 12,90${EURO}`);

    const sig = new URL(placed.orderUrl as string, "http://x").searchParams.get("k") as string;
    const claimed = await claimGuestOrder(
      el,
      placed.code,
      { sig, password: "Sunflower-Harbour-42", privacy: true, firstName: "Anna", postcode: "10563" },
      client(),
    );
    expect(await langOfCustomer(claimed.id)).toBe("el");
    // The guest typed the address: the account made from the order asks its owner to prove it.
    expect((await mail("email-proof", "anna.guest@example.gr")).subject).toBe(
      `Επιβεβαιώστε τη διεύθυνση email σας | ${SHOP}`,
    );
  });

  it("records the page's language on registration and social sign-up, and mails a reset in the customer's language", async () => {
    const greek = await registerCustomer(el, registration("eleni.el@example.com", "99370001"), client());
    const english = await registerCustomer(en, registration("eleni.en@example.com", "99370002"), client());
    expect(await langOfCustomer(greek.id)).toBe("el");
    expect(await langOfCustomer(english.id)).toBe("en");
    // The mail that asks to prove the address is in the language of the page it was made on.
    const proofEl = await mail("email-proof", "eleni.el@example.com");
    expect(proofEl.subject).toBe(`Επιβεβαιώστε τη διεύθυνση email σας | ${SHOP}`);
    expect(proofEl.text).toContain("Γεια σας Eleni,");
    expect(proofEl.text).toMatch(/\/auth\/email\?token=\d+\.\d+\.[\w-]{22}/);
    const proofEn = await mail("email-proof", "eleni.en@example.com");
    expect(proofEn.subject).toBe(`Confirm your email address | ${SHOP}`);
    expect(proofEn.text).toContain("within 7 days to confirm that the address is yours");

    const social = await resolveIdentity(
      el,
      {
        provider: "google",
        subject: "g-37",
        verifiedEmail: "social.el@example.com",
        firstName: "Giorgos",
        lastName: "Pappas",
      },
      { ip: client().ip, sessionHash: "s".repeat(64) },
    );
    expect(social.kind).toBe("signed_in");
    if (social.kind === "signed_in") expect(await langOfCustomer(social.customer.id)).toBe("el");

    // Asked for on an English page: the Greek customer still gets Greek, and the other way round.
    const origin = "https://checkout.test";
    await requestPasswordReset(en, "eleni.el@example.com", { ip: client().ip, origin });
    const reset = await mail("password-reset", "eleni.el@example.com");
    expect(reset.subject).toBe(`Επαναφορά κωδικού πρόσβασης | ${SHOP}`);
    expect(reset.text).toContain("Γεια σας Eleni,");
    expect(reset.text).toContain(
      `Λάβαμε αίτημα επαναφοράς του κωδικού πρόσβασης του λογαριασμού σας στο ${SHOP}. Ο παρακάτω σύνδεσμος ισχύει για 1 ώρα.`,
    );
    expect(reset.text).toMatch(
      /Επαναφορά κωδικού πρόσβασης: https:\/\/checkout\.test\/el\/password-reset\?token=[\w-]+&custid=\d+/,
    );
    expect(reset.html).toContain('<html lang="el">');

    await requestPasswordReset(el, "eleni.en@example.com", { ip: client().ip, origin });
    const englishReset = await mail("password-reset", "eleni.en@example.com");
    expect(englishReset.subject).toBe(`Password reset | ${SHOP}`);
    expect(englishReset.text).toContain(
      `We received a request to reset the password of your ${SHOP} account. The link below is valid for 1 hour.`,
    );
    expect(englishReset.text).toMatch(
      /Reset your password: https:\/\/checkout\.test\/password-reset\?token=[\w-]+&custid=\d+/,
    );
    expect(englishReset.html).toContain('<html lang="en">');
  });

  it("writes back-in-stock in the request's language, naming the product as in that language", async () => {
    const coil = fx.products.coil;
    await db().insert(s.productTranslations).values({ productId: coil, lang: "el", name: "Πηνίο Mesh 0,8" });
    await setStock(en, { productId: coil, qty: 0 });
    expect(await requestBackInStock(el, { productId: coil, email: "waits.el@example.com" })).toBe("stored");
    expect(await requestBackInStock(en, { productId: coil, email: "waits.en@example.com" })).toBe("stored");
    // Asking again from a Greek page: the request is in Greek now.
    expect(await requestBackInStock(en, { productId: coil, email: "switch@example.com" })).toBe("stored");
    expect(await requestBackInStock(el, { productId: coil, email: "switch@example.com" })).toBe("stored");
    const requests = await db()
      .select({ email: s.notifyRequests.email, lang: s.notifyRequests.lang })
      .from(s.notifyRequests)
      .where(eq(s.notifyRequests.productId, coil))
      .orderBy(s.notifyRequests.email);
    expect(requests).toEqual([
      { email: "switch@example.com", lang: "el" },
      { email: "waits.el@example.com", lang: "el" },
      { email: "waits.en@example.com", lang: "en" },
    ]);

    expect(await setStock(en, { productId: coil, qty: 4 })).toEqual({ qty: 4, notified: 3 });
    for (const to of ["waits.el@example.com", "switch@example.com"]) {
      const greek = await mail("back-in-stock", to);
      expect(greek.subject).toBe(`Ξανά διαθέσιμο: Πηνίο Mesh 0,8 | ${SHOP}`);
      expect(greek.text).toContain(
        `Καλά νέα: το προϊόν Πηνίο Mesh 0,8, για το οποίο ζητήσατε να σας ενημερώσουμε, είναι ξανά διαθέσιμο στο ${SHOP}.`,
      );
      expect(greek.text).toContain(`Δείτε το προϊόν: https://checkout.test/el/product/default/${coil}`);
      expect(greek.html).toContain('<html lang="el">');
      expect(greek.html).toContain("<strong>Πηνίο Mesh 0,8</strong>");
    }
    const english = await mail("back-in-stock", "waits.en@example.com");
    expect(english.subject).toBe(`Mesh Coil 0.8 is available again | ${SHOP}`);
    expect(english.text).toContain(
      `Good news: Mesh Coil 0.8, which you asked us to tell you about, is back in stock at ${SHOP}.`,
    );
    expect(english.text).toContain(`View the product: https://checkout.test/product/default/${coil}`);
    expect(english.html).toContain("<strong>Mesh Coil 0.8</strong>");
    expect(english.html).toContain('<html lang="en">');
  });
});
