import { CATALOGUE, SUCCESS_MESSAGE, type ErrorCode, type ErrorEntry } from './catalogue.js';
import { DEFAULT_LANG, type Lang } from './lang.js';

/** SPEC.md section 8: the lookup of an unknown code answers this text, whatever the language. */
export const UNKNOWN_CODE_MESSAGE = 'Internal Server Error';

export function isErrorCode(x: unknown): x is ErrorCode {
  return typeof x === 'string' && Object.hasOwn(CATALOGUE, x);
}

function entryFor(code: string): ErrorEntry | undefined {
  return isErrorCode(code) ? CATALOGUE[code] : undefined;
}

export function messageFor(code: string, lang: Lang = DEFAULT_LANG): string {
  const entry = entryFor(code);
  if (!entry) return UNKNOWN_CODE_MESSAGE;
  return Object.hasOwn(entry, lang) ? entry[lang] : entry[DEFAULT_LANG];
}

export function httpStatusFor(code: string): number {
  return entryFor(code)?.http ?? CATALOGUE.InternalServerError.http;
}

export function grpcStatusFor(code: string): number {
  return entryFor(code)?.grpc ?? CATALOGUE.InternalServerError.grpc;
}

/** The code to report when a gRPC error carries only its status (no catalogue code in metadata). */
export function codeForGrpcStatus(grpcStatus: number | null | undefined): ErrorCode {
  switch (grpcStatus) {
    case 1: // CANCELLED
    case 4: // DEADLINE_EXCEEDED
    case 14: // UNAVAILABLE
      return 'NetworkError';
    case 3: // INVALID_ARGUMENT
    case 11: // OUT_OF_RANGE
      return 'InvalidModel';
    case 5: // NOT_FOUND
      return 'NotFound';
    case 6: // ALREADY_EXISTS
    case 9: // FAILED_PRECONDITION
    case 10: // ABORTED
      return 'OperationFailed';
    case 7: // PERMISSION_DENIED
      return 'Forbidden';
    case 8: // RESOURCE_EXHAUSTED
      return 'TooManyRequests';
    case 16: // UNAUTHENTICATED
      return 'Unauthorized';
    default: // OK (no error to describe), UNKNOWN, UNIMPLEMENTED, INTERNAL, DATA_LOSS, anything else
      return 'InternalServerError';
  }
}

export function successMessage(lang: Lang = DEFAULT_LANG): string {
  return Object.hasOwn(SUCCESS_MESSAGE, lang) ? SUCCESS_MESSAGE[lang] : SUCCESS_MESSAGE[DEFAULT_LANG];
}
