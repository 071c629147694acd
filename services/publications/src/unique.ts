import { AppError, type ErrorCode } from '@pencraft/errors';

/**
 * A unique index refusing a write (two requests racing past the service's own check), as the catalogue code of
 * what was taken; anything else is rethrown as it is. Drizzle wraps the driver's error: the code is on a cause.
 */
export function rethrowUnique(error: unknown, codes: Record<string, ErrorCode>): never {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && typeof candidate.constraint === 'string' && codes[candidate.constraint]) {
      throw new AppError(codes[candidate.constraint]!);
    }
    current = candidate.cause;
  }
  throw error;
}
