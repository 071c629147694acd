// Plan prices: the API counts qəpik (100 to one manat); people read and type manats, in their language's number
// format, with the manat sign.

const QEPIK_PER_MANAT = 100;

/**
 * A price in qəpik as manats in the language's number format (Intl), always with ₼: the locale data of some
 * browsers spells the currency "AZN", so the currency part is replaced by the sign where the locale puts it.
 */
export function formatManat(qepik: number, language: string): string {
  const format = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'AZN',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return format
    .formatToParts(qepik / QEPIK_PER_MANAT)
    .map((part) => (part.type === 'currency' ? '₼' : part.value))
    .join('');
}

/**
 * What a person typed as manats ("12", "12.5", "12,50", with spaces) in qəpik; undefined for an empty field and
 * NaN for text that is not an amount with at most two decimals (the rules' check calls both a problem).
 */
export function parseManat(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f₼]/g, '');
  if (compact === '') return undefined;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * QEPIK_PER_MANAT + Number(fraction.padEnd(2, '0'));
}
