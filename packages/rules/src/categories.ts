/**
 * The ids of the topics an article is filed under (SPEC.md section 3 names some; the full list is ours), in the
 * order lists show them. The gateway's document states them as an enum and the articles service checks and names
 * them (the names in az, en and ru are served by the articles service).
 */
export const CATEGORY_IDS = [
  'education',
  'tech',
  'programming',
  'science',
  'business',
  'finance',
  'design',
  'media',
  'infrastructure',
  'health',
  'sports',
  'society',
  'culture',
  'history',
  'travel',
  'career',
  'law',
  'environment',
  'psychology',
  'literature',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

const IDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

export function isCategoryId(id: string): id is CategoryId {
  return IDS.has(id);
}
