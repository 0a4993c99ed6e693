// A varied mix of catalogue URLs (issue 26, item 2): real traffic is many different URLs (pages,
// filters, sorts, search terms, product ids, crawlers), not one repeated URL that a per-process
// cache answers. The mix is drawn once per catalogue with a fixed seed, so two runs load the same
// URLs, and autocannon takes them in turn.
import autocannon from "autocannon";
import { type LoadOptions, type LoadSample, type LoadSummary, summarize } from "./load";

/** What the mix is drawn from: read from the storefront's own API. */
export interface MixSource {
  /** Listing cards (the total of an unfiltered listing). */
  cards: number;
  categorySlugs: string[];
  brandIds: number[];
  /** Words of product names, and a few of them misspelt. */
  words: string[];
  productIds: number[];
}

const SORTS = ["default", "featured", "rating", "new", "price-asc", "price-desc"] as const;

/** mulberry32: a small deterministic generator, so every run draws the same URLs. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` URLs: 45% listings (a random page of all cards, or page 1-5 of a category or brand,
 * a random sort), 20% full-text searches of one or two words, 15% typing suggestions (a word,
 * sometimes misspelt), 20% product details. Pages past the end are not drawn.
 */
export function drawMix(src: MixSource, count = 2000, seed = 26): string[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const pages = Math.max(1, Math.ceil(src.cards / 12));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = rnd();
    const sort = pick(SORTS);
    const sortQ = sort === "default" ? "" : `&orderby=${sort}`;
    if (r < 0.2) {
      out.push(`/api/v1/products?page=${1 + Math.floor(rnd() * pages)}&perPage=12${sortQ}`);
    } else if (r < 0.33 && src.categorySlugs.length > 0) {
      out.push(
        `/api/v1/products?category=${encodeURIComponent(pick(src.categorySlugs))}&page=${1 + Math.floor(rnd() * 5)}&perPage=12${sortQ}`,
      );
    } else if (r < 0.45 && src.brandIds.length > 0) {
      out.push(
        `/api/v1/products?brand=${pick(src.brandIds)}&page=${1 + Math.floor(rnd() * 5)}&perPage=12${sortQ}`,
      );
    } else if (r < 0.65 && src.words.length > 0) {
      const term = rnd() < 0.5 ? pick(src.words) : `${pick(src.words)} ${pick(src.words)}`;
      out.push(`/api/v1/products?searchTerm=${encodeURIComponent(term)}&page=1&perPage=12`);
    } else if (r < 0.8 && src.words.length > 0) {
      out.push(`/api/v1/products/suggest?q=${encodeURIComponent(pick(src.words))}`);
    } else if (src.productIds.length > 0) {
      out.push(`/api/v1/products/${pick(src.productIds)}`);
    } else {
      out.push("/api/v1/products?page=1&perPage=12");
    }
  }
  return out;
}

/** Words of product names (4+ letters), and one in five of them with a letter dropped (a typo). */
export function mixWords(names: string[], max = 200): string[] {
  const words = [...new Set(names.flatMap((n) => n.toLowerCase().match(/\p{L}{4,}/gu) ?? []))].slice(0, max);
  return [...words, ...words.filter((_, i) => i % 5 === 0).map((w) => w.slice(0, 2) + w.slice(3))];
}

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  non2xx: number;
}

async function mixOnce(base: string, paths: string[], o: LoadOptions, offset: number): Promise<LoadSample> {
  let next = offset;
  const r = (await autocannon({
    url: base,
    connections: o.connections,
    duration: o.durationS,
    headers: o.headers,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const path = paths[next % paths.length];
          next++;
          return { ...req, path };
        },
      },
    ],
  })) as AutocannonResult;
  return {
    rps: r.duration > 0 ? r.requests.total / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    requests: r.requests.total,
  };
}

/**
 * The mix under load, `repeats` runs, medians. Each run starts further along the list, so a
 * later run does not replay the URLs the previous one just put in the caches.
 */
export async function measureMix(
  base: string,
  paths: string[],
  o: LoadOptions,
  repeats: number,
): Promise<LoadSummary> {
  const runs: LoadSample[] = [];
  for (let i = 0; i < repeats; i++) {
    runs.push(await mixOnce(base, paths, o, Math.floor((i * paths.length) / Math.max(1, repeats))));
  }
  return summarize(o.connections, runs);
}
