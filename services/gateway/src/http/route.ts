import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpCode,
  Inject,
  Injectable,
  type NestInterceptor,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { ErrorCode } from '@pencraft/errors';
import type { PartnerScope } from '@pencraft/rules';
import { CONFIG } from '@pencraft/kit';
import type { FastifyReply } from 'fastify';
import { map } from 'rxjs';
import type { z } from 'zod';
import type { CaptchaRule } from '../captcha/captcha.gate.js';
import type { StaffRole } from '../staff/staff-token.verifier.js';
import type { GatewayConfig } from '../config.js';
import { deprecationHeaders } from './deprecation.js';
import { clearSessionCookie, setCookie, setSessionCookie, type CookieChange } from './cookies.js';

export type RateLimitBucket = 'api' | 'auth' | 'analytics';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One route of the public API, declared once: @Route registers it with Nest (and Fastify) and the OpenAPI
 * document is built from the same declarations, so a route cannot exist undocumented.
 */
export interface RouteSpec {
  operationId: string;
  method: HttpMethod;
  /** The full path in Fastify form: /api/articles/:id. */
  path: string;
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A raw (non-JSON) body the handler reads as bytes, e.g. an uploaded picture: its media types and size limit, for
   * the document (the body parser of those types enforces them).
   */
  binaryBody?: { types: readonly string[]; maxBytes: number; description: string };
  /** The success answer's schema; none for an empty answer. */
  response?: z.ZodType;
  /** The success answer's media type (JSON unless said). */
  responseType?: string | readonly string[];
  /** The answer is a file to save (an export): sent with Content-Disposition: attachment and this file name. */
  attachment?: string;
  /** 302: the handler returns the target, sent as Location with no body (links opened from mails land on a shell page). */
  status?: 200 | 201 | 204 | 302;
  /**
   * What the route does to the browser's session, applied once the handler has returned (handlers never touch the
   * reply): 'open' sets pc_su from the handler's SessionAnswer (none when no session was opened, e.g. a second factor
   * is still needed) and sends its answer; 'close' clears pc_su.
   */
  session?: 'open' | 'close';
  /** Other cookies the handler sets or expires by returning a CookieAnswer (the CSRF token, the analytics visitor). */
  cookies?: readonly string[];
  /** The Vary header of a cacheable answer that depends on a request header. */
  vary?: string;
  /**
   * required: a session or 401; confirmed: also a confirmed account or 403 AccountNotConfirmed (publishing);
   * optional: the answer depends on who asks (resolved by the handler);
   * staff: a Keycloak access token in `Authorization: Bearer` with the realm role `staffRole` (no session, no CSRF);
   * signature: a server-to-server webhook whose body carries its own signature, checked behind the route (no session,
   * no CSRF, no Origin, no captcha);
   * partner: the partner surface (/api/v1): a partner client's Keycloak access token or a writer's personal access
   * token in `Authorization: Bearer`, holding every scope of `scopes` (no cookie, no CSRF; per-client limits).
   */
  auth?: 'required' | 'confirmed' | 'optional' | 'staff' | 'signature' | 'partner';
  /** With auth 'partner': the scopes the credential must hold, all of them (PartnerScope of @pencraft/rules). */
  scopes?: readonly PartnerScope[];
  /**
   * The route is deprecated: its answers carry `Deprecation` (the date it was deprecated, RFC 9745) and `Sunset`
   * (RFC 8594, the date it stops answering) and, when given, a `Link` to what replaces it; the document marks it.
   */
  deprecated?: { since: string; sunset: string; link?: string };
  /** With auth 'staff': the realm role needed (moderator unless said; an admin also passes moderator routes). */
  staffRole?: StaffRole;
  /**
   * With auth 'required': a banned user may still call it (their summary, their bans, deleting the account). Every
   * other signed-in route answers a banned user 403 UserBanned with params reason and until (absent: permanent).
   */
  whileBanned?: boolean;
  /** Catalogue codes the route answers besides the ones every route may (validation, limits, CSRF, 5xx). */
  errors?: ErrorCode[];
  /** A more specific catalogue code than InvalidModel for a bad field (e.g. title → InvalidArticleTitle). */
  fieldCodes?: Record<string, ErrorCode>;
  /**
   * Which rate-limit budget a request spends: the general one, the stricter one of sign-in and sign-up, or the
   * analytics reports' own (page views must not use up a reader's API budget).
   */
  rateLimit?: RateLimitBucket;
  /** The page-load call hands out the CSRF cookie when it is missing. */
  issuesCsrf?: boolean;
  /** Defaults to no-store: a successful answer of a route that declares it carries this Cache-Control instead. */
  cacheControl?: string;
  /**
   * The widget's answer in the X-Captcha header, checked before the handler: on every request ('always'), or on
   * sign-in once the account has failed three times ('after-failures', reads the body's login).
   */
  captcha?: CaptchaRule;
}

