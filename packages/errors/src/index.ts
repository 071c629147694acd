export { CATALOGUE, ERROR_CODES, SUCCESS_MESSAGE, type ErrorCode, type ErrorEntry } from './catalogue.js';
export { DEFAULT_LANG, LANGS, isLang, pickLang, type Lang } from './lang.js';
export {
  UNKNOWN_CODE_MESSAGE,
  codeForGrpcStatus,
  grpcStatusFor,
  httpStatusFor,
  isErrorCode,
  messageFor,
  successMessage,
} from './lookup.js';
export { AppError, type AppErrorOptions, type ErrorDetail, type ErrorParams } from './app-error.js';
