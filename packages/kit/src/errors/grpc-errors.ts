import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError, codeForGrpcStatus, grpcStatusFor, isErrorCode, messageFor, type ErrorCode } from '@pencraft/errors';

/** Metadata keys that carry the catalogue code (and field details) across gRPC. */
export const ERROR_CODE_KEY = 'pc-error-code';
export const ERROR_DETAILS_KEY = 'pc-error-details';
export const ERROR_PARAMS_KEY = 'pc-error-params';

export interface GrpcErrorObject {
  code: number;
  details: string;
  message: string;
  metadata: Metadata;
}

/** An error thrown by a handler, as grpc-js sends it: status, English text, catalogue code in metadata. */
export function toGrpcError(error: unknown): GrpcErrorObject {
  const appError = AppError.is(error) ? error : new AppError('InternalServerError');
  const metadata = new Metadata();
  metadata.set(ERROR_CODE_KEY, appError.code);
  if (appError.details?.length) metadata.set(ERROR_DETAILS_KEY, JSON.stringify(appError.details));
  if (appError.params) metadata.set(ERROR_PARAMS_KEY, JSON.stringify(appError.params));
  const text = messageFor(appError.code, 'en');
  return { code: grpcStatusFor(appError.code), details: text, message: text, metadata };
}

/** A failed client call as an AppError: the catalogue code from metadata, or one derived from the status. */
export function fromGrpcError(error: ServiceError): AppError {
  const raw = error.metadata?.get(ERROR_CODE_KEY)?.[0];
  const carried = typeof raw === 'string' && isErrorCode(raw) ? (raw as ErrorCode) : undefined;
  if (carried) {
    const detailsRaw = error.metadata.get(ERROR_DETAILS_KEY)[0];
    const details = typeof detailsRaw === 'string' ? safeParseDetails(detailsRaw) : undefined;
    const paramsRaw = error.metadata.get(ERROR_PARAMS_KEY)[0];
    const params = typeof paramsRaw === 'string' ? safeParseParams(paramsRaw) : undefined;
    return new AppError(carried, { details, params });
  }
  if (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED) {
    return new AppError('NetworkError', { cause: error });
  }
  return new AppError(codeForGrpcStatus(error.code) as ErrorCode, { cause: error });
}

function safeParseDetails(raw: string) {
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as { field: string; code: ErrorCode }[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Only flat string and number values survive: params are shown to clients, never objects from a peer. */
function safeParseParams(raw: string) {
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const params: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    }
    return params;
  } catch {
    return undefined;
  }
}