/** What the protections read from the matched route (Fastify route config): decided once, at registration. */
export interface RoutePolicy {
  csrf: boolean;
  /**
   * The per-address budget a request spends; 'partner': none here, the partner guard counts the client's own limits
   * once the credential is verified (and a refused credential spends the address's 'api' budget).
   */
  rateLimit: RateLimitBucket | 'partner';
  /** A deprecated route's Deprecation, Sunset and Link headers, sent on its every answer. */
  deprecation?: Record<string, string>;
  /** A signed JSON body (a webhook) reaches the handler as its exact bytes, unparsed (json-body.ts). */
  rawJson?: boolean;
  issuesCsrf: boolean;
  captcha: CaptchaRule | 'never';
}

export const POLICY = 'pencraftPolicy';
export const ROUTE_SPEC = 'pencraft:route';

const declared: RouteSpec[] = [];

/** Every route declared so far (each module's controllers declare theirs when imported). */
export function declaredRoutes(): readonly RouteSpec[] {
  return declared;
}

export function policyOf(spec: RouteSpec): RoutePolicy {
  return {
    // Bearer-only staff routes: the browser sends no credential by itself, so there is nothing to forge.
    csrf:
      UNSAFE_METHODS.has(spec.method) && spec.auth !== 'staff' && spec.auth !== 'signature' && spec.auth !== 'partner',
    rawJson: spec.auth === 'signature' && (spec.binaryBody?.types.includes('application/json') ?? false),
    rateLimit: spec.auth === 'partner' ? 'partner' : (spec.rateLimit ?? 'api'),
    ...(spec.deprecated ? { deprecation: deprecationHeaders(spec.deprecated) } : {}),
    issuesCsrf: spec.issuesCsrf ?? false,
    captcha: spec.captcha ?? 'never',
  };
}

/** A route declaration with its exact type kept, so the handler's input is typed from its schemas. */
export function defineRoute<const S extends RouteSpec>(spec: S): S {
  return spec;
}

export function Route(spec: RouteSpec) {
  declared.push(spec);
  return applyDecorators(
    RequestMapping({ path: spec.path, method: RequestMethod[spec.method] }),
    HttpCode(spec.status ?? 200),
    RouteConfig({ [POLICY]: policyOf(spec) }),
    // auth is enforced by the areas' global guards (accounts' SessionGuard, staff's StaffGuard) from this metadata.
    SetMetadata(ROUTE_SPEC, spec),
    UseInterceptors(RouteEffects),
  );
}

/** A route served by a plain Fastify handler (PlainRoute): the controller class and the method that answers it. */
export interface PlainRouteEntry {
  spec: RouteSpec;
  controller: abstract new (...args: never[]) => unknown;
  method: string;
}

const plainRoutes: PlainRouteEntry[] = [];

