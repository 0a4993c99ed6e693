// The Greek page texts of the demo stores that speak Greek (main and cy): page_content by
// position, the terms, privacy and returns sections, the hero slides and the shipping methods.
// Keyed by the English record (store id, position, page and seq, slide place, shipping
// description); store-data.ts throws on any English record without its Greek here. The
// wholesale store speaks only English and has none.
import type { WeekdayHours } from "../control/schema";
import type { PagePosition, SectionRow } from "./content";
import type { DemoStoreId } from "./demo-accounts";
import type { DemoStoreDef } from "./stores";
import { guaranteeSectionsElFor } from "./trader";

interface StoreCopyEl {
  /** "top image about": the caption of the team picture. */
  teamCaption: string;
  /** "top image contact". */
  visitCaption: string;
  officeAddress: string;
  aboutTitles: [string, string, string];
  vision: string;
  mission: string;
  whoWeAre: string;
  contactInfo: string;
  delivery: string;
  returns: string;
}

const COPY_EL: Partial<Record<DemoStoreId, StoreCopyEl>> = {
  main: {
    teamCaption: "Η ομάδα του Vape Haven",
    visitCaption: "Ελάτε στο Vape Haven",
    officeAddress: "Αγίου Ανδρέου 145, 3036 Λεμεσός, Κύπρος",
    aboutTitles: [
      "Το άτμισμα, όπως το εξηγούν άνθρωποι που ατμίζουν",
      "Τρία καταστήματα, μία ομάδα",
      "Γιατί όσοι κόβουν το τσιγάρο έρχονται σε εμάς",
    ],
    vision:
      "Μια Κύπρος όπου κάθε ενήλικος καπνιστής που θέλει να κόψει το τσιγάρο βρίσκει ένα τίμιο, φιλικό μέρος για να ανακαλύψει μια καλύτερη εναλλακτική, και όπου το άτμισμα το καταλαβαίνουμε αντί να το φοβόμαστε.",
    mission:
      "Έχουμε στα ράφια μας μόνο προϊόντα που έχουμε δοκιμάσει οι ίδιοι, συμβουλεύουμε πριν πουλήσουμε και ανταμείβουμε όσους μας εμπιστεύονται: κάθε παραγγελία σάς δίνει πόντους που εξαργυρώνετε στην επόμενη.",
    whoWeAre:
      "Το Vape Haven ξεκίνησε το 2014 ως ένας μικρός πάγκος στην Αγίου Ανδρέου, στη Λεμεσό. Σήμερα είμαστε δεκατέσσερα άτομα σε Λεμεσό, Λευκωσία και Λάρνακα, με ηλεκτρονικό κατάστημα που στέλνει σε όλη την Κύπρο και την Ευρώπη. Οι περισσότεροι από εμάς είμαστε πρώην καπνιστές. Ετοιμάζουμε ακόμα κάθε παραγγελία με το χέρι στη Λεμεσό και σηκώνουμε οι ίδιοι το τηλέφωνο.",
    contactInfo:
      "Έχετε κάποια απορία για μια παραγγελία, μια συσκευή ή μια γεύση; Πάρτε μας τηλέφωνο, στείλτε μας email ή περάστε από οποιοδήποτε κατάστημά μας. Στα email απαντάμε συνήθως μέσα σε μία εργάσιμη μέρα.",
    delivery:
      "Οι παραγγελίες που γίνονται πριν από τις 15:00 μιας εργάσιμης μέρας φεύγουν από το κατάστημα της Λεμεσού την ίδια μέρα. Η παράδοση με courier μέσα στην Κύπρο γίνεται σε 1-2 εργάσιμες (4,50 €), η Akis Express παραδίδει την επόμενη εργάσιμη (6,50 €) και η παραλαβή από το κατάστημα είναι δωρεάν. Οι παραγγελίες για την υπόλοιπη ΕΕ φεύγουν με τον συνεργάτη μας courier και φτάνουν σε 3-6 εργάσιμες (12,90 €). Για παραγγελίες από 50 € και πάνω τα μεταφορικά είναι δωρεάν.",
    returns:
      "Μπορείτε να επιστρέψετε κλειστά προϊόντα μέσα σε 14 μέρες από την παράδοση και να πάρετε πίσω όλα τα χρήματά σας. Για λόγους υγιεινής, ανοιγμένα υγρά αναπλήρωσης, αντιστάσεις και pods δεν επιστρέφονται. Οι ελαττωματικές συσκευές καλύπτονται από εγγύηση 6 μηνών: φέρτε τις σε οποιοδήποτε κατάστημά μας ή ζητήστε μας προπληρωμένη ετικέτα επιστροφής.",
  },
  cy: {
    teamCaption: "Η ομάδα της Cyprus Cloud Co.",
    visitCaption: "Ελάτε στην Cyprus Cloud Co.",
    officeAddress: "Λεωφόρος Αθηνών 60, 6022 Λάρνακα, Κύπρος",
    aboutTitles: [
      "Γεννηθήκαμε δίπλα στη θάλασσα, στη Λάρνακα",
      "Μικρά καταστήματα, μεγάλη γεύση",
      "Κύπρος και Ελλάδα, από πόρτα σε πόρτα",
    ],
    vision:
      "Να είμαστε το πιο φιλικό vape shop του νησιού: το μέρος που οι ντόπιοι συστήνουν στους φίλους τους και που οι επισκέπτες βρίσκουν από την πρώτη τους μέρα.",
    mission:
      "Προσεκτικά διαλεγμένα κιτ και υγρά, ξεκάθαρες συμβουλές για όσους τώρα ξεκινούν και γρήγορη παράδοση σε κάθε πόλη της Κύπρου και της Ελλάδας.",
    whoWeAre:
      "Η Cyprus Cloud Co. ξεκίνησε το 2018 με ένα μόνο κατάστημα στον παραλιακό πεζόδρομο των Φοινικούδων, στη Λάρνακα. Το 2021 ανοίξαμε το δεύτερο κατάστημά μας στην Κάτω Πάφο, κοντά στο λιμανάκι. Είμαστε μια ομάδα έξι ατόμων και δοκιμάζουμε κάθε υγρό πριν μπει στα ράφια μας.",
    contactInfo:
      "Στείλτε μας μήνυμα, πάρτε τηλέφωνο στο κατάστημα της Λάρνακας ή απλώς περάστε από κοντά. Θα χαρούμε να σας βοηθήσουμε να διαλέξετε, ακόμα κι αν απλώς ρίχνετε μια ματιά.",
    delivery:
      "Η παράδοση με courier μέσα στην Κύπρο γίνεται σε 1-2 εργάσιμες (3,50 €) και η παραλαβή από το κατάστημά μας στη Λάρνακα ή στην Πάφο είναι δωρεάν. Στέλνουμε στην ηπειρωτική Ελλάδα και στα νησιά σε 2-4 εργάσιμες (7,90 €). Οι παραγγελίες από 40 € και πάνω ταξιδεύουν δωρεάν.",
    returns:
      "Αλλάξατε γνώμη; Επιστρέψτε τα κλειστά προϊόντα μέσα σε 14 μέρες και σας επιστρέφουμε τα χρήματα. Για λόγους υγιεινής, ανοιγμένα υγρά αναπλήρωσης και ηλεκτρονικά τσιγάρα μιας χρήσης δεν επιστρέφονται. Ο ελαττωματικός εξοπλισμός καλύπτεται για 6 μήνες: φέρτε τον σε όποιο από τα δύο καταστήματα σας βολεύει.",
  },
};

