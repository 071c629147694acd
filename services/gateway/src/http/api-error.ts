import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { AppError, httpStatusFor, messageFor, pickLang, type ErrorCode } from '@pencraft/errors';
import { LOGGER, type Logger } from '@pencraft/kit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    requestId?: string;
    details?: { field: string; code: string; message: string }[];
    params?: Record<string, string | number>;
  };
}

/** A method the path does not declare: 405 (the catalogue has no code of its own for it; Forbidden is closest). */
export class MethodNotAllowed extends Error {
  readonly statusCode = 405;
}

export const methodNotAllowed = () => new MethodNotAllowed('method not allowed');

/** TooManyRequests with the seconds to wait, sent as Retry-After. */
export function tooManyRequests(retryAfterSeconds: number) {
  return Object.assign(new AppError('TooManyRequests'), { retryAfterSeconds });
}

/** Errors that are not AppErrors become the closest catalogue code; anything unexpected is an InternalServerError. */
function classify(error: unknown): { code: ErrorCode; appError?: AppError; unexpected: boolean } {
  if (AppError.is(error)) return { code: error.code, appError: error, unexpected: false };
  const status = error instanceof HttpException ? error.getStatus() : (error as FastifyError | undefined)?.statusCode;
  if (status === 404) return { code: 'NotFound', unexpected: false };
  if (status === 405 || status === 403) return { code: 'Forbidden', unexpected: false };
  if (status === 429) return { code: 'TooManyRequests', unexpected: false };
  if (status && status >= 400 && status < 500) return { code: 'InvalidModel', unexpected: false };
  return { code: 'InternalServerError', unexpected: true };
}

/** One error shape for every /api answer: the catalogue code and its message in the request's language. */
export function errorResponse(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorBody; unexpected: boolean } {
  const { code, appError, unexpected } = classify(error);
  const lang = pickLang(request.headers['accept-language']);
  const body: ErrorBody = {
    error: { code, message: messageFor(code, lang), requestId: request.platform?.context.requestId },
  };
  if (appError?.details?.length) {
    body.error.details = appError.details.map((d) => ({
      field: d.field,
      code: d.code,
      message: messageFor(d.code, lang),
    }));
  }
  if (appError?.params) body.error.params = appError.params;
  return { status: error instanceof MethodNotAllowed ? 405 : httpStatusFor(code), body, unexpected };
}

function send(error: unknown, request: FastifyRequest, reply: FastifyReply, log: Logger) {
  const { status, body, unexpected } = errorResponse(error, request);
  // The matched route's pattern, or the path without its query: a query may hold a mailed link's token.
  if (unexpected)
    log.error({ err: error, route: request.routeOptions?.url ?? request.url.split('?')[0] }, 'unexpected error');
  const retryAfter =
    (error as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ??
    (AppError.is(error) && typeof error.params?.retryAfter === 'number' ? error.params.retryAfter : undefined);
  if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
  if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', 5);
  void reply.code(status).header('cache-control', 'no-store').send(body);
}

/**
 * Every error takes this shape, those raised in Fastify hooks too (rate limit, CSRF, body parsing): Nest installs its
 * exception layer as Fastify's error handler when the app starts, and that layer runs this global filter. (The gateway
 * no longer sets an error handler of its own: Nest's replaced it anyway, with Fastify's warning FSTWRN004.)
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly log: Logger) {}

  catch(error: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    send(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.log);
  }
}
