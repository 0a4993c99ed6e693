// The Greek words of the demo catalogue (catalog-data.ts), keyed by the English record's code or
// family key. Brand, model and flavour names stay in Latin letters, as a Cypriot shop writes
// them; everything else is Greek. catalog-el.ts turns these into product_translations rows and
// throws on a family, category or colour that has no entry here, so a new English record cannot
// ship to the Greek pages untranslated by mistake.

/** master_category_translations.description by master code. */
export const MASTER_CATEGORIES_EL: Record<string, string> = {
  EL: "Υγρά αναπλήρωσης",
  DV: "Συσκευές & κιτ",
  TC: "Ατμοποιητές & αντιστάσεις",
  DS: "Μιας χρήσης",
  AC: "Αξεσουάρ",
};

/** category_translations.description by sub-category code. */
export const SUB_CATEGORIES_EL: Record<string, string> = {
  "EL-FRUIT": "Φρουτώδη υγρά",
  "EL-DESSERT": "Γλυκά & αρτοποιήματα",
  "EL-MENTHOL": "Μέντα & πάγος",
  "EL-TOBACCO": "Γεύσεις καπνού",
  "EL-SALT": "Άλατα νικοτίνης",
  "EL-SHORTFILL": "Shortfills",
  "DV-POD": "Pod kits",
  "DV-MOD": "Mod kits",
  "DV-STARTER": "Κιτ για αρχάριους",
  "TC-SUBOHM": "Ατμοποιητές sub-ohm",
  "TC-MTL": "Ατμοποιητές MTL",
  "TC-COILS": "Ανταλλακτικές αντιστάσεις",
  "TC-PODS": "Ανταλλακτικά pods",
  "DS-DISPO": "Ηλεκτρονικά τσιγάρα μιας χρήσης",
  "DS-PREFILLED": "Προγεμισμένα pods",
  "AC-POWER": "Μπαταρίες & φορτιστές",
  "AC-DRIP": "Επιστόμια (drip tips)",
  "AC-CASES": "Θήκες & κορδόνια",
  "AC-BUILD": "Τύλιγμα αντιστάσεων & βαμβάκι",
};

/** Colour and finish names (colourways, colour options, product_variants colours). */
export const COLOURS_EL: Record<string, string> = {
  "Midnight Black": "Μαύρο",
  "Arctic Silver": "Ασημί",
  "Rose Gold": "Ροζ χρυσό",
  "Ocean Blue": "Μπλε ωκεανού",
  Graphite: "Γραφίτης",
  Mint: "Μέντα",
  Coral: "Κοραλλί",
  Lavender: "Λεβάντα",
  "Black Carbon": "Μαύρο carbon",
  Crimson: "Βυσσινί",
  Emerald: "Σμαραγδί",
  "Stealth Black": "Ματ μαύρο",
  Gunmetal: "Γκρι ατσαλί",
  Cobalt: "Μπλε κοβαλτίου",
  Obsidian: "Μαύρο οψιανού",
  "Pearl White": "Λευκό περλέ",
  "Sunset Orange": "Πορτοκαλί",
  Stainless: "Ανοξείδωτο",
  "Jet Black": "Κατάμαυρο",
  "Sky Blue": "Γαλάζιο",
  Silver: "Ασημί",
  Black: "Μαύρο",
  Rainbow: "Πολύχρωμο",
  "Camo Green": "Πράσινο παραλλαγής",
  Burgundy: "Μπορντό",
  Teal: "Πετρόλ",
  Sand: "Χρώμα άμμου",
  Blue: "Μπλε",
  Charcoal: "Ανθρακί",
  Ivory: "Ιβουάρ",
  Amber: "Κεχριμπαρί",
  Lime: "Λαχανί",
  Orange: "Πορτοκαλί",
  Red: "Κόκκινο",
  Jade: "Πράσινο νεφρίτη",
  Ruby: "Ρουμπινί",
  "Amber Resin": "Ρητίνη κεχριμπαρί",
  "Ocean Resin": "Ρητίνη μπλε ωκεανού",
  "Black Delrin": "Μαύρο Delrin",
};