function copyOf(store: DemoStoreDef): StoreCopyEl {
  const copy = COPY_EL[store.id];
  if (!copy) throw new Error(`store ${store.id} speaks Greek but has no Greek copy (content-el.ts)`);
  return copy;
}

const DAY_NAMES_EL = ["Κυριακή", "Δευτέρα", "Τρίτη", "Τετάρτη", "Πέμπτη", "Παρασκευή", "Σάββατο"];

function weekdayLineEl(hours: WeekdayHours[]): string {
  const first = hours.find((h) => h.day >= 1 && h.day <= 5);
  return `Δευτέρα έως Παρασκευή: ${first ? `${first.open}-${first.close}` : "κλειστά"}`;
}

function weekendLineEl(hours: WeekdayHours[]): string {
  const part = (day: number) => {
    const h = hours.find((x) => x.day === day);
    return `${DAY_NAMES_EL[day]}: ${h ? `${h.open}-${h.close}` : "κλειστά"}`;
  };
  return `${part(6)}, ${part(0)}`;
}

/** page_content_translations.text for every position, as content.ts pageContentFor has them. */
export function pageContentElFor(store: DemoStoreDef): Record<PagePosition, string> {
  const c = copyOf(store);
  return {
    "top image about": c.teamCaption,
    "about title 1": c.aboutTitles[0],
    "about title 2": c.aboutTitles[1],
    "about title 3": c.aboutTitles[2],
    "our vision": c.vision,
    "our mission": c.mission,
    "who we are": c.whoWeAre,
    // The same number and address in either language: translated, so not marked as English.
    "office phone": store.office.phone,
    "office address": c.officeAddress,
    "office email": store.office.email,
    "working hours": `${weekdayLineEl(store.workingHours)}; ${weekendLineEl(store.workingHours)}`,
    "working days": weekdayLineEl(store.workingHours),
    weekend: weekendLineEl(store.workingHours),
    "contact info": c.contactInfo,
    "top image contact": c.visitCaption,
    "home page categories image": "",
    "delivery information": c.delivery,
    "returns cancellation policy": c.returns,
  };
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function paymentMethodsEl(store: DemoStoreDef): string {
  const s = store.settings;
  const on = (v: string) => v === "true";
  const methods = [
    on(s.show_pay_now) &&
      "κάρτα (η πληρωμή γίνεται μέσω του παρόχου πληρωμών μας· εμείς δεν βλέπουμε ποτέ τον αριθμό της κάρτας σας)",
    on(s.show_place_order) && "αντικαταβολή",
    on(s.show_bank_transfer) &&
      "τραπεζική μεταφορά (η παραγγελία σας αποστέλλεται μόλις εκκαθαριστεί η πληρωμή)",
  ].filter((m): m is string => Boolean(m));
  if (methods.length < 2) return methods.join("");
  return `${methods.slice(0, -1).join(", ")} και ${methods[methods.length - 1]}`;
}

/**
 * The Greek terms, privacy and returns sections of a retail store, in the order and number of
 * content.ts contentSectionsFor (store-data.ts pairs them by page and seq).
 */
export function contentSectionsElFor(store: DemoStoreDef): SectionRow[] {
  if (store.id === "wholesale") throw new Error("the wholesale store has no Greek pages");
  const c = copyOf(store);
  const legal = esc(store.legalName);
  const email = store.office.email;
  const mail = `<a href="mailto:${email}">${email}</a>`;
  const phone = esc(store.office.phone);
  const address = esc(c.officeAddress);
  const points = Number(store.settings.points_percentage);
  const free = store.settings.free_delivery_total;

  const terms: [string, string][] = [
    [
      "Ποιοι είμαστε",
      `<p>Τον ιστότοπο αυτό τον διαχειρίζεται η <strong>${legal}</strong>, ${address}. Μπορείτε να επικοινωνήσετε μαζί μας στο ${mail} ή στο ${phone}.</p>`,
    ],
    [
      "Μόνο για ενήλικες",
      `<p>Πουλάμε προϊόντα νικοτίνης μόνο σε ενήλικες. Κάνοντας μια παραγγελία επιβεβαιώνετε ότι είστε <strong>τουλάχιστον 18 ετών</strong>. Μπορεί να σας ζητήσουμε αποδεικτικό ηλικίας κατά την παράδοση ή την παραλαβή, και ακυρώνουμε κάθε παραγγελία για την οποία δεν μπορούμε να το επιβεβαιώσουμε.</p>`,
    ],
    [
      "Τιμές και πληρωμή",
      `<p>Όλες οι τιμές είναι σε ευρώ και περιλαμβάνουν ΦΠΑ ${store.catalogue.vatRate}%. Δεχόμαστε ${paymentMethodsEl(store)}. Για παραγγελίες από ${free} € και πάνω τα μεταφορικά είναι δωρεάν.</p>`,
    ],
    [
      "Παραγγελίες και απόθεμα",
      `<p>Η παραγγελία σας γίνεται δεκτή όταν σας στείλουμε το email επιβεβαίωσης. Το απόθεμα στον ιστότοπο ενημερώνεται σε πραγματικό χρόνο, αλλά αν κάποιο προϊόν εξαντληθεί πριν ετοιμάσουμε την παραγγελία σας, θα επικοινωνήσουμε μαζί σας και θα σας επιστρέψουμε ολόκληρο το ποσό του.</p>`,
    ],
    points > 0
      ? [
          "Πόντοι επιβράβευσης",
          `<p>Κάθε εξοφλημένη παραγγελία σάς χαρίζει πόντους επιβράβευσης αξίας ${points}% της αξίας των προϊόντων. Οι πόντοι πιστώνονται όταν ολοκληρωθεί η παραγγελία (ως τότε εμφανίζονται ως εκκρεμείς στον λογαριασμό σας), εξαργυρώνονται στο ταμείο και δεν έχουν χρηματική αξία.</p>`,
        ]
      : [
          "Όροι πίστωσης",
          `<p>Οι λογαριασμοί με ιστορικό μπορούν να ζητήσουν όρους πίστωσης. Όσο υπάρχουν ληξιπρόθεσμα τιμολόγια, οι ηλεκτρονικές παραγγελίες αναστέλλονται μέχρι να εξοφληθούν.</p>`,
        ],
    [
      "Προειδοποίηση για την υγεία",
      `<p><strong>Αυτό το προϊόν περιέχει νικοτίνη, μια ουσία που προκαλεί υψηλό εθισμό.</strong> Φυλάσσετε τα υγρά αναπλήρωσης και τις συσκευές μακριά από παιδιά και κατοικίδια. Τα προϊόντα ατμίσματος δεν συνιστώνται σε μη καπνιστές ούτε κατά την εγκυμοσύνη.</p>`,
    ],
  ];

  const privacy: [string, string][] = [
    [
      "Ποια στοιχεία συλλέγουμε",
      `<p>Όταν κάνετε εγγραφή ή παραγγελία, κρατάμε το όνομά σας, τα στοιχεία επικοινωνίας σας, τη διεύθυνση αποστολής και το ιστορικό των παραγγελιών σας. Δεν αποθηκεύουμε αριθμούς καρτών: τις πληρωμές με κάρτα τις διαχειρίζεται ο πάροχος πληρωμών μας.</p>`,
    ],
    [
      "Γιατί τα χρησιμοποιούμε",
      `<p>Χρησιμοποιούμε τα στοιχεία σας για να παραδίδουμε τις παραγγελίες σας, να απαντάμε στις ερωτήσεις σας${points > 0 ? ", να τηρούμε το υπόλοιπο των πόντων επιβράβευσής σας" : ""} και να εκπληρώνουμε τις νόμιμες υποχρεώσεις μας, όπως η φύλαξη των τιμολογίων. Σας στέλνουμε ενημερωτικά δελτία μόνο αν το έχετε ζητήσει, και κάθε δελτίο έχει σύνδεσμο για διαγραφή.</p>`,
    ],
    [
      "Cookies και αποθήκευση στον browser",
      `<p>Χρησιμοποιούμε ένα μόνο cookie συνεδρίας για να παραμένετε συνδεδεμένοι, και τον τοπικό χώρο αποθήκευσης του browser σας για να θυμόμαστε το καλάθι, τη λίστα επιθυμιών και τη λίστα σύγκρισης. Δεν χρησιμοποιούμε διαφημιστικά cookies.</p>`,
    ],
    [
      "Με ποιους τα μοιραζόμαστε",
      `<p>Μόνο με τις εταιρείες που μας βοηθούν να σας εξυπηρετήσουμε: τις εταιρείες courier (όνομα, διεύθυνση και τηλέφωνο) και τον πάροχο πληρωμών μας (το ποσό και τον κωδικό της παραγγελίας σας). Δεν πουλάμε ποτέ προσωπικά δεδομένα.</p>`,
    ],
    [
      "Τα δικαιώματά σας",
      `<p>Μπορείτε να ζητήσετε αντίγραφο των δεδομένων σας, να τα διορθώσετε ή να ζητήσετε να τα διαγράψουμε, γράφοντάς μας στο ${mail}. Αν δεν μείνετε ικανοποιημένοι από την απάντησή μας, μπορείτε να υποβάλετε παράπονο στον Επίτροπο Προστασίας Δεδομένων Προσωπικού Χαρακτήρα της Κύπρου.</p>`,
    ],
  ];

  const returns: [string, string][] = [
    [
      "Το δικαίωμα υπαναχώρησης",
      `<p>Μπορείτε να ακυρώσετε μια ηλεκτρονική παραγγελία μέσα σε <strong>14 μέρες</strong> από την παραλαβή της, χωρίς να δώσετε καμία εξήγηση. Ενημερώστε μας με email στο ${mail} ή στο ${phone}.</p>`,
    ],
    [
      "Τι μπορεί να επιστραφεί",
      `<p>Κλειστά προϊόντα στην αρχική τους συσκευασία. Για λόγους υγιεινής δεν μπορούμε να πάρουμε πίσω ανοιγμένα υγρά αναπλήρωσης, αντιστάσεις, pods ή ηλεκτρονικά τσιγάρα μιας χρήσης.</p>`,
    ],
    [
      "Πώς κάνετε επιστροφή",
      `<p>Φέρτε το προϊόν σε οποιοδήποτε κατάστημά μας ή στείλτε το ταχυδρομικά στη διεύθυνση ${address}. Βάλτε μέσα στο δέμα τον κωδικό της παραγγελίας σας, για να το αντιστοιχίσουμε με την παραγγελία.</p>`,
    ],
    [
      "Επιστροφή χρημάτων",
      `<p>Σας επιστρέφουμε την αξία των προϊόντων και τα αρχικά μεταφορικά μέσα σε 14 μέρες από τη στιγμή που θα παραλάβουμε την επιστροφή, με τον ίδιο τρόπο πληρωμής που χρησιμοποιήσατε.${points > 0 ? " Οι πόντοι επιβράβευσης που κερδίσατε από τα προϊόντα που επιστρέφετε αφαιρούνται." : ""}</p>`,
    ],
    [
      "Ελαττωματικά προϊόντα",
      `<p>Οι συσκευές καλύπτονται από εγγύηση 6 μηνών για κατασκευαστικά ελαττώματα. Μια ελαττωματική συσκευή την επισκευάζουμε, την αντικαθιστούμε ή σας επιστρέφουμε τα χρήματα· οι μπαταρίες που χάλασαν από κακή χρήση δεν καλύπτονται.</p>`,
    ],
  ];

  const rows = (page: SectionRow["page"], list: [string, string][]): SectionRow[] =>
    list.map(([title, bodyHtml], seq) => ({ page, seq, title, bodyHtml }));
  return [
    ...rows("terms", terms),
    ...rows("privacy", privacy),
    ...rows("returns", returns),
    ...guaranteeSectionsElFor(store.office),
  ];
}

export interface SlideEl {
  subtitle: string;
  title1: string;
  title2: string;
  title3: string;
}

/** The hero slides' words, in the order of stores.ts `slides`. */
export const SLIDES_EL: Partial<Record<DemoStoreId, SlideEl[]>> = {
  main: [
    {
      subtitle: "Μόλις ήρθε",
      title1: "Aurora Pod Kit",
      title2: "1000 mAh, ρυθμιζόμενη ροή αέρα",
      title3: "Σε τέσσερα χρώματα",
    },
    {
      subtitle: "Εβδομάδα υγρών αναπλήρωσης",
      title1: "Φρουτώδη, γλυκά",
      title2: "και δροσερά με μέντα",
      title3: "Μπουκάλια 10 ml από",
    },
    {
      subtitle: "Στήσε το δικό σου setup",
      title1: "Ατμοποιητές & αντιστάσεις",
      title2: "Mesh, MTL και επανατυλιγόμενοι",
      title3: "Αντιστάσεις από",
    },
    {
      subtitle: "Χειμερινές εκπτώσεις",
      title1: "Έως -25%",
      title2: "σε επιλεγμένα mod kits",
      title3: "μέχρι εξαντλήσεως",
    },
  ],
  cy: [
    {
      subtitle: "Το αγαπημένο του νησιού",
      title1: "Nova Mini Pod",
      title2: "Μικρό στην τσέπη, μεγάλο στη γεύση",
      title3: "Μέντα, κοραλλί ή γραφίτης",
    },
    {
      subtitle: "Πάρ' το και φύγε",
      title1: "Μιας χρήσης",
      title2: "Οκτώ γεύσεις, 600 τζούρες",
      title3: "Μόνο",
    },
    {
      subtitle: "Αποστολή και στην Ελλάδα",
      title1: "Άλατα νικοτίνης",
      title2: "Απαλά στα 20 mg",
      title3: "10 ml από",
    },
    {
      subtitle: "Έρχονται σύντομα",
      title1: "Καλοκαιρινές γεύσεις",
      title2: "Περιορισμένες εκδόσεις",
      title3: "Μείνετε συντονισμένοι",
    },
  ],
};

/** The slides' button ("Shop Now"). */
export const SLIDE_LINK_TITLE_EL = "Αγοράστε τώρα";

/** shipping_method_translations.description by the English description. */
export const SHIPPING_EL: Record<string, string> = {
  "Courier 1-2 working days": "Courier, 1-2 εργάσιμες",
  "Store pickup (Limassol, Nicosia or Larnaca)": "Παραλαβή από το κατάστημα (Λεμεσός, Λευκωσία ή Λάρνακα)",
  "Akis Express next working day": "Akis Express, την επόμενη εργάσιμη",
  "EU courier 3-6 working days": "Courier για χώρες της ΕΕ, 3-6 εργάσιμες",
  "Store pickup (Larnaca or Paphos)": "Παραλαβή από το κατάστημα (Λάρνακα ή Πάφος)",
  "Courier to Greece 2-4 working days": "Courier για Ελλάδα, 2-4 εργάσιμες",
};