/** Every route declared with PlainRoute so far, for installPlainRoutes (plain-route.ts). */
export function declaredPlainRoutes(): readonly PlainRouteEntry[] {
  return plainRoutes;
}

/**
 * @Route for a hot public read: the same declaration, documented the same way, but answered by a plain Fastify
 * handler that installPlainRoutes registers from it (the same protections, input parsing, route effects and error
 * shape) instead of through Nest's router, guards and interceptors, which cost more than the read itself. The method
 * receives the parsed input and the request. Only for routes no guard acts on (no auth, or 'optional': the handler
 * resolves the session itself); any other auth is refused when the class is defined.
 */
export function PlainRoute(spec: RouteSpec): MethodDecorator {
  if (spec.auth !== undefined && spec.auth !== 'optional') {
    throw new Error(`${spec.operationId}: a plain route cannot be declared auth '${spec.auth}' (its guard is Nest's)`);
  }
  declared.push(spec);
  return (target, key) => {
    plainRoutes.push({
      spec,
      controller: (target as { constructor: PlainRouteEntry['controller'] }).constructor,
      method: String(key),
    });
  };
}

/** The answer of a route declared `session: 'open'`: the session opened, if any, and the body to send. */
export interface SessionAnswer<T> {
  session?: { token: string; expiresAtMs: number };
  answer: T;
}

/** The answer of a route that declares `cookies`: the changes to make and the body to send. */
export interface CookieAnswer<T> {
  cookies: CookieChange[];
  answer: T;
}

/** The answer of a route declaring several response types: which one the body is. */
export interface TypedAnswer {
  type: string;
  body: string | Buffer;
}

/** Prepared JSON (text or bytes) is JSON unless the route declares another type (Fastify would guess otherwise). */
const JSON_TYPE = 'application/json';

/**
 * What a route declares beyond its answer, applied to the reply once the handler has returned: the session and other
 * cookies, the redirect, the media type of a prepared body, Cache-Control and Vary. Error answers get none of it.
 */
export function applyRouteEffects(spec: RouteSpec, reply: FastifyReply, config: GatewayConfig, value: unknown) {
  let answer = value;
  if (spec.session === 'open') {
    const opened = value as SessionAnswer<unknown>;
    if (opened.session) setSessionCookie(reply, config, opened.session.token, opened.session.expiresAtMs);
    answer = opened.answer;
  } else if (spec.session === 'close') {
    clearSessionCookie(reply, config);
  }
  if (spec.cookies) {
    const changed = value as CookieAnswer<unknown>;
    for (const change of changed.cookies) setCookie(reply, config, change);
    answer = changed.answer;
  }
  if (spec.cacheControl) reply.header('cache-control', spec.cacheControl);
  if (spec.vary) reply.header('vary', spec.vary);
  if (spec.attachment) reply.header('content-disposition', `attachment; filename="${spec.attachment}"`);
  if (spec.status === 302) {
    reply.header('location', answer as string);
    return undefined;
  }
  if (Array.isArray(spec.responseType)) {
    const typed = answer as TypedAnswer;
    reply.type(`${typed.type}; charset=utf-8`);
    return typed.body;
  }
  if (typeof answer === 'string' || Buffer.isBuffer(answer)) {
    reply.type(`${(spec.responseType as string | undefined) ?? JSON_TYPE}; charset=utf-8`);
  }
  return answer;
}

@Injectable()
export class RouteEffects implements NestInterceptor {
  constructor(@Inject(CONFIG) private readonly config: GatewayConfig) {}

  intercept(ctx: ExecutionContext, next: CallHandler) {
    const spec = Reflect.getMetadata(ROUTE_SPEC, ctx.getHandler()) as RouteSpec;
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(map((value: unknown) => applyRouteEffects(spec, reply, this.config, value)));
  }
}

type Infer<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

/** The parsed input of a route: what @Input() hands the handler. */
export interface RouteInput<S extends RouteSpec> {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
}
