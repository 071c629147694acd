// Pure helpers of the uploads log page (/settings/uploads).

export type SizeUnit = 'b' | 'kb' | 'mb';

/**
 * A file size as the page writes it: bytes below 1 KB, then KB and MB (1024-based), one decimal below 100, none from
 * 100 up; a comma before the decimal in az and ru, a point in en (the unit's word comes from the catalogue).
 */
export function formatSize(bytes: number, language: string): { value: string; unit: SizeUnit } {
  const [amount, unit]: [number, SizeUnit] =
    bytes < 1024 ? [bytes, 'b'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kb'] : [bytes / (1024 * 1024), 'mb'];
  const digits = unit === 'b' || amount >= 100 ? 0 : 1;
  const text = (Math.round(amount * 10 ** digits) / 10 ** digits).toFixed(digits);
  return { value: language === 'en' ? text : text.replace('.', ','), unit };
}

/** Where a use of an image opens: a draft in the editor, an article on its page. */
export function hrefOfUse(use: { kind: 'draft' | 'article'; id: string }): string {
  return use.kind === 'draft' ? `/write/${encodeURIComponent(use.id)}` : `/a/${encodeURIComponent(use.id)}`;
}
