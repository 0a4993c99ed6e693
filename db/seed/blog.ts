// The demo stores' blog posts: guides a vape shop really publishes, each with a drawn cover,
// tags, the products it talks about and, in the body, pictures of those products (600x600, so
// the sizes are known here; the back office sizes uploads from their files, services/blog-body.ts).
// The retail stores share the shoppers' posts; the wholesale store has its trade posts.
import type { SeedProduct } from "./catalog";
import type { DemoStoreId } from "./demo-accounts";

export const BLOG_COVER_WIDTH = 1200;
export const BLOG_COVER_HEIGHT = 630;
export const blogCoverUrl = (slug: string) => `/images/blog/${slug}.webp`;

export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  author: string;
  /** Days before the seed's reference date (the newest post first). */
  daysAgo: number;
  /** Families the post recommends, in order; their first product shows (when the store sells it). */
  families: string[];
  coverAlt: string;
  /** HTML; `{picture:<family>}` becomes that family's first product picture. */
  body: string;
  /** A draft: only the back office shows it. */
  draft?: boolean;
}

const RETAIL: SeedPost[] = [
  {
    slug: "choosing-your-first-pod-kit",
    title: "Choosing your first pod kit: a plain guide",
    excerpt:
      "Draw or button, refillable or prefilled, how big a battery: what matters when you pick your first pod kit, and what does not.",
    tags: ["guides", "devices"],
    author: "Andreas, shop team",
    daysAgo: 3,
    families: ["aurora", "nova", "glide", "aurora-pods"],
    coverAlt: "Three pod kits side by side on a coloured background",
    body: `<p>Most people who walk into the shop for their first kit ask the same thing: which one is easiest? The honest answer is that any of the pod kits on our shelves will do the job. What decides whether you enjoy it is a handful of details, and they are worth two minutes.</p>
<h2>Draw-activated or a button</h2>
<p>A draw-activated pod fires when you inhale, like a cigarette. There is nothing to learn and nothing to press. A button gives you control over when the coil heats, which some people prefer for a warmer, denser draw.</p>
{picture:aurora}
<h2>Battery: how long is a day?</h2>
<ul><li>Around 800 mAh lasts a light user a full day.</li><li>1,000 mAh and above is for people who vape through the evening.</li><li>USB-C charging takes about 45 minutes on every kit we sell.</li></ul>
<h2>Refillable pods</h2>
<p>Refillable pods cost a fraction of prefilled ones over a month, and you choose the flavour. Change the pod when the taste turns flat, usually after 8 to 12 refills.</p>
<blockquote>Start with a nicotine salt e-liquid at 10 or 20 mg if you are coming from cigarettes: it is smoother at those strengths than freebase.</blockquote>
<p>Not sure? Come by any of our shops and try the kits with a clean mouthpiece before you buy.</p>`,
  },
  {
    slug: "nicotine-salts-or-freebase",
    title: "Nicotine salts or freebase: which e-liquid suits you?",
    excerpt:
      "Salts feel smooth at high strength in small pods; freebase suits bigger clouds at lower strength. Here is how to choose.",
    tags: ["guides", "e-liquids"],
    author: "Maria, shop team",
    daysAgo: 11,
    families: ["lychee-ice", "peach-oolong", "mango-sunrise", "arctic-mint"],
    coverAlt: "E-liquid bottles in fruit colours",
    body: `<p>Both are nicotine; the difference is how it is carried. Nicotine salts are smoother at higher strengths, which makes them the usual choice for small, low-power pod kits. Freebase nicotine hits harder in the throat at the same strength and is made for bigger devices and lower strengths.</p>
<h2>A simple rule</h2>
<ul><li><strong>Pod kit, tight draw:</strong> nicotine salt, 10 or 20 mg/ml.</li><li><strong>Sub-ohm tank, airy draw:</strong> freebase, 3 or 6 mg/ml.</li></ul>
{picture:lychee-ice}
<h2>Flavour</h2>
<p>Salts carry fruit and ice flavours very well; rich desserts and tobaccos often shine in a bigger freebase bottle. Try a 10 ml bottle before you commit to a 60 ml shortfill.</p>
{picture:mango-sunrise}
<p>Every bottle on our shelves is TPD-compliant and sold only to adults.</p>`,
  },
  {
    slug: "make-your-coils-last-longer",
    title: "Five habits that make your coils last longer",
    excerpt:
      "Prime, wait, keep the tank full and clean it now and then: small habits that double how long a coil keeps its taste.",
    tags: ["guides", "coils", "care"],
    author: "Andreas, shop team",
    daysAgo: 24,
    families: ["crest-coils", "haven-coils", "crest-tank"],
    coverAlt: "A tank and a pack of replacement coils",
    body: `<p>A burnt coil is the most common reason for a bad vape, and almost always avoidable. These five habits cost nothing.</p>
<ol><li><strong>Prime every new coil.</strong> A few drops on the exposed cotton, then fill the tank.</li><li><strong>Wait five minutes</strong> before the first puff, so the wick soaks through.</li><li><strong>Start low.</strong> Use the lower end of the wattage printed on the coil for the first day.</li><li><strong>Keep the tank above a quarter.</strong> A dry wick burns in one puff.</li><li><strong>Go easy on sweet liquids.</strong> Heavy sweeteners gunk a coil in days.</li></ol>
{picture:crest-coils}
<h2>When to change it</h2>
<p>When the flavour fades or tastes burnt even with a full tank, it is time. For most people that is every one to two weeks.</p>`,
  },
  {
    slug: "travelling-with-your-vape",
    title: "Travelling with your vape: what to pack",
    excerpt:
      "Batteries in your hand luggage, liquids in a clear bag, a spare pod: a checklist for your next flight.",
    tags: ["travel", "care"],
    author: "Eleni, shop team",
    daysAgo: 40,
    families: ["kestrelle-case", "vf-cells", "vf-cable"],
    coverAlt: "A travel case with a vape kit and spare batteries",
    body: `<p>Flying with a vape is simple once you know the two rules airlines apply everywhere in Europe.</p>
<h2>Batteries travel with you</h2>
<p>Devices and spare batteries go in your hand luggage, never in the hold. Keep spare cells in a case so nothing touches their contacts.</p>
{picture:vf-cells}
<h2>Liquids follow the 100 ml rule</h2>
<ul><li>Bottles of 100 ml or less, in the clear bag with your other liquids.</li><li>Empty the tank or pod before the flight: the pressure change can push liquid out.</li><li>Never vape on board, including in the toilets.</li></ul>
<p>Check the rules of your destination too: a few countries outside the EU restrict e-cigarettes.</p>`,
  },
  {
    slug: "new-this-month-disposables",
    title: "New this month: the Nimbora 600 and the Lumen system",
    excerpt:
      "Two new arrivals: a 600-puff disposable in eight flavours and a prefilled pod system that recharges.",
    tags: ["new arrivals", "devices"],
    author: "Maria, shop team",
    daysAgo: 55,
    families: ["nimbora600", "lumen-device", "lumen-pods"],
    coverAlt: "The new disposable and pod system",
    body: `<p>Two arrivals this month, both made for people who want no fuss at all.</p>
<h2>Nimbora 600</h2>
<p>A compliant 600-puff disposable with a mesh coil, in eight flavours from lychee ice to classic tobacco. Please recycle it in the box at any of our shops.</p>
{picture:nimbora600}
<h2>Lumen</h2>
<p>A rechargeable battery with prefilled, click-in pods. Less waste than a disposable, and the same no-refill convenience.</p>`,
  },
  {
    slug: "cleaning-your-tank",
    title: "How to clean your tank in ten minutes",
    excerpt:
      "Warm water, a dry cloth and a little patience: a clean tank brings back the taste of your favourite liquid.",
    tags: ["care", "guides"],
    author: "Andreas, shop team",
    daysAgo: 72,
    families: ["tidal-tank", "fennec-toolkit", "fennec-cotton"],
    coverAlt: "A tank taken apart for cleaning",
    body: `<p>Changing flavours, or just noticed a ghost of last week's liquid? A clean tank fixes it.</p>
<ol><li>Empty the tank and remove the coil.</li><li>Take the tank apart: drip tip, glass, base.</li><li>Rinse every part in warm (not boiling) water.</li><li>Leave everything to dry on a paper towel, at least a few hours.</li><li>Fit a new or the old coil, prime it and refill.</li></ol>
{picture:tidal-tank}
<p>Never put the battery part in water. A dry cotton bud cleans its contacts.</p>`,
  },
  {
    slug: "summer-flavour-picks",
    title: "Our summer flavour picks",
    excerpt: "Icy, fruity and light: the e-liquids our staff reach for when it is 35 degrees outside.",
    tags: ["e-liquids"],
    author: "Eleni, shop team",
    daysAgo: 2,
    families: ["watermelon-chill", "blue-raspberry-frost", "pink-lemonade"],
    coverAlt: "Fruit-coloured e-liquid bottles",
    body: "<p>A draft for next season's picks.</p>",
    draft: true,
  },
];

