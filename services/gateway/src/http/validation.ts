import { AppError, type ErrorCode } from '@pencraft/errors';
import type { z } from 'zod';

/**
 * Parses a request body or query with a zod schema. Failures name each field; a field may map to a
 * more specific catalogue code than InvalidModel (e.g. title → InvalidArticleTitle).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fieldCodes: Record<string, ErrorCode> = {},
): z.infer<S> {
  // A missing body reads as empty; a JSON null is a value, and not an object (a body of optional fields refuses it).
  const value = (input === undefined ? {} : input) as Record<string, unknown>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const details: { field: string; code: ErrorCode }[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    const given = issue.path.length ? value?.[String(issue.path[0])] : input;
    const missing = given === undefined || given === null || given === '';
    details.push({ field, code: fieldCodes[field] ?? (missing ? 'NullOrEmpty' : 'InvalidModel') });
  }
  throw new AppError(details[0]?.code ?? 'InvalidModel', { details });
}
