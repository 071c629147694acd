// The environment of one process of the local stack, per the service runtime contract (see the shared brief).
import { join } from 'node:path';
import { actorKeyEnv, grpcTlsEnv } from './certs.ts';
import { natsEnv, redisUrlFor } from './messaging.ts';
import { loadSecrets, type Secrets } from './secrets.ts';
import {
  findApp,
  stackFor,
  TEST_SLOT_SHIFT,
  testSlot,
  type Dependency,
  type FrontendInfo,
  type GatewayInfo,
  type Profile,
  type ServiceInfo,
  type Stack,
} from './registry.ts';

export type Env = Record<string, string>;

export interface EnvOptions {
  /** Test profile only: use this database instead of the registry's (e.g. one database per suite). */
  database?: string;
  /** Defaults to .data/<profile>/secrets.json, generated on first use. */
  secrets?: Secrets;
  /** Defaults to the registry seen through `profile`. */
  stack?: Stack;
}

export function envFor(name: string, profile: Profile, options: EnvOptions = {}): Env {
  const stack = options.stack ?? stackFor(profile);
  if (stack.profile !== profile) throw new Error(`stack is for profile ${stack.profile}, not ${profile}`);
  if (options.database !== undefined && profile !== 'test') {
    throw new Error('a database override is only allowed for the test profile');
  }
  const app = findApp(stack, name);
  switch (app.kind) {
    case 'service':
      return serviceEnv(stack, app, options);
    case 'gateway':
      return gatewayEnv(stack, app, options.secrets ?? loadSecrets(stack));
    case 'frontend':
      return frontendEnv(stack, app);
  }
}

export function databaseUrl(stack: Stack, database: string = stack.infra.postgres.database): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`invalid database name "${database}"`);
  return `postgres://postgres@127.0.0.1:${stack.infra.postgres.port}/${database}`;
}

/**
 * Redis with a user's credentials (issue #19: one ACL user per service, messaging.ts); without one, the admin's, for
 * the test tooling and the devstack. No process of the platform gets the admin.
 */
export function redisUrl(stack: Stack, user?: string, secrets: Secrets = loadSecrets(stack)): string {
  return redisUrlFor(stack, secrets, user);
}

export function natsUrl(stack: Stack): string {
  return `nats://127.0.0.1:${stack.infra.nats.port}`;
}

export function smtpUrl(stack: Stack): string {
  return `smtp://127.0.0.1:${stack.infra.mail.smtpPort}`;
}

/** mailpit's HTTP API and web UI (the messages the services sent). */
export function mailApiUrl(stack: Stack): string {
  return `http://127.0.0.1:${stack.infra.mail.httpPort}`;
}

export function objectStoreUrl(stack: Stack): string {
  return `http://127.0.0.1:${stack.infra.objectStore.port}`;
}

/** The Stripe API emulator (stripe-mock); the services' Stripe client talks plain HTTP to it. */
export function stripeApiBase(stack: Stack): string {
  return `http://127.0.0.1:${stack.infra.stripe.port}`;
}

export const MAIL_FROM = 'Pencraft <no-reply@pencraft.local>';

/** The variables of the infrastructure an application declares in system.json `uses`. */
export function dependencyEnv(stack: Stack, uses: readonly Dependency[], secrets: () => Secrets): Env {
  const env: Env = {};
  if (uses.includes('mail')) Object.assign(env, { SMTP_URL: smtpUrl(stack), MAIL_FROM });
  if (uses.includes('objectStore')) {
    const { s3AccessKey, s3SecretKey } = secrets();
    Object.assign(env, {
      S3_ENDPOINT: objectStoreUrl(stack),
      S3_ACCESS_KEY: s3AccessKey,
      S3_SECRET_KEY: s3SecretKey,
      S3_BUCKET: stack.infra.objectStore.bucket,
      S3_REGION: stack.infra.objectStore.region,
    });
  }
  if (uses.includes('payments')) {
    // Test-mode values only: stripe-mock takes any sk_test_ key, and the suites sign webhooks with this secret.
    const { stripeSecretKey, stripeWebhookSecret } = secrets();
    Object.assign(env, {
      STRIPE_API_BASE: stripeApiBase(stack),
      STRIPE_SECRET_KEY: stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    });
  }
  return env;
}

/** `prefix=url` pairs, longest prefix first so the gateway can take the first match. */
export function edgeRoutes(stack: Stack): string {
  return [...stack.frontends]
    .sort((a, b) => b.path.length - a.path.length || a.path.localeCompare(b.path))
    .map((f) => `${f.path}=http://127.0.0.1:${f.httpPort}`)
    .join(',');
}

