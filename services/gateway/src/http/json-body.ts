import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppError } from '@pencraft/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POLICY, type RoutePolicy } from './route.js';

/** Deeper JSON is refused before it is parsed: no body of this API nests anywhere near it. */
export const MAX_JSON_DEPTH = 64;
export const MAX_BODY_BYTES = 1_048_576;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests objects and arrays deeper than maxDepth (strings skipped), in one pass over the bytes. */
export function nestsDeeperThan(body: Buffer, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/**
 * application/json bodies: at most 1 MiB and 64 levels, parsed by Fastify's own parser (prototype poisoning refused).
 * A route declared `auth: 'signature'` with a raw JSON body (a payment provider's webhook) gets the exact bytes
 * instead, for the signature that covers them; only that route.
 */
export function installJsonBody(fastify: FastifyInstance, app: NestFastifyApplication) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: MAX_BODY_BYTES }, (request, body, done) => {
    const policy = (request.routeOptions.config as unknown as Record<string, RoutePolicy | undefined> | undefined)?.[
      POLICY
    ];
    if (policy?.rawJson) {
      done(null, body);
      return;
    }
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(new AppError('InvalidModel', { details: [{ field: 'body', code: 'InvalidModel' }] }), undefined);
      return;
    }
    parse(request as FastifyRequest, body.toString('utf8'), done);
  });
}
