// Money is integer cents; display is euros with two decimals and the euro symbol, as en-IE
// writes them ("€1,234.50", "-€5.00"), and on Greek pages as el-GR does ("1.234,50 €").
//
// Formatted by hand rather than with Intl.NumberFormat: the first Intl call in a browser tab loads
// ICU's locale data, 30-110 ms of main thread on the bench machine (four times that in
// Lighthouse's mobile run), and the shared shell made that call while its modules were evaluated
// on every first page load. tests/unit/money.test.ts holds these functions to Intl's output.
import type { Lang } from "./language";

/** "1234567" -> "1,234,567" (Greek: "1.234.567"): the digits of a whole number, grouped in thousands. */
export function groupThousands(whole: number, separator = ","): string {
  const digits = String(whole);
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** Whole cents, and whether the amount is below zero once rounded to a cent. */
function splitCents(cents: number): { negative: boolean; whole: number; fraction: string } {
  const rounded = Math.round(Math.abs(cents));
  return {
    negative: cents < 0 && rounded > 0,
    whole: Math.floor(rounded / 100),
    fraction: String(rounded % 100).padStart(2, "0"),
  };
}

export function formatEuro(cents: number): string {
  const { negative, whole, fraction } = splitCents(cents);
  return `${negative ? "-" : ""}€${groupThousands(whole)}.${fraction}`;
}

/**
 * An amount in the page's language: English as en-IE ("€1,234.50"), Greek as el-GR writes it
 * ("1.234,50 €", a no-break space before the sign).
 */
export function formatMoney(cents: number, lang: Lang): string {
  if (lang === "en") return formatEuro(cents);
  const { negative, whole, fraction } = splitCents(cents);
  return `${negative ? "-" : ""}${groupThousands(whole, ".")},${fraction}\u00a0€`;
}

/** formatDecimal in the page's language ("12,5" in Greek). */
export function formatDecimalIn(cents: number, lang: Lang): string {
  if (lang === "en") return formatDecimal(cents);
  const { negative, whole, fraction } = splitCents(cents);
  const decimals = fraction.endsWith("0") ? fraction.slice(0, 1) : fraction;
  return `${negative ? "-" : ""}${groupThousands(whole, ".")},${decimals}`;
}

/** A euro amount with one or two decimals ("12.5", "12.0", "1,234.56"); no symbol. */
export function formatDecimal(cents: number): string {
  const { negative, whole, fraction } = splitCents(cents);
  const decimals = fraction.endsWith("0") ? fraction.slice(0, 1) : fraction;
  return `${negative ? "-" : ""}${groupThousands(whole)}.${decimals}`;
}

/** An amount for a file a program reads (CSV): "1234.50", "-0.99"; no symbol, no grouping. */
export function centsAsDecimal(cents: number): string {
  const { negative, whole, fraction } = splitCents(cents);
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}
