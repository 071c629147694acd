import { AppError } from '@pencraft/errors';
import { z } from 'zod';
import { parseInput } from './validation.js';

const schema = z.object({ title: z.string().max(5), count: z.number(), tags: z.array(z.string()).optional() });

function detailsOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (AppError.is(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { title: 'abc', count: 1 })).toEqual({ title: 'abc', count: 1 });
  });

  it('names each bad field once, with a field-specific code when given', () => {
    expect(
      detailsOf(() => parseInput(schema, { title: 'too long', tags: [1] }, { title: 'InvalidArticleTitle' })),
    ).toEqual({
      code: 'InvalidArticleTitle',
      details: [
        { field: 'title', code: 'InvalidArticleTitle' },
        { field: 'count', code: 'NullOrEmpty' },
        { field: 'tags', code: 'InvalidModel' },
      ],
    });
  });

  it('treats a missing body as empty', () => {
    expect(detailsOf(() => parseInput(schema, undefined)).code).toBe('NullOrEmpty');
  });

  it('refuses a JSON null body, even where every field is optional', () => {
    const optional = z.object({ title: z.string().optional().default('') });
    expect(parseInput(optional, undefined)).toEqual({ title: '' });
    expect(detailsOf(() => parseInput(optional, null))).toEqual({
      code: 'NullOrEmpty',
      details: [{ field: 'body', code: 'NullOrEmpty' }],
    });
  });
});
