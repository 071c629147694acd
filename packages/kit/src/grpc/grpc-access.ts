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

/** The caller's identity as grpc-js reads it: the common name of the certificate it presented (mutual TLS), if any. */
function certificateName(call: GrpcServerCall | undefined): string | undefined {
  const cn = call?.getAuthContext?.()?.sslPeerCertificate?.subject?.CN;
  return typeof cn === 'string' && cn ? cn : undefined;
}

/** An HTTP/2 session as grpc-js's server call holds it: one per TLS connection, for the connection's life. */
interface Http2SessionLike {
  socket?: { disableRenegotiation?: () => void };
}

/**
 * The HTTP/2 session a server call arrived on: grpc-js keeps it in its call objects (ServerUnaryCallImpl.call →
 * ServerInterceptingCall.nextCall… → BaseServerInterceptingCall.stream.session), which it does not export; undefined
 * when that shape is not found (then the certificate is read on every call, as before).
 */
export function sessionOf(call: GrpcServerCall | undefined): object | undefined {
  let inner = (call as { call?: unknown } | undefined)?.call;
  for (let depth = 0; inner && typeof inner === 'object' && depth < 8; depth += 1) {
    const stream = (inner as { stream?: { session?: unknown } }).stream;
    if (stream) return stream.session && typeof stream.session === 'object' ? stream.session : undefined;
    inner = (inner as { nextCall?: unknown }).nextCall;
  }
  return undefined;
}

/**
 * The caller names already read, per HTTP/2 session: reading the peer certificate builds a new object of it on every
 * call (6-7% of a service's CPU under load). A name is bound to the session it was read on (a WeakMap: forgotten
 * with the connection), and that connection's TLS renegotiation is turned off once it is remembered, so the
 * certificate behind the name cannot change for the connection's life (TLS 1.3, which the platform's Node processes
 * speak to each other, has no renegotiation anyway).
 */
const sessionCallers = new WeakMap<object, string>();

/** The caller's identity: the common name of the certificate it presented (mutual TLS), if any. */
export function peerName(call: GrpcServerCall | undefined): string | undefined {
  const session = sessionOf(call);
  if (!session) return certificateName(call);
  const known = sessionCallers.get(session);
  if (known !== undefined) return known;
  const name = certificateName(call);
  // Only a name is remembered: a connection without one is refused, and read again if it calls again.
  if (name) {
    try {
      (session as Http2SessionLike).socket?.disableRenegotiation?.();
    } catch {
      // A session whose socket is gone: its calls end with it.
    }
    sessionCallers.set(session, name);
  }
  return name;
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
  const target = splitPath(path);
  return admits(target && list[target.service]?.[target.method], caller, trusted);
}

/** Whether `callers` (a method's entry of the list; undefined: not listed) admit `caller`. */
function admits(callers: readonly string[] | undefined, caller: string | undefined, trusted: readonly string[]) {
  if (!caller || !callers) return false;
  return callers.includes(caller) || callers.includes(ANY_CALLER) || trusted.includes(caller);
}

/** What the interceptor looks up for a method, once per method path: its callers and its actor field. */
interface MethodAccess {
  callers: readonly string[] | undefined;
  field: string | undefined;
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

  /** Per method path (only the list's own methods, so it stays as small as the list). */
  private readonly methods = new Map<string, MethodAccess>();

  private accessOf(path: string | undefined): MethodAccess {
    const known = path === undefined ? undefined : this.methods.get(path);
    if (known) return known;
    const target = splitPath(path);
    const callers = target && this.list[target.service]?.[target.method];
    const access = { callers, field: this.actors ? actorFieldOf(path) : undefined };
    if (callers) this.methods.set(path!, access);
    return access;
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const call = ctx.getArgByIndex<GrpcServerCall | undefined>(2);
    const path = call?.getPath?.();
    const caller = peerName(call);
    const { callers, field } = this.accessOf(path);
    if (!admits(callers, caller, this.trusted)) return refused('Forbidden', 'caller not allowed', caller, path);
    const claimed = field ? fieldValue(ctx.getArgByIndex(0), field) : undefined;
    if (!this.actors || !claimed) return next.handle();
    const token = ctx.getArgByIndex<Metadata | undefined>(1)?.get?.(ACTOR_TOKEN_METADATA)[0];
    if (typeof token !== 'string') {
      // The local stacks' test client may name a user without a token (the suites set up data directly).
      return caller && this.trusted.includes(caller)
        ? next.handle()
        : refused('Unauthorized', 'actor token absent', caller, path);
    }
    if (!this.actors.key)
      return refused('Unauthorized', 'no key to verify actor tokens (ACTOR_TOKEN_VERIFY_KEY_FILE)', caller, path);
    let sub: string;
    try {
      ({ sub } = verifyActorToken(this.actors.key, token, caller ? [this.actors.self, caller] : [this.actors.self]));
    } catch (error) {
      return refused(
        'Unauthorized',
        error instanceof ActorTokenError ? `actor token ${error.reason}` : 'actor token',
        caller,
        path,
      );
    }
    if (sub !== claimed) return refused('Forbidden', 'actor token of another user', caller, path);
    const context = currentRequestContext();
    if (context) Object.assign(context, { userId: sub, actorToken: token });
    return next.handle();
  }
}

/** A refusal, logged with the caller, the method and the reason. */
function refused(code: 'Forbidden' | 'Unauthorized', reason: string, caller?: string, path?: string) {
  logger().warn({ caller: caller ?? null, method: path ?? null, reason }, 'gRPC call refused');
  return throwError(() => new AppError(code));
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
