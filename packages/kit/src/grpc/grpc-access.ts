import type { KeyObject } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ANY_CALLER, GRPC_ACCESS } from '@pencraft/contracts/grpc-access';
import { AppError } from '@pencraft/errors';
import { throwError, type Observable } from 'rxjs';
import { logger } from '../logging/logger.js';
import { currentRequestContext } from '../logging/request-context.js';
import { ACTOR_TOKEN_METADATA, ActorTokenError, processActorKeys, verifyActorToken } from './actor-token.js';
import { actorFieldOf, fieldValue } from './grpc-actor.js';
import { processGrpcTls } from './grpc-tls.js';

/** Full proto service name → method → the identities (certificate common names) allowed to call it. */
export type GrpcAccessList = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** What a server-side interceptor sees of a grpc-js call (Nest hands it as the handler's third argument). */
export interface GrpcServerCall {
  getPath?(): string;
  getAuthContext?(): { sslPeerCertificate?: { subject?: Record<string, string | string[] | undefined> } } | null;
}

/** The caller's identity: the common name of the certificate it presented (mutual TLS), if any. */
export function peerName(call: GrpcServerCall | undefined): string | undefined {
  const cn = call?.getAuthContext?.()?.sslPeerCertificate?.subject?.CN;
  return typeof cn === 'string' && cn ? cn : undefined;
}

/** "/articles.v1.ArticlesService/DecideReview" → its service and method; undefined for anything else. */
export function splitPath(path: string | undefined): { service: string; method: string } | undefined {
  const match = path ? /^\/([A-Za-z0-9_.]+)\/([A-Za-z0-9_]+)$/.exec(path) : null;
  return match ? { service: match[1]!, method: match[2]! } : undefined;
}

/**
 * Whether `caller` may call `path`: listed for the method (or the method open to any caller), or one of the
 * `trusted` identities (the local stacks' test client). A method missing from the list is refused to everyone.
 */
export function mayCall(
  list: GrpcAccessList,
  path: string | undefined,
  caller: string | undefined,
  trusted: readonly string[] = [],
): boolean {
  if (!caller) return false;
  const target = splitPath(path);
  if (!target) return false;
  const callers = list[target.service]?.[target.method];
  if (!callers) return false;
  return callers.includes(caller) || callers.includes(ANY_CALLER) || trusted.includes(caller);
}

/** What the interceptor needs to check actor tokens: the service's own name and the gateway's public key. */
export interface ActorCheck {
  self: string;
  key: KeyObject | undefined;
}

/**
 * The per-method allow-list (issue #19), on every gRPC call of a server that speaks mutual TLS: a caller whose
 * certificate is not listed for the method (packages/contracts/src/grpc-access.ts) is refused with Forbidden
 * (PERMISSION_DENIED) before the handler runs. Then, for a method that acts for a user (ACTOR_FIELDS) and a request
 * naming one, the gateway's actor token for that user: absent, forged, expired or issued for another service is
 * Unauthorized (UNAUTHENTICATED), a token of another user Forbidden. Refusals are logged with the caller, the
 * method and the reason; an accepted token joins the request context (logs, and forwarding to the services called).
 */
@Injectable()
export class GrpcAccessInterceptor implements NestInterceptor {
  constructor(
    private readonly list: GrpcAccessList,
    private readonly trusted: readonly string[] = [],
    private readonly actors?: ActorCheck,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const call = ctx.getArgByIndex<GrpcServerCall | undefined>(2);
    const path = call?.getPath?.();
    const caller = peerName(call);
    const refuse = (code: 'Forbidden' | 'Unauthorized', reason: string) => {
      logger().warn({ caller: caller ?? null, method: path ?? null, reason }, 'gRPC call refused');
      return throwError(() => new AppError(code));
    };
    if (!mayCall(this.list, path, caller, this.trusted)) return refuse('Forbidden', 'caller not allowed');
    const field = this.actors && actorFieldOf(path);
    const claimed = field ? fieldValue(ctx.getArgByIndex(0), field) : undefined;
    if (!this.actors || !claimed) return next.handle();
    const token = ctx.getArgByIndex<Metadata | undefined>(1)?.get?.(ACTOR_TOKEN_METADATA)[0];
    if (typeof token !== 'string') {
      // The local stacks' test client may name a user without a token (the suites set up data directly).
      return caller && this.trusted.includes(caller) ? next.handle() : refuse('Unauthorized', 'actor token absent');
    }
    if (!this.actors.key) return refuse('Unauthorized', 'no key to verify actor tokens (ACTOR_TOKEN_VERIFY_KEY_FILE)');
    let sub: string;
    try {
      ({ sub } = verifyActorToken(this.actors.key, token, caller ? [this.actors.self, caller] : [this.actors.self]));
    } catch (error) {
      return refuse('Unauthorized', error instanceof ActorTokenError ? `actor token ${error.reason}` : 'actor token');
    }
    if (sub !== claimed) return refuse('Forbidden', 'actor token of another user');
    const context = currentRequestContext();
    if (context) Object.assign(context, { userId: sub, actorToken: token });
    return next.handle();
  }
}

/** The identities trusted with every method: the local stacks' test client only; never in production. */
export function trustedCallers(env: NodeJS.ProcessEnv = process.env): string[] {
  const trusted = (env.GRPC_ACCESS_TRUSTED ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (trusted.length && env.NODE_ENV === 'production') {
    throw new Error('GRPC_ACCESS_TRUSTED is for the local stacks only: unset it in production');
  }
  return trusted;
}

/**
 * The interceptor of a service's gRPC server: the platform's allow-list and actor tokens when the server speaks mutual
 * TLS (callers have names); without TLS (GRPC_INSECURE, a mesh authenticates) there is no name to check and it lets
 * calls through.
 */
export function grpcAccessInterceptor(self: string, list: GrpcAccessList = GRPC_ACCESS): NestInterceptor {
  if (!processGrpcTls()) return { intercept: (_ctx, next) => next.handle() };
  const key = processActorKeys().verifying;
  if (!key && process.env.NODE_ENV === 'production') {
    throw new Error("gRPC over mutual TLS needs the gateway's actor token key: set ACTOR_TOKEN_VERIFY_KEY_FILE");
  }
  return new GrpcAccessInterceptor(list, trustedCallers(), { self, key });
}
