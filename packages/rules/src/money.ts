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
 * How the platform's languages write an amount of manats (what full ICU data says for az, en and ru), spelled out
 * here because a browser need not carry every locale's data: Chromium has none for Azerbaijani and would write
 * "₼ 10.00" where the server wrote "10,00 ₼", so the page and its server rendering would disagree.
 */
const MANAT_FORMATS: Record<string, { group: string; decimal: string; write: (number: string) => string }> = {
  az: { group: '.', decimal: ',', write: (number) => `${number}\u00a0₼` },
  en: { group: ',', decimal: '.', write: (number) => `₼${number}` },
  ru: { group: '\u00a0', decimal: ',', write: (number) => `${number}\u00a0₼` },
};

/**
 * A price (or any amount) in integer qəpik as manats in the language's number format, always with ₼: az, en and
 * ru as MANAT_FORMATS spells them, any other language through Intl (the currency part replaced by the sign, as the
 * locale data of some browsers spells it "AZN").
 */
export function formatManat(qepik: number, language: string): string {
  const exact = exactManats(qepik);
  const known = MANAT_FORMATS[language.toLowerCase().split('-')[0] ?? ''];
  if (known) {
    const negative = exact.startsWith('-');
    const [whole = '0', fraction = '00'] = (negative ? exact.slice(1) : exact).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+$)/g, known.group);
    return `${negative ? '-' : ''}${known.write(`${grouped}${known.decimal}${fraction}`)}`;
  }
  const format = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'AZN',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return format
    .formatToParts(exact)
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