/** `pattern=url` pairs of the pages a frontend renders on the server (the edge matches them before the prefixes). */
export function edgePages(stack: Stack): string {
  return stack.frontends.flatMap((f) => f.pages.map((page) => `${page}=http://127.0.0.1:${f.httpPort}`)).join(',');
}

function commonEnv(stack: Stack, name: string): Env {
  const test = stack.profile === 'test';
  return {
    NODE_ENV: test ? 'test' : 'development',
    OTEL_SERVICE_NAME: name,
    LOG_LEVEL: test ? 'warn' : 'info',
  };
}

function grpcAddresses(stack: Stack, calls: string[]): Env {
  const env: Env = {};
  for (const callee of calls) {
    const service = stack.services.find((s) => s.name === callee);
    if (!service) throw new Error(`system.json: "${callee}" is called but is not a service`);
    env[`${callee.toUpperCase()}_GRPC_ADDR`] = `127.0.0.1:${service.grpcPort}`;
  }
  return env;
}

function serviceEnv(stack: Stack, service: ServiceInfo, options: EnvOptions): Env {
  return {
    ...commonEnv(stack, service.name),
    HTTP_PORT: String(service.httpPort),
    INTERNAL_HTTP_PORT: String(service.internalPort),
    GRPC_PORT: String(service.grpcPort),
    DATABASE_URL: databaseUrl(stack, options.database),
    REDIS_URL: redisUrl(stack, service.name, options.secrets ?? loadSecrets(stack)),
    NATS_URL: natsUrl(stack),
    ...natsEnv(options.secrets ?? loadSecrets(stack), service.name),
    ...grpcAddresses(stack, service.calls),
    ...grpcTlsEnv(stack, service.name),
    ...actorKeyEnv(stack, service.name),
    // Services that mail links point them at the site's public origin (the gateway).
    ...(service.uses.includes('mail') ? { PUBLIC_ORIGIN: `http://localhost:${stack.gateway.httpPort}` } : {}),
    ...dependencyEnv(stack, service.uses, () => options.secrets ?? loadSecrets(stack)),
    ...(service.name === 'identity' ? identityKeys(stack, options.secrets ?? loadSecrets(stack)) : {}),
    ...(service.name === 'donations' && service.uses.includes('payments')
      ? donationsKeys(options.secrets ?? loadSecrets(stack))
      : {}),
    ...(service.name === 'notifications' ? webhookEnv(stack, options.secrets ?? loadSecrets(stack)) : {}),
  };
}

/**
 * The test profile's webhook receiver (tests/integration/webhooks.int-spec.ts listens there on 127.0.0.1); the second
 * integration worker's stack has its own (see testSlotStack).
 */
export const WEBHOOK_TEST_RECEIVER_PORT = 4290 + (testSlot() - 1) * TEST_SLOT_SHIFT;

/**
 * notifications' partner webhooks (issue #18): the seal of the endpoints' signing secrets; development may send to
 * private addresses by http; the test profile only to its receiver (every other private target stays refused), with
 * quick retries so a failing endpoint is dead within seconds.
 */