const WHOLESALE: SeedPost[] = [
  {
    slug: "ordering-for-your-shop",
    title: "Ordering for your shop: price lists, minimums and delivery",
    excerpt:
      "How trade accounts work: your price list, the minimum order, delivery days and how to reorder in a minute.",
    tags: ["trade", "ordering"],
    author: "Trade desk",
    daysAgo: 5,
    families: ["aurora", "aurora-pods", "crest-coils"],
    coverAlt: "Boxes of pod kits ready for shipping",
    body: `<p>Your account shows your own price list on every page once you sign in. Prices are per unit, VAT shown as your account is set up.</p>
<h2>Delivery</h2>
<ul><li>Orders placed before 14:00 leave the warehouse the same working day.</li><li>Cyprus: next working day. Greece: two to three working days.</li></ul>
{picture:aurora-pods}
<h2>Reordering</h2>
<p>Your dashboard lists every past order. Open one and add its lines to the cart again.</p>`,
  },
  {
    slug: "best-sellers-this-quarter",
    title: "Best sellers this quarter",
    excerpt:
      "What shops reordered most: pod kits, replacement pods and coils lead, with fruit salts close behind.",
    tags: ["trade", "best sellers"],
    author: "Trade desk",
    daysAgo: 30,
    families: ["nova", "nova-pods", "haven-coils", "lychee-ice"],
    coverAlt: "Best-selling pod kits and coils",
    body: `<p>Replacement pods and coils are the steadiest lines: a customer who buys a kit comes back for them every few weeks.</p>
{picture:nova-pods}
<p>Keep a full range of strengths of your two best fruit salts; they turn over fastest.</p>`,
  },
];

export function blogPostsFor(store: DemoStoreId): SeedPost[] {
  return store === "wholesale" ? WHOLESALE : RETAIL;
}

/** The first product of a family, if the store sells that family. */
export function familyProduct(products: readonly SeedProduct[], family: string): SeedProduct | undefined {
  return products.find((p) => p.familyKey === family);
}

/**
 * A post's body (English, or its Greek version from blog-el.ts) with its picture markers replaced
 * (or removed when the store lacks the product); `nameOf` gives the picture's alt and caption.
 */
export function renderSeedBody(
  body: string,
  products: readonly SeedProduct[],
  pictureUrl: (p: SeedProduct) => string,
  nameOf: (p: SeedProduct) => string = (p) => p.name,
) {
  return body.replace(/\{picture:([a-z0-9-]+)\}/g, (_, family: string) => {
    const p = familyProduct(products, family);
    if (!p) return "";
    const alt = nameOf(p).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    return `<figure><img src="${pictureUrl(p)}" alt="${alt}" width="600" height="600" loading="lazy" decoding="async"><figcaption>${alt}</figcaption></figure>`;
  });
}
