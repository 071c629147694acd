// The rule every catalogue keeps, for each frontend's own test: az and ru have exactly the English keys, each a
// non-empty string with the same interpolations and tags.

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)]
    .map((m) => m[1] ?? m[2])
    .sort()
    .join(',');

/** Every way `languages` departs from `en` (none: an empty list). */
export function catalogueProblems(languages: { en: object; az: object; ru: object }): string[] {
  const english = flatten(languages.en);
  const problems: string[] = [];
  for (const [language, messages] of Object.entries(languages)) {
    const flat = flatten(messages);
    for (const [key, value] of flat) {
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${language}: ${key} is empty or not text`);
      else if (!english.has(key)) problems.push(`${language}: ${key} is not in en`);
    }
    for (const [key, value] of english) {
      const text = flat.get(key);
      if (typeof text !== 'string') problems.push(`${language}: ${key} is missing`);
      else if (placeholders(text) !== placeholders(String(value)))
        problems.push(`${language}: ${key} has other interpolations than en`);
    }
  }
  return problems;
}
