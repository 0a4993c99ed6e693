// Money is integer cents; display is euros with two decimals and the euro symbol.
const euro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });

export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}
