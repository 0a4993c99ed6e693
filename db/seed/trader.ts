// The demo stores' trader identities and their legal-guarantee page (docs/decisions/0049):
// fictitious companies, marked as demo in their names, with numbers in the right shape (a Cyprus
// VAT number is CY, eight digits and a letter) that belong to no one.
import { TRADER_SETTING_KEY } from "../../core/trader";
import { type TraderIdentity, TraderIdentitySchema } from "../../core/trader-schema";
import type { SectionRow } from "./content";

const CY_REGISTER = "Department of Registrar of Companies and Intellectual Property, Cyprus";

const DEMO_TRADERS: Record<string, TraderIdentity> = {
  main: {
    legalName: "Vape Haven Demo Ltd",
    addressLine1: "Agiou Andreou 145",
    addressLine2: "",
    postcode: "3036",
    city: "Limassol",
    country: "CY",
    email: "info@vapehaven.eu",
    phone: "+357 25 123 456",
    vatNumber: "CY99000001D",
    registrationNumber: "HE 999001",
    registerName: CY_REGISTER,
  },
  cy: {
    legalName: "Cyprus Cloud Demo Trading Ltd",
    addressLine1: "Athinon Avenue 60",
    addressLine2: "",
    postcode: "6022",
    city: "Larnaca",
    country: "CY",
    email: "hello@cyprus-cloud.com.cy",
    phone: "+357 24 800 900",
    vatNumber: "CY99000002B",
    registrationNumber: "HE 999002",
    registerName: CY_REGISTER,
  },
  wholesale: {
    legalName: "Vape Haven Demo Trading Ltd",
    addressLine1: "Industrial Area Ypsonas",
    addressLine2: "Block B 12",
    postcode: "4188",
    city: "Ypsonas",
    country: "CY",
    email: "trade@vapehaven.eu",
    phone: "+357 25 700 800",
    vatNumber: "CY99000003K",
    registrationNumber: "HE 999003",
    registerName: CY_REGISTER,
  },
};

/** The settings row of a demo store's identity, checked by the schema the back office saves with. */
export function traderSettingFor(storeId: string): { key: string; value: string } {
  const identity = TraderIdentitySchema.parse(DEMO_TRADERS[storeId]);
  return { key: TRADER_SETTING_KEY, value: JSON.stringify(identity) };
}

const q = (text: string) => `<blockquote><p>“${text}”</p></blockquote>`;

/**
 * The legal-guarantee page: the reminder Directive 2011/83/EU art. 6(1)(m) asks for, with the
 * rules of Directive (EU) 2019/771 quoted from its English text (EUR-Lex, CELEX 32019L0771).
 */
export function guaranteeSectionsFor(contact: { email: string; phone: string }): SectionRow[] {
  const mail = `<a href="mailto:${contact.email}">${contact.email}</a>`;
  const list: [string, string][] = [
    [
      "Your legal guarantee",
      `<p>Every product we sell to a consumer is covered by the legal guarantee of conformity of Directive (EU) 2019/771 on contracts for the sale of goods, as the law of your country transposes it. It is free, it is the law, and no commercial warranty we offer replaces or shortens it.</p>`,
    ],
    [
      "Two years from delivery",
      `<p>Article 10(1) of the Directive:</p>${q("The seller shall be liable to the consumer for any lack of conformity which exists at the time when the goods were delivered and which becomes apparent within two years of that time.")}`,
    ],
    [
      "Faults that show in the first year",
      `<p>Article 11(1):</p>${q("Any lack of conformity which becomes apparent within one year of the time when the goods were delivered shall be presumed to have existed at the time when the goods were delivered, unless proved otherwise or unless this presumption is incompatible with the nature of the goods or with the nature of the lack of conformity.")}`,
    ],
    [
      "What you can ask for",
      `<p>Article 13(1):</p>${q("In the event of a lack of conformity, the consumer shall be entitled to have the goods brought into conformity or to receive a proportionate reduction in the price, or to terminate the contract, under the conditions set out in this Article.")}<p>Article 14(1): repair or replacement “shall be carried out: (a) free of charge; (b) within a reasonable period of time from the moment the seller has been informed by the consumer about the lack of conformity; and (c) without any significant inconvenience to the consumer”.</p>`,
    ],
    [
      "Repair or replacement: your choice, and 12 more months after a repair",
      `<p>You choose whether the goods are repaired or replaced, unless the one you choose is impossible or would cost us disproportionately more than the other (Article 13(2)). Since 31 July 2026, Directive (EU) 2024/1799 (the “right to repair” Directive) adds to Directive 2019/771, for goods bought from that day:</p><ul><li>where the goods are brought into conformity by repair, our liability period is extended once by 12 months (Article 10(2a));</li><li>Article 13(2a):${q("Before the seller provides the remedy to bring the goods into conformity, the seller shall inform the consumer about the consumer's right to choose between repair and replacement, as well as about the possible extension of the liability period, provided for in Article 10(2a).")}</li></ul><p>So when you tell us about a fault, we say both before we repair or replace anything. Your country's law may give a longer period instead (Article 10(5a)).</p>`,
    ],
    [
      "How to tell us",
      `<p>Write to ${mail} or call ${contact.phone} with your order code and what is wrong. The trader's name and address are at the foot of every page.</p>`,
    ],
  ];
  return list.map(([title, bodyHtml], seq) => ({ page: "guarantee", seq, title, bodyHtml }));
}

