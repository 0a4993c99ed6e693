// The storefront's taxonomy kept per store in this process (services/catalog/taxonomy.ts): the
// menus, master and popular categories, brands and hero slides that every page reads. What is kept
// is really kept (a write nobody announces is not seen), and it is forgotten the moment the store
// changes: a back-office save, an ERP write, a change another instance announces (the change bus
// calls forgetStore), for that store only; a stock change leaves it (it shows no stock).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  brands,
  categories,
  masterCategories,
  productCategories,
  products,
  slides,
} from "../../db/store/schema";
import { forgetStore, stockChanged, storeChanged } from "../../services/cache";
import { createPlatform, type Platform } from "../fixtures/platform";
import { type AdminClient, signedInStaff } from "../helpers/admin";
import { driversFor } from "../helpers/databases";
import { erpClient, giveApiKey } from "../helpers/erp";

const HOST = "alpha.localhost";
const KEY = "alpha-erp-key-taxonomy-cache";

interface Named {
  id: number;
  name: string;
}
interface Shown {
  masters: string[];
  popular: string[];
  menu: string[];
  brands: string[];
  homeBrands: string[];
  slides: string[];
}

describe.each(driversFor("either"))("the storefront's taxonomy kept per store on %s", (driver) => {
  let p: Platform;
  let manager: AdminClient;
  let erp: ReturnType<typeof erpClient>;

  const db = async (store = "alpha") => (await p.registry.storeHandle(store)).db;
  const api = async <T>(path: string, host = HOST) =>
    (await (await p.request(host, `/api/v1${path}`)).json()) as T;

  /** What the public API (the same reads the pages use) shows of one store's taxonomy. */
  const shown = async (host = HOST): Promise<Shown> => {
    const names = (list: Named[]) => list.map((x) => x.name);
    const menu = await api<{ categories: (Named & { subcategories: Named[] })[] }>("/categories/menu", host);
    return {
      masters: names((await api<{ categories: Named[] }>("/categories/master", host)).categories),
      popular: names((await api<{ categories: Named[] }>("/categories/popular", host)).categories),
      menu: menu.categories.flatMap((m) => [m.name, ...m.subcategories.map((s) => s.name)]),
      brands: names((await api<{ brands: Named[] }>("/brands", host)).brands),
      homeBrands: names((await api<{ brands: Named[] }>("/brands?home=true", host)).brands),
      slides: (await api<{ slides: { introTitle1: string | null }[] }>("/slides", host)).slides.map(
        (s) => s.introTitle1 ?? "",
      ),
    };
  };

  beforeAll(async () => {
    p = await createPlatform(driver, { seed: "minimal" });
    await giveApiKey(p, "alpha", KEY);
    erp = erpClient(p, HOST, KEY);
    manager = await signedInStaff(p, HOST, "alpha", { email: "manager@alpha.test", role: "manager" });
    for (const store of ["alpha", "beta"]) {
      const d = await db(store);
      const [master] = await d
        .insert(masterCategories)
        .values({ code: "LIQ", description: `Liquids ${store}`, slug: "liquids" })
        .returning();
      await d.insert(categories).values({
        masterId: master.id,
        code: "FRUIT",
        description: `Fruit ${store}`,
        slug: "fruit",
        popular: true,
      });
      await d.insert(brands).values({ code: "B1", name: `Brand ${store}`, showHome: true });
      await d.insert(slides).values({ imageSrc: "/images/slides/a.webp", introTitle1: `Slide ${store}` });
    }
    forgetStore("store", undefined);
  });
  afterAll(async () => p?.dispose());

  const renameAllDirectly = async (store: string, to: string) => {
    const d = await db(store);
    await d
      .update(masterCategories)
      .set({ description: `Liquids ${to}` })
      .where(eq(masterCategories.code, "LIQ"));
    await d
      .update(categories)
      .set({ description: `Fruit ${to}` })
      .where(eq(categories.code, "FRUIT"));
    await d
      .update(brands)
      .set({ name: `Brand ${to}` })
      .where(eq(brands.code, "B1"));
    await d.update(slides).set({ introTitle1: `Slide ${to}` });
  };
  const everywhere = (word: string): Shown => ({
    masters: [`Liquids ${word}`],
    popular: [`Fruit ${word}`],
    menu: [`Liquids ${word}`, `Fruit ${word}`],
    brands: [`Brand ${word}`],
    homeBrands: [`Brand ${word}`],
    slides: [`Slide ${word}`],
  });

  it("keeps what it read, per store, until that store changes; a stock change leaves it", async () => {
    expect(await shown()).toEqual(everywhere("alpha"));
    expect(await shown("beta.localhost")).toEqual(everywhere("beta"));

    // Written behind the storefront's back, announced to nobody: the kept lists are served.
    await renameAllDirectly("alpha", "quiet");
    await renameAllDirectly("beta", "quiet");
    expect(await shown()).toEqual(everywhere("alpha"));
    // Orders change stock all day; the taxonomy shows none.
    stockChanged("alpha");
    expect(await shown()).toEqual(everywhere("alpha"));

    // This process announces a change of alpha: alpha's lists are read again, beta's are kept.
    storeChanged("alpha");
    expect(await shown()).toEqual(everywhere("quiet"));
    expect(await shown("beta.localhost")).toEqual(everywhere("beta"));

    // Another instance's change of beta, as the change bus hands it over.
    forgetStore("store", "beta");
    expect(await shown("beta.localhost")).toEqual(everywhere("quiet"));
  });

  it("shows a back-office save at once", async () => {
    expect((await shown()).brands).toEqual(["Brand quiet"]);
    const [brand] = await (await db()).select().from(brands).where(eq(brands.code, "B1"));
    const current = await manager.req<Record<string, unknown>>("GET", `/taxonomy/brands/${brand.id}`);
    expect(current.status, current.text).toBe(200);
    const renamed = await manager.req("PUT", `/taxonomy/brands/${brand.id}`, {
      ...current.json,
      name: "Brand saved",
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await shown()).brands).toEqual(["Brand saved"]);
    expect((await shown()).homeBrands).toEqual(["Brand saved"]);

    const slide = await manager.req("POST", "/content/slides", {
      imageSrc: "/images/slides/b.webp",
      introTitle1: "Slide saved",
      seq: 1,
    });
    expect(slide.status, slide.text).toBe(201);
    expect((await shown()).slides).toEqual(["Slide quiet", "Slide saved"]);
  });

  it("shows an ERP write at once", async () => {
    const group = await erp("PUT", "/category-groups/LIQ", { description: "Liquids from the ERP" });
    expect(group.status).toBe(200);
    const sub = await erp("PUT", "/categories/FRUIT", {
      description: "Fruit from the ERP",
      groupCode: "LIQ",
    });
    expect(sub.status).toBe(200);
    const brand = await erp("PUT", "/brands/B1", { name: "Brand from the ERP" });
    expect(brand.status).toBe(200);
    const now = await shown();
    expect(now.masters).toEqual(["Liquids from the ERP"]);
    expect(now.popular).toEqual(["Fruit from the ERP"]);
    expect(now.menu).toEqual(["Liquids from the ERP", "Fruit from the ERP"]);
    expect(now.brands).toEqual(["Brand from the ERP"]);
  });
  it("finds a category's listing by the slug it has: an old slug names nothing once the change is announced", async () => {
    const d = await db();
    const [fruit] = await d.select().from(categories).where(eq(categories.code, "FRUIT"));
    const [product] = await d.select().from(products).limit(1);
    await d.insert(productCategories).values({ productId: product.id, categoryId: fruit.id, seq: 0 });
    storeChanged("alpha");
    const total = async (slug: string) =>
      (await api<{ total: number }>(`/products?subcategory=${slug}`)).total;
    expect(await total(fruit.slug)).toBe(1);
    await d.update(categories).set({ slug: "berries" }).where(eq(categories.id, fruit.id));
    storeChanged("alpha");
    expect(await total(fruit.slug)).toBe(0);
    expect(await total("berries")).toBe(1);
  });
});
