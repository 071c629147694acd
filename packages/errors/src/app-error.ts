import { CATALOGUE, type ErrorCode } from './catalogue.js';
import { isErrorCode } from './lookup.js';

/** A field-level validation failure, carried in `AppError.details`. */
export interface ErrorDetail {
  field: string;
  code: ErrorCode;
}

/** Values a message needs besides its code (a ban's reason and end, seconds to wait); they reach the client. */
export type ErrorParams = Record<string, string | number>;

export interface AppErrorOptions {
  details?: ErrorDetail[];
  params?: ErrorParams;
  cause?: unknown;
  /** Text for logs; defaults to the English catalogue message. Never shown to users. */
  message?: string;
}

/** An error with a catalogue code; transports map it to HTTP/gRPC statuses and localized messages. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly params?: ErrorParams;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? CATALOGUE[code].en, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.details && options.details.length > 0) this.details = options.details;
    if (options.params && Object.keys(options.params).length > 0) this.params = options.params;
  }

  get httpStatus(): number {
    return CATALOGUE[this.code].http;
  }

  get grpcStatus(): number {
    return CATALOGUE[this.code].grpc;
  }

  /** Also recognises an AppError from another copy of this module (duplicate install, test module registry). */
  static is(x: unknown): x is AppError {
    if (x instanceof AppError) return true;
    if (typeof x !== 'object' || x === null) return false;
    const candidate = x as { name?: unknown; code?: unknown };
    return candidate.name === 'AppError' && isErrorCode(candidate.code);
  }
}