/**
 * The Greek page, in the same order. Article 10(1) is quoted from Cyprus' transposition (Law
 * 154(I)/2021 art. 10(1), cylaw.org); the other articles are a plain Greek rendering that names
 * each article and says so (the Directive's Greek version was not reachable with the search tool;
 * a shop's adviser may put the national transposition's words here). docs/decisions/0049.
 */
export function guaranteeSectionsElFor(contact: { email: string; phone: string }): SectionRow[] {
  const mail = `<a href="mailto:${contact.email}">${contact.email}</a>`;
  const list: [string, string][] = [
    [
      "Η νόμιμη εγγύησή σας",
      `<p>Κάθε προϊόν που πουλάμε σε καταναλωτή καλύπτεται από τη νόμιμη εγγύηση συμμόρφωσης της Οδηγίας (ΕΕ) 2019/771 για τις συμβάσεις πώλησης αγαθών, όπως την ενσωματώνει το δίκαιο της χώρας σας. Είναι δωρεάν, την ορίζει ο νόμος, και καμία εμπορική εγγύηση που προσφέρουμε δεν την αντικαθιστά ούτε τη συντομεύει.</p>`,
    ],
    [
      "Δύο χρόνια από την παράδοση",
      `<p>Στην Κύπρο, ο περί Ορισμένων Πτυχών των Συμβάσεων Πώλησης Αγαθών Νόμος 154(Ι)/2021, που ενσωματώνει την Οδηγία, ορίζει στο άρθρο 10(1):</p>${q("ο πωλητής ευθύνεται έναντι του καταναλωτή για κάθε έλλειψη συμμόρφωσης, η οποία υφίσταται κατά το χρόνο παράδοσης των αγαθών και η οποία διαπιστώνεται εντός δύο (2) ετών από την ημερομηνία παράδοσης")}<p>Το ίδιο ορίζει το άρθρο 10 παράγραφος 1 της Οδηγίας.</p>`,
    ],
    [
      "Ελαττώματα που εμφανίζονται τον πρώτο χρόνο",
      `<p>Άρθρο 11 παράγραφος 1, σε απλή απόδοση: κάθε έλλειψη συμμόρφωσης που γίνεται εμφανής μέσα σε έναν χρόνο από την παράδοση τεκμαίρεται ότι υπήρχε ήδη κατά την παράδοση, εκτός αν αποδειχθεί το αντίθετο ή αν το τεκμήριο δεν συμβιβάζεται με τη φύση των αγαθών ή της έλλειψης συμμόρφωσης.</p>`,
    ],
    [
      "Τι μπορείτε να ζητήσετε",
      `<p>Άρθρο 13 παράγραφος 1, σε απλή απόδοση: σε περίπτωση έλλειψης συμμόρφωσης, ο καταναλωτής δικαιούται να ζητήσει να καταστούν τα αγαθά σύμφωνα με τη σύμβαση, ή αναλογική μείωση της τιμής, ή να λύσει τη σύμβαση, υπό τους όρους του άρθρου αυτού. Άρθρο 14 παράγραφος 1: η επισκευή ή η αντικατάσταση γίνεται δωρεάν, σε εύλογο χρόνο από τότε που ο καταναλωτής ενημέρωσε τον πωλητή, και χωρίς σημαντική ταλαιπωρία για τον καταναλωτή.</p>`,
    ],
    [
      "Επισκευή ή αντικατάσταση: επιλέγετε εσείς, και 12 μήνες ακόμη μετά από επισκευή",
      `<p>Επιλέγετε εσείς αν τα αγαθά θα επισκευαστούν ή θα αντικατασταθούν, εκτός αν αυτό που επιλέγετε είναι αδύνατο ή θα μας κόστιζε δυσανάλογα περισσότερο από το άλλο (άρθρο 13 παράγραφος 2). Από τις 31 Ιουλίου 2026 η Οδηγία (ΕΕ) 2024/1799 («δικαίωμα επισκευής») προσθέτει στην Οδηγία 2019/771, για αγαθά που αγοράστηκαν από εκείνη την ημέρα, σε απλή απόδοση:</p><ul><li>όταν τα αγαθά καθίστανται σύμφωνα με τη σύμβαση με επισκευή, η περίοδος ευθύνης μας παρατείνεται μία φορά κατά 12 μήνες (άρθρο 10 παράγραφος 2α)·</li><li>πριν επισκευάσουμε ή αντικαταστήσουμε οτιδήποτε, σας ενημερώνουμε για το δικαίωμά σας να επιλέξετε μεταξύ επισκευής και αντικατάστασης και για την πιθανή παράταση της περιόδου ευθύνης (άρθρο 13 παράγραφος 2α).</li></ul><p>Το δίκαιο της χώρας σας μπορεί να δίνει αντί γι’ αυτό μεγαλύτερη περίοδο (άρθρο 10 παράγραφος 5α).</p>`,
    ],
    [
      "Πώς θα μας ενημερώσετε",
      `<p>Γράψτε στο ${mail} ή καλέστε στο ${contact.phone} με τον κωδικό της παραγγελίας σας και το πρόβλημα. Η επωνυμία και η διεύθυνση του εμπόρου βρίσκονται στο κάτω μέρος κάθε σελίδας.</p>`,
    ],
  ];
  return list.map(([title, bodyHtml], seq) => ({ page: "guarantee", seq, title, bodyHtml }));
}