/** Variant sizes that have words (product_variants sizes and the "Sizes" specification). */
export const SIZES_EL: Record<string, string> = {
  "Straight glass": "Ίσιο γυαλί",
  "Frosted glass": "Ματ γυαλί",
  Short: "Κοντό",
  Long: "Μακρύ",
  Standard: "Κανονικό",
  "Low profile": "Χαμηλό",
};

export interface FamilyEl {
  /** The family's description, in full Greek sentences. */
  desc: string;
  /**
   * The product (or group) name for hardware, with `{brand}` where the brand goes; liquids and
   * salts are named by a rule (catalog-el.ts) and have none.
   */
  name?: string;
}

/** Per family key of catalog-data.ts FAMILIES. */
export const FAMILIES_EL: Record<string, FamilyEl> = {
  // --- E-liquids, freebase ---
  "mango-sunrise": {
    desc: "Ώριμο μάνγκο με μια πινελιά ροζ γκρέιπφρουτ: γλυκό στην εισπνοή, φρέσκο και ζωηρό στο τέλος.",
  },
  "wild-bramble": {
    desc: "Βατόμουρα, μαύρο φραγκοστάφυλο και λίγο σμέουρο, σαν να τα μάζεψες μόλις από τον θάμνο.",
  },
  "blood-orange": {
    desc: "Αφρώδες σαγκουίνι με μια ανθρακούχα νότα σόδας που κάνει κάθε τζούρα δροσιστική.",
  },
  "pink-lemonade": {
    desc: "Λεμονάδα με ζωηρή ξινή νότα, γλυκαμένη με φράουλα και σμέουρο: ένα καλοκαιρινό αγαπημένο για όλο τον χρόνο.",
  },
  "caramel-custard": {
    desc: "Πηχτή κρέμα βανίλιας κάτω από ένα στρώμα σιγοψημένης καραμέλας, πλούσια και βελούδινη χωρίς να βαραίνει.",
  },
  "strawberry-cheesecake": {
    desc: "Κρεμώδες ψημένο cheesecake σε βουτυρένια βάση μπισκότου, με γλυκιά επικάλυψη φράουλας.",
  },
  "hazelnut-latte": {
    desc: "Φρεσκοβγαλμένος espresso, ζεστό αφρόγαλα και σιρόπι καβουρδισμένου φουντουκιού: ο καφές σου σε μπουκάλι.",
  },
  "cinnamon-churro": {
    desc: "Χρυσαφένιο τηγανητό ζυμαράκι κυλισμένο σε κανελοζάχαρη, με μια υποψία ζεστής σοκολάτας για βούτηγμα.",
  },
  "arctic-mint": {
    desc: "Καθαρό, παγωμένο χαρμάνι από μέντα και δυόσμο, με δροσιά που κρατά πολύ μετά την εκπνοή.",
  },
  "watermelon-chill": {
    desc: "Ζουμερές φέτες καρπούζι πάνω σε θρυμματισμένο πάγο, τόσο ελαφρύ που το ατμίζεις όλη μέρα.",
  },
  "blue-raspberry-frost": {
    desc: "Γλυκόξινη καραμέλα μπλε σμέουρου με παγωμένη νότα μενθόλης.",
  },
  "virginia-gold": {
    desc: "Φωτεινό, ελαφρά γλυκό χαρμάνι καπνού Virginia, ιδανικό για καπνιστές που κάνουν τη μετάβαση.",
  },
  "smooth-cavendish": {
    desc: "Ήπιος καπνός Cavendish με νότες βανίλιας και καβουρδισμένων ξηρών καρπών, στρογγυλός και απαλός στον λαιμό.",
  },
  "honey-burley": {
    desc: "Καπνός Burley με νότες ξηρών καρπών, περιχυμένος με μέλι από αγριολούλουδα: ζεστός και παρηγορητικός.",
  },
  // --- E-liquids, nicotine salts ---
  "lychee-ice": {
    desc: "Αρωματικό λίτσι με απαλό παγωμένο τελείωμα, φτιαγμένο για pod kits και αντιστάσεις MTL.",
  },
  "peach-oolong": {
    desc: "Απαλό λευκό ροδάκινο μαζί με ανθώδες τσάι oolong, διακριτικό και φυσικά γλυκό.",
  },
  "cola-lime": {
    desc: "Κλασική cola με μια στάλα φρέσκο λάιμ και αφρώδη φρεσκάδα.",
  },
  "grape-frost": {
    desc: "Σκούρα μωβ σταφύλια παγωμένα ως την καρδιά τους, βαθιά και δροσιστικά.",
  },
  "tobacco-reserve": {
    desc: "Ξηρός, γεμάτος καπνός σε άλατα νικοτίνης, που δίνει ικανοποιητικό χτύπημα στον λαιμό σε χαμηλή ισχύ.",
  },
  "garden-spearmint": {
    desc: "Γλυκός δυόσμος του κήπου, τραγανός και χωρίς περιττά στολίδια.",
  },
  // --- Devices ---
  aurora: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Aurora Pod Kit",
    desc: "Pod kit με μπαταρία 1000 mAh, ρυθμιζόμενη ροή αέρα, ενεργοποίηση με τράβηγμα ή με κουμπί και γρήγορη φόρτιση USB-C.",
  },
  nova: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Nova Mini Pod",
    desc: "Pod τσέπης 650 mAh με επαναγεμιζόμενο pod 2 ml και σφιχτό τράβηγμα MTL, από το στόμα στους πνεύμονες.",
  },
  pulse: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Pulse Pod Kit",
    desc: "Pod mod 40 W με μπαταρία 1500 mAh, ροδέλα ρύθμισης ισχύος και pod 2 ml που δεν στάζει.",
  },
  vector: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Vector Pod Mod Kit",
    desc: "Δέχεται εξωτερική μπαταρία 18650, φτάνει τα 80 W και παίρνει όλη τη σειρά αντιστάσεων Vector.",
  },
  glide: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Glide Pod",
    desc: "Λεπτό pod 900 mAh με απαλό στην αφή φινίρισμα, τρία επίπεδα ισχύος και pod που γεμίζει από πάνω.",
  },
  swift: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Swift Starter Kit",
    desc: "Ό,τι χρειάζεται όποιος ξεκινά τώρα το άτμισμα: μπαταρία τύπου στυλό, ατμοποιητής 2 ml, δύο αντιστάσεις και καλώδιο φόρτισης.",
  },
  pen22: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Pen 22 Starter Kit",
    desc: "Κιτ σε σχήμα σωλήνα με μπαταρία 1800 mAh, ατμοποιητή 2 ml και φωτεινό δαχτυλίδι ένδειξης μπαταρίας.",
  },
  forge80: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Forge 80W Mod Kit",
    desc: "Box mod για μία μπαταρία 18650, με φωτεινή έγχρωμη οθόνη, έλεγχο θερμοκρασίας και ατμοποιητή sub-ohm 2 ml.",
  },
  duo200: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Forge Duo 200W Mod Kit",
    desc: "Ισχύς από δύο μπαταρίες, σασί από κράμα ψευδαργύρου, ατμοποιητής mesh 2 ml και μαγνητικό καπάκι μπαταριών.",
  },
  ember40: {
    name: "Ηλεκτρονικό τσιγάρο {brand} Ember 40W Mini Mod Kit",
    desc: "Μικρό και συμπαγές mod 2000 mAh με ατμοποιητή 2 ml, ιδανικό για το πρώτο βήμα στο άτμισμα DTL, απευθείας στους πνεύμονες.",
  },
  // --- Tanks, coils and pods ---
  "crest-tank": {
    name: "Ατμοποιητής {brand} Crest Sub-Ohm Tank",
    desc: "Ατμοποιητής mesh 25 mm με συρόμενο καπάκι για γέμισμα από πάνω και τριπλή ροή αέρα από κάτω.",
  },
  "tidal-tank": {
    name: "Ατμοποιητής {brand} Tidal Mesh Tank",
    desc: "Πυκνά, γευστικά σύννεφα από αντίσταση διπλού mesh, με ροή αέρα από πάνω που δεν αφήνει διαρροές.",
  },
  "haven-mtl": {
    name: "Ατμοποιητής {brand} Haven MTL Tank",
    desc: "Ατμοποιητής MTL 22 mm με πέντε ρυθμίσεις ροής αέρα, για τράβηγμα που θυμίζει τσιγάρο.",
  },
  "reef-rta": {
    name: "Επανατυλιγόμενος ατμοποιητής {brand} Reef RTA",
    desc: "Επανατυλιγόμενος ατμοποιητής μίας αντίστασης με deck χωρίς κολονάκια, εύκολος στο φυτίλιασμα και γενναιόδωρος στη γεύση.",
  },
  "breeze-rta": {
    name: "Επανατυλιγόμενος ατμοποιητής {brand} Breeze MTL RTA",
    desc: "Ακριβής επανατυλιγόμενος ατμοποιητής MTL με εναλλάξιμα πινάκια ροής αέρα από 0,8 έως 1,5 mm.",
  },
  "crest-coils": {
    name: "Αντιστάσεις {brand} Crest Mesh (5 τεμ.)",
    desc: "Ανταλλακτικές αντιστάσεις mesh για τον ατμοποιητή Crest, με οργανικό βαμβάκι.",
  },
  "haven-coils": {
    name: "Αντιστάσεις {brand} Haven MTL (5 τεμ.)",
    desc: "Αντιστάσεις MTL για τον ατμοποιητή Haven: διάλεξε 1.2 ohm για υγρά freebase και 0.8 ohm για άλατα νικοτίνης.",
  },
  "aurora-coils": {
    name: "Ανταλλακτικές αντιστάσεις {brand} Aurora (5 τεμ.)",
    desc: "Αντιστάσεις που κουμπώνουν με μια απλή πίεση στο Aurora Pod Kit.",
  },
  "tidal-coils": {
    name: "Αντιστάσεις {brand} Tidal Dual Mesh 0.3 ohm (3 τεμ.)",
    desc: "Αντιστάσεις διπλού mesh για 50 έως 70 W, για μεγάλα, ζεστά σύννεφα στον ατμοποιητή Tidal.",
  },
  "forge-coils": {
    name: "Αντιστάσεις {brand} Forge Universal 0.4 ohm (5 τεμ.)",
    desc: "Ταιριάζουν στους ατμοποιητές των κιτ Forge 80W, Forge Duo και Ember.",
  },
  "aurora-pods": {
    name: "Ανταλλακτικά pods {brand} Aurora (2 τεμ.)",
    desc: "Επαναγεμιζόμενα pods 2 ml με γέμισμα από το πλάι και αντίσταση που αλλάζει.",
  },
  "nova-pods": {
    name: "Ανταλλακτικά pods {brand} Nova (3 τεμ.)",
    desc: "Pods με ενσωματωμένη αντίσταση 1.0 ohm, στα μέτρα του Nova Mini.",
  },
  "pulse-pods": {
    name: "Επαναγεμιζόμενα pods {brand} Pulse (2 τεμ.)",
    desc: "Pods 2 ml για το Pulse Pod Kit, συμβατά με όλες τις αντιστάσεις Pulse.",
  },
  "glide-pods": {
    name: "Ανταλλακτικά pods {brand} Glide (2 τεμ.)",
    desc: "Pods με γέμισμα από πάνω και αντίσταση mesh 0.9 ohm για το Glide Pod.",
  },
  // --- Disposables and prefilled pods ---
  nimbora600: {
    name: "Ηλεκτρονικό τσιγάρο μιας χρήσης {brand} 600",
    desc: "Συσκευή μιας χρήσης 2 ml σύμφωνη με την οδηγία TPD, με άλατα νικοτίνης 20 mg/ml, έως 600 τζούρες και χωρίς κουμπιά.",
  },
  "lumen-device": {
    name: "Ηλεκτρονικό τσιγάρο {brand} Starter Device",
    desc: "Συσκευή κλειστού τύπου με μπαταρία 500 mAh, στην οποία κουμπώνει κάθε προγεμισμένο pod Lumenpod.",
  },
  "lumen-pods": {
    name: "Προγεμισμένα pods {brand} (2 τεμ.)",
    desc: "Δύο σφραγισμένα pods 2 ml με άλατα νικοτίνης 20 mg/ml: ούτε ξαναγέμισμα ούτε αλλαγή αντίστασης.",
  },
  // --- Accessories ---
  "vf-cells": {
    name: "Μπαταρία {brand}",
    desc: "Μπαταρίες ιόντων λιθίου υψηλής εκφόρτισης με επίπεδη κορυφή, δοκιμασμένες για άτμισμα. Να τις μεταφέρεις πάντα μέσα σε θήκη.",
  },
  "vf-dual-charger": {
    name: "Φορτιστής δύο θέσεων {brand} Dual Bay",
    desc: "Φορτίζει δύο μπαταρίες με έως 1 A την καθεμία, με προστασία από αντίστροφη πολικότητα και υπερφόρτιση.",
  },
  "vf-quad-charger": {
    name: "Έξυπνος φορτιστής τεσσάρων θέσεων {brand} Quad Bay",
    desc: "Τέσσερις ανεξάρτητες θέσεις, οθόνη κατάστασης για κάθε μπαταρία και τροφοδοσία από θύρα USB-C.",
  },
  "vf-cable": {
    name: "Καλώδιο γρήγορης φόρτισης USB-C {brand} 1 m",
    desc: "Πλεκτό καλώδιο USB-C που αντέχει τη ζωή μέσα στην τσέπη σου.",
  },
  "fennec-510": {
    name: "Επιστόμιο {brand} 510 Drip Tip",
    desc: "Άνετο επιστόμιο 510 με διπλό O-ring, για σταθερή εφαρμογή.",
  },
  "fennec-810": {
    name: "Επιστόμιο {brand} 810 Wide Bore Drip Tip",
    desc: "Επιστόμιο 810 με φαρδιά οπή, που κρατά τα χείλη σου δροσερά στα πολλά watt.",
  },
  "fennec-cotton": {
    name: "Οργανικό βαμβάκι {brand} (20 λωρίδες)",
    desc: "Αλεύκαστο οργανικό βαμβάκι σε έτοιμες κομμένες λωρίδες, για γρήγορο και ομοιόμορφο φυτίλιασμα.",
  },
  "fennec-toolkit": {
    name: "Σετ εργαλείων {brand} Coil Builder",
    desc: "Κεραμικό τσιμπιδάκι, οδηγός τυλίγματος, κοφτάκι σύρματος και κατσαβίδι σε μία θήκη με φερμουάρ.",
  },
  "fennec-sleeve": {
    name: "Θήκες σιλικόνης για μπαταρίες {brand} (2 τεμ.)",
    desc: "Προστατευτικές θήκες σιλικόνης που εμποδίζουν τις λυτές μπαταρίες να βραχυκυκλώσουν μέσα στην τσάντα.",
  },
  "kestrelle-case": {
    name: "Θήκη ταξιδιού {brand}",
    desc: "Θήκη με επένδυση και φερμουάρ, με χώρο για ένα κιτ, δύο μπουκαλάκια και ανταλλακτικές αντιστάσεις.",
  },
  "orbitek-lanyard": {
    name: "Κορδόνι λαιμού {brand}",
    desc: "Κορδόνι σιλικόνης με universal δαχτυλίδι που ταιριάζει στα περισσότερα pods και στυλό.",
  },
};
