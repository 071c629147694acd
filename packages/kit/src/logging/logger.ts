import type { LoggerService } from '@nestjs/common';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { activeTraceIds } from '../tracing/tracing.js';
import { redactQueryParams, serializeError } from './error-serializer.js';
import { currentRequestContext } from './request-context.js';

export type { Logger };

let root: Logger | undefined;

/** One JSON logger per process: service name on every line, trace and request ids when there are some. */
export function createLogger(options: { service: string; level: string; destination?: NodeJS.WritableStream }): Logger {
  const pinoOptions: LoggerOptions = {
    level: options.level,
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['password', '*.password', 'sessionToken', '*.sessionToken', 'req.headers.cookie'], remove: true },
    // Errors keep what explains them, never the values of the query that failed (see error-serializer.ts).
    serializers: { err: serializeError, error: serializeError, cause: serializeError },
    mixin() {
      const ids = activeTraceIds();
      const request = currentRequestContext();
      return { ...ids, ...(request ? { request_id: request.requestId, user_id: request.userId } : {}) };
    },
  };
  root = options.destination ? pino(pinoOptions, options.destination as never) : pino(pinoOptions);
  return root;
}

export function logger(): Logger {
  if (!root) root = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  return root;
}

/** Nest's logger interface on top of pino, so framework messages are JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pinoLogger: Logger) {}
  log(message: unknown, ...rest: unknown[]) {
    this.pinoLogger.info({ context: rest.at(-1) }, String(message));
  }
  error(message: unknown, ...rest: unknown[]) {
    if (message instanceof Error) {
      this.pinoLogger.error({ context: rest.at(-1), err: message }, redactQueryParams(message.message));
      return;
    }
    const stack = typeof rest[0] === 'string' ? redactQueryParams(rest[0]) : rest[0];
    this.pinoLogger.error({ context: rest.at(-1), stack }, redactQueryParams(String(message)));
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.pinoLogger.warn({ context: rest.at(-1) }, String(message));
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.pinoLogger.debug({ context: rest.at(-1) }, String(message));
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.pinoLogger.trace({ context: rest.at(-1) }, String(message));
  }
}
