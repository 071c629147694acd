import { ApiError } from '@pencraft/ui';

/** The server's message in the page's language, else the fallback (generic failure). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
