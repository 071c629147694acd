import { codePointLength } from '@pencraft/rules';
import { z } from 'zod';

/**
 * Text as the API accepts it: no control characters but tab, line feed and carriage return (a NUL byte would
 * reach PostgreSQL, which refuses it), well-formed UTF-16 (no unpaired surrogate), and lengths counted in code
 * points, as JSON Schema's minLength/maxLength count them, so the document and the check agree.
 */
export const CONTROL_CHARS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F';
export const TEXT_CHAR = `[^${CONTROL_CHARS}]`;
export const NO_CONTROL = new RegExp(`^${TEXT_CHAR}*$`);

export function text({ min = 0, max, pattern = NO_CONTROL }: { min?: number; max: number; pattern?: RegExp }) {
  return z
    .string()
    .regex(pattern)
    .refine((value) => value.isWellFormed(), 'must be well-formed Unicode text')
    .refine((value) => {
      const length = codePointLength(value);
      return length >= min && length <= max;
    }, `must be ${min} to ${max} characters`)
    .meta({ minLength: min, maxLength: max });
}
