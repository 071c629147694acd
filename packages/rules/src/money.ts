// Amounts of money: the API and the ledgers count integer qəpik (100 to one manat); people read and type manats, in
// their language's number format, with the manat sign. One formatter for every page and server (the studio's plans
// and income, the reader's plans and paid notice, amounts in e-mails), so an amount reads the same everywhere.

const QEPIK_PER_MANAT = 100;

/**
 * Integer qəpik as the exact decimal text of manats ("-1234.05"), by integer arithmetic only: Intl formats the
 * string as the exact decimal it is, so no amount ever passes through a fractional float.
 */
export function exactManats(qepik: number): `${number}` {
  if (!Number.isSafeInteger(qepik)) throw new RangeError(`not an integer amount of qəpik: ${qepik}`);
  const sign = qepik < 0 ? '-' : '';
  const abs = Math.abs(qepik);
  const fraction = abs % QEPIK_PER_MANAT;
  const whole = (abs - fraction) / QEPIK_PER_MANAT;
  return `${sign}${whole}.${String(fraction).padStart(2, '0')}` as `${number}`;
}

/**
 * A price (or any amount) in integer qəpik as manats in the language's number format (Intl), always with ₼: the locale data of some
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
    .formatToParts(exactManats(qepik))
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
