// A weight as shoppers and staff read it. Its own module, free of zod: every page's first load
// formats weights (app/lib/localized.tsx), and core/shipping-weight.ts's schemas would bring zod with it.

/** "750 g", "1.25 kg" ("1,25 kg" in Greek): a weight as shoppers and staff read it (no Intl: first loads). */
export function formatGrams(grams: number, lang = "en"): string {
  const g = Math.max(0, Math.round(grams));
  if (g < 1000) return `${g} g`;
  const kg = (Math.round(g / 10) / 100).toFixed(2).replace(/\.?0+$/, "");
  return `${lang === "en" ? kg : kg.replace(".", ",")} kg`;
}
