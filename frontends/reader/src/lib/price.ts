/** A plan's price (in qəpik, 100 = 1 AZN) in manat with the ₼ sign, written the language's way. */
export function formatPlanPrice(qepik: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'AZN',
    currencyDisplay: 'narrowSymbol',
  }).format(qepik / 100);
}