function webhookEnv(stack: Stack, secrets: Secrets): Env {
  const test = stack.profile === 'test';
  return {
    WEBHOOK_ENCRYPTION_KEY: secrets.webhookEncryptionKey,
    WEBHOOK_ALLOW_PRIVATE: test ? 'false' : 'true',
    ...(test
      ? {
          WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${WEBHOOK_TEST_RECEIVER_PORT}`,
          WEBHOOK_RETRY_BASE_MS: '200',
          WEBHOOK_MAX_ATTEMPTS: '3',
          WEBHOOK_TIMEOUT_MS: '3000',
          WEBHOOK_POLL_MS: '200',
          WEBHOOK_PARTNER_CACHE_MS: '1000',
        }
      : {}),
  };
}

/**
 * donations' webhook signing secret: its endpoint's own (/api/donations/webhooks/stripe), not publications', as Stripe
 * gives every endpoint a secret of its own; the suites sign supports' webhooks with it.
 */
function donationsKeys(secrets: Secrets): Env {
  return { STRIPE_WEBHOOK_SECRET: secrets.stripeDonationsWebhookSecret };
}

/**
 * identity's own keys: the TOTP secrets' seal and the recovery codes' HMAC; and Keycloak's admin API, where identity
 * makes, rotates and disables partner clients (issue #18) as the confidential client pencraft-identity-admin.
 */
function identityKeys(stack: Stack, secrets: Secrets): Env {
  return {
    MFA_ENCRYPTION_KEY: secrets.mfaEncryptionKey,
    RECOVERY_CODE_HMAC_KEY: secrets.recoveryCodeHmacKey,
    KEYCLOAK_URL: `http://127.0.0.1:${stack.infra.keycloak.port}`,
    KEYCLOAK_REALM: stack.infra.keycloak.realm,
    KEYCLOAK_ADMIN_CLIENT_ID: 'pencraft-identity-admin',
    KEYCLOAK_ADMIN_CLIENT_SECRET: secrets.keycloakIdentityAdminSecret,
    // The realm file's demo partner, registered on start with every scope (its secret: keycloakPartnersSecret).
    PARTNER_SEED_CLIENTS: 'pencraft-partners',
  };
}

function gatewayEnv(stack: Stack, gateway: GatewayInfo, secrets: Secrets): Env {
  return {
    ...commonEnv(stack, gateway.name),
    HTTP_PORT: String(gateway.httpPort),
    INTERNAL_HTTP_PORT: String(gateway.internalPort),
    REDIS_URL: redisUrl(stack, gateway.name, secrets),
    ...grpcAddresses(stack, gateway.calls),
    ...grpcTlsEnv(stack, gateway.name),
    ...actorKeyEnv(stack, gateway.name),
    ...dependencyEnv(stack, gateway.uses, () => secrets),
    PUBLIC_ORIGIN: `http://localhost:${gateway.httpPort}`,
    COOKIE_SECURE: 'false',
    CSRF_SECRET: secrets.csrfSecret,
    CAPTCHA_HMAC_KEY: secrets.captchaHmacKey,
    ...keycloakEnv(stack),
    // The suites revoke a partner client and see it refused within this (production keeps 30 s, at most a minute).
    ...(stack.profile === 'test' ? { PARTNER_CACHE_SECONDS: '2' } : {}),
    EDGE_ROUTES: edgeRoutes(stack),
    ...(edgePages(stack) ? { EDGE_PAGES: edgePages(stack) } : {}),
  };
}

/**
 * Keycloak for the gateway: reached over loopback; browsers and the tokens' issuer use http://localhost:<port>
 * (Keycloak's fixed hostname, so the issuer does not depend on the name a client used).
 */
export function keycloakEnv(stack: Stack): Env {
  return {
    KEYCLOAK_URL: `http://127.0.0.1:${stack.infra.keycloak.port}`,
    KEYCLOAK_PUBLIC_URL: keycloakPublicUrl(stack),
    KEYCLOAK_REALM: stack.infra.keycloak.realm,
  };
}

/** Keycloak's address as browsers see it; the realm's issuer is `<this>/realms/<realm>`. */
export function keycloakPublicUrl(stack: Stack): string {
  return `http://localhost:${stack.infra.keycloak.port}`;
}

/** SPA_ROUTES: every frontend's client routes, comma separated (none declared: every path is answered). */
export function spaRoutes(stack: Stack): Env {
  const routes = stack.frontends.flatMap((f) => f.routes);
  return routes.length ? { SPA_ROUTES: routes.join(',') } : {};
}

function frontendEnv(stack: Stack, frontend: FrontendInfo): Env {
  return {
    ...commonEnv(stack, frontend.name),
    HOST: '127.0.0.1',
    PORT: String(frontend.httpPort),
    ROOT: join(stack.root, 'frontends', frontend.name, 'dist'),
    // The staff console's page exchanges its Keycloak code from the browser: Keycloak's origin joins connect-src.
    CSP_CONNECT_SRC: keycloakPublicUrl(stack),
    // The shell owns `/`: the routes of every frontend are client-side routes (200), any other page is not found (404).
    ...(frontend.path === '/' ? { SPA_FALLBACK: 'true', ...spaRoutes(stack) } : {}),
    ...(frontend.renderer ? rendererEnv(stack, frontend, frontend.renderer) : {}),
  };
}

/** Renderer mode: the module, the API (the gateway), the shell's index.html and the public origin. */
function rendererEnv(stack: Stack, frontend: FrontendInfo, renderer: string): Env {
  const shell = stack.frontends.find((f) => f.path === '/');
  if (!shell) throw new Error('system.json: a frontend renders pages but no frontend is served at /');
  return {
    BASE_PATH: frontend.path,
    RENDERER: join(stack.root, 'frontends', frontend.name, renderer),
    API_ORIGIN: `http://127.0.0.1:${stack.gateway.httpPort}`,
    SHELL_ORIGIN: `http://127.0.0.1:${shell.httpPort}`,
    PUBLIC_ORIGIN: `http://localhost:${stack.gateway.httpPort}`,
  };
}
