import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, edgeRoutes, envFor, WEBHOOK_TEST_RECEIVER_PORT } from './env.ts';
import { messagingPassword } from './messaging.ts';
import { loadSecrets, secretsFile } from './secrets.ts';
import { appsOf, loadSystem, stackFor, type SystemJson } from './registry.ts';

const system: SystemJson = {
  product: 'Pencraft',
  infrastructure: {
    postgres: { port: 55432, database: 'pencraft' },
    redis: { port: 6390 },
    nats: { port: 4223, monitorPort: 8223 },
    mail: { smtpPort: 1125, httpPort: 8125 },
    objectStore: { port: 7070, bucket: 'pencraft-media', region: 'us-east-1' },
    keycloak: { port: 8380, managementPort: 9380, realm: 'pencraft', version: '26.7.3' },
    stripe: { port: 12111, httpsPort: 12112 },
  },
  gateway: { httpPort: 8080, internalPort: 9080, calls: ['identity', 'articles'], uses: ['objectStore'] },
  services: {
    identity: {
      httpPort: 4101,
      internalPort: 9101,
      grpcPort: 5101,
      schema: 'identity',
      calls: [],
      uses: ['mail', 'objectStore'],
    },
    articles: { httpPort: 4102, internalPort: 9102, grpcPort: 5102, schema: 'articles', calls: ['identity'] },
    publications: {
      httpPort: 4104,
      internalPort: 9104,
      grpcPort: 5104,
      schema: 'publications',
      calls: [],
      uses: ['payments'],
    },
    donations: {
      httpPort: 4105,
      internalPort: 9105,
      grpcPort: 5105,
      schema: 'donations',
      calls: ['identity', 'articles'],
      uses: ['payments'],
    },
  },
  frontends: {
    shell: { port: 3000, path: '/' },
    reader: { port: 3001, path: '/mf/reader/' },
    editor: { port: 3002, path: '/mf/editor/' },
  },
  testPortOffset: 100,
};
const secrets = {
  csrfSecret: 'x'.repeat(64),
  s3AccessKey: 'PCACCESSKEY0123456789',
  s3SecretKey: 's'.repeat(40),
  captchaHmacKey: 'h'.repeat(64),
  mfaEncryptionKey: 'm'.repeat(64),
  recoveryCodeHmacKey: 'r'.repeat(64),
  keycloakBootstrapPassword: 'b'.repeat(24),
  keycloakModeratorPassword: 'o'.repeat(24),
  keycloakAdminPassword: 'a'.repeat(24),
  keycloakFinancePassword: 'f'.repeat(24),
  keycloakNoStaffPassword: 'n'.repeat(24),
  keycloakPartnersSecret: 'p'.repeat(43),
  keycloakTestsSecret: 't'.repeat(43),
  keycloakIdentityAdminSecret: 'i'.repeat(43),
  stripeSecretKey: `sk_test_${'k'.repeat(48)}`,
  stripeWebhookSecret: `whsec_${'w'.repeat(48)}`,
  stripeDonationsWebhookSecret: `whsec_${'d'.repeat(48)}`,
  webhookEncryptionKey: 'e'.repeat(64),
  messagingKey: 'f'.repeat(64),
};
const dev = stackFor('dev', system, '/repo');
const test = stackFor('test', system, '/repo');

describe('stackFor', () => {
  it('keeps the listed ports for dev and shifts every port by the offset for test', () => {
    expect(dev.infra).toEqual({
      postgres: { port: 55432, database: 'pencraft' },
      redis: { port: 6390 },
      nats: { port: 4223, monitorPort: 8223 },
      mail: { smtpPort: 1125, httpPort: 8125 },
      objectStore: { port: 7070, bucket: 'pencraft-media', region: 'us-east-1' },
      keycloak: { port: 8380, managementPort: 9380, realm: 'pencraft', version: '26.7.3' },
      stripe: { port: 12111, httpsPort: 12112 },
    });
    expect(test.infra).toEqual({
      postgres: { port: 55532, database: 'pencraft' },
      redis: { port: 6490 },
      nats: { port: 4323, monitorPort: 8323 },
      mail: { smtpPort: 1225, httpPort: 8225 },
      objectStore: { port: 7170, bucket: 'pencraft-media', region: 'us-east-1' },
      keycloak: { port: 8480, managementPort: 9480, realm: 'pencraft', version: '26.7.3' },
      stripe: { port: 12211, httpsPort: 12212 },
    });
    expect(appsOf(test).map((a) => [a.name, a.httpPort])).toEqual([
      ['identity', 4201],
      ['articles', 4202],
      ['publications', 4204],
      ['donations', 4205],
      ['gateway', 8180],
      ['shell', 3100],
      ['reader', 3101],
      ['editor', 3102],
    ]);
    expect([test.gateway.internalPort, ...test.services.map((s) => s.internalPort)]).toEqual([
      9180, 9201, 9202, 9204, 9205,
    ]);
  });

  it('separates data and run directories per profile', () => {
    expect([dev.dataDir, dev.runDir, dev.logDir]).toEqual(['/repo/.data/dev', '/repo/.run/dev', '/repo/.run/dev/logs']);
    expect([test.dataDir, test.runDir]).toEqual(['/repo/.data/test', '/repo/.run/test']);
  });
});

describe('envFor', () => {
  it('composes a service environment for dev', () => {
    expect(envFor('identity', 'dev', { stack: dev, secrets })).toEqual({
      NODE_ENV: 'development',
      OTEL_SERVICE_NAME: 'identity',
      LOG_LEVEL: 'info',
      HTTP_PORT: '4101',
      INTERNAL_HTTP_PORT: '9101',
      GRPC_PORT: '5101',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:55432/pencraft',
      // Its own Redis ACL user and NATS user (issue #19), passwords derived from messagingKey.
      REDIS_URL: `redis://identity:${messagingPassword(secrets, 'redis', 'identity')}@127.0.0.1:6390`,
      NATS_URL: 'nats://127.0.0.1:4223',
      NATS_USER: 'identity',
      NATS_PASSWORD: messagingPassword(secrets, 'nats', 'identity'),
      // Its gRPC identity (issue #19), made by ensurePki under .data/<profile>/pki.
      GRPC_TLS_CA_FILE: '/repo/.data/dev/pki/identity/ca.crt',
      GRPC_TLS_CERT_FILE: '/repo/.data/dev/pki/identity/tls.crt',
      GRPC_TLS_KEY_FILE: '/repo/.data/dev/pki/identity/tls.key',
      GRPC_ACCESS_TRUSTED: 'test-client',
      ACTOR_TOKEN_VERIFY_KEY_FILE: '/repo/.data/dev/pki/actor/verify.pub',
      // Links in mails point at the public site.
      PUBLIC_ORIGIN: 'http://localhost:8080',
      SMTP_URL: 'smtp://127.0.0.1:1125',
      MAIL_FROM: 'Pencraft <no-reply@pencraft.local>',
      S3_ENDPOINT: 'http://127.0.0.1:7070',
      S3_ACCESS_KEY: secrets.s3AccessKey,
      S3_SECRET_KEY: secrets.s3SecretKey,
      S3_BUCKET: 'pencraft-media',
      S3_REGION: 'us-east-1',
      MFA_ENCRYPTION_KEY: secrets.mfaEncryptionKey,
      RECOVERY_CODE_HMAC_KEY: secrets.recoveryCodeHmacKey,
      // Partner clients (issue #18): Keycloak's admin API as the confidential client pencraft-identity-admin.
      KEYCLOAK_URL: 'http://127.0.0.1:8380',
      KEYCLOAK_REALM: 'pencraft',
      KEYCLOAK_ADMIN_CLIENT_ID: 'pencraft-identity-admin',
      KEYCLOAK_ADMIN_CLIENT_SECRET: 'i'.repeat(43),
      PARTNER_SEED_CLIENTS: 'pencraft-partners',
    });
  });

  it('gives mail and object store variables only to the processes that declare them in `uses`', () => {
    const articles = envFor('articles', 'dev', { stack: dev, secrets });
    expect(
      Object.keys(articles).filter((k) => k.startsWith('S3_') || k.startsWith('SMTP') || k === 'MAIL_FROM'),
    ).toEqual([]);
    const gateway = envFor('gateway', 'test', { stack: test, secrets });
    expect(gateway.S3_ENDPOINT).toBe('http://127.0.0.1:7170');
    expect(gateway.SMTP_URL).toBeUndefined();
    expect(envFor('identity', 'test', { stack: test, secrets }).SMTP_URL).toBe('smtp://127.0.0.1:1225');
    expect(envFor('shell', 'dev', { stack: dev, secrets }).S3_ENDPOINT).toBeUndefined();
  });

  it('gives the Stripe variables (stripe-mock, test-mode key and webhook secret) only to the users of payments', () => {
    const stripeKeys = (env: Record<string, string>) => Object.keys(env).filter((k) => k.startsWith('STRIPE_'));
    expect(envFor('publications', 'test', { stack: test, secrets })).toMatchObject({
      STRIPE_API_BASE: 'http://127.0.0.1:12211',
      STRIPE_SECRET_KEY: secrets.stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret,
    });
    expect(envFor('publications', 'dev', { stack: dev, secrets }).STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
    for (const name of ['identity', 'articles', 'gateway', 'shell']) {
      expect(stripeKeys(envFor(name, 'dev', { stack: dev, secrets }))).toEqual([]);
    }
  });

  it("signs donations' webhooks with the endpoint's own secret, not publications'", () => {
    const env = envFor('donations', 'test', { stack: test, secrets });
    expect(env).toMatchObject({
      STRIPE_API_BASE: 'http://127.0.0.1:12211',
      STRIPE_SECRET_KEY: secrets.stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: secrets.stripeDonationsWebhookSecret,
      IDENTITY_GRPC_ADDR: '127.0.0.1:5201',
      ARTICLES_GRPC_ADDR: '127.0.0.1:5202',
    });
    expect(envFor('publications', 'test', { stack: test, secrets }).STRIPE_WEBHOOK_SECRET).toBe(
      secrets.stripeWebhookSecret,
    );
  });

  it('refuses a `uses` entry that is not a known dependency', () => {
    const broken: SystemJson = {
      ...system,
      services: { identity: { ...system.services.identity!, uses: ['ftp'] } },
    };
    expect(() => stackFor('dev', broken, '/repo')).toThrow(/identity uses "ftp"/);
  });

  it('uses test values and shifted ports for the test profile', () => {
    const env = envFor('identity', 'test', { stack: test, secrets });
    expect(env).toMatchObject({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HTTP_PORT: '4201',
      INTERNAL_HTTP_PORT: '9201',
      GRPC_PORT: '5201',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:55532/pencraft',
      REDIS_URL: `redis://identity:${messagingPassword(secrets, 'redis', 'identity')}@127.0.0.1:6490`,
      NATS_URL: 'nats://127.0.0.1:4323',
    });
  });

  it('lets the test profile pick another database, and only the test profile', () => {
    expect(envFor('identity', 'test', { stack: test, secrets, database: 'pencraft_e2e' }).DATABASE_URL).toBe(
      'postgres://postgres@127.0.0.1:55532/pencraft_e2e',
    );
    expect(() => envFor('identity', 'dev', { stack: dev, secrets, database: 'other' })).toThrow(/only allowed/);
    expect(() => databaseUrl(test, 'bad-name; drop')).toThrow(/invalid database name/);
  });

  it('gives articles the addresses of what it calls, and no way around review in any profile', () => {
    const env = envFor('articles', 'dev', { stack: dev, secrets });
    expect(env.IDENTITY_GRPC_ADDR).toBe('127.0.0.1:5101');
    // Articles always wait for moderation: tests approve through ArticlesService.DecideReview (tests/support/review.ts).
    expect(env).not.toHaveProperty('PUBLISH_WITHOUT_REVIEW');
    expect(envFor('articles', 'test', { stack: test, secrets })).not.toHaveProperty('PUBLISH_WITHOUT_REVIEW');
  });

  it('composes the gateway: callees, origin, cookies, CSRF secret, edge routes; no database, no NATS, no gRPC port', () => {
    const env = envFor('gateway', 'dev', { stack: dev, secrets });
    expect(env).toEqual({
      NODE_ENV: 'development',
      OTEL_SERVICE_NAME: 'gateway',
      LOG_LEVEL: 'info',
      HTTP_PORT: '8080',
      INTERNAL_HTTP_PORT: '9080',
      REDIS_URL: `redis://gateway:${messagingPassword(secrets, 'redis', 'gateway')}@127.0.0.1:6390`,
      IDENTITY_GRPC_ADDR: '127.0.0.1:5101',
      ARTICLES_GRPC_ADDR: '127.0.0.1:5102',
      PUBLIC_ORIGIN: 'http://localhost:8080',
      GRPC_TLS_CA_FILE: '/repo/.data/dev/pki/gateway/ca.crt',
      GRPC_TLS_CERT_FILE: '/repo/.data/dev/pki/gateway/tls.crt',
      GRPC_TLS_KEY_FILE: '/repo/.data/dev/pki/gateway/tls.key',
      GRPC_ACCESS_TRUSTED: 'test-client',
      ACTOR_TOKEN_SIGNING_KEY_FILE: '/repo/.data/dev/pki/actor/signing.key',
      COOKIE_SECURE: 'false',
      S3_ENDPOINT: 'http://127.0.0.1:7070',
      S3_ACCESS_KEY: secrets.s3AccessKey,
      S3_SECRET_KEY: secrets.s3SecretKey,
      S3_BUCKET: 'pencraft-media',
      S3_REGION: 'us-east-1',
      CSRF_SECRET: secrets.csrfSecret,
      CAPTCHA_HMAC_KEY: secrets.captchaHmacKey,
      KEYCLOAK_URL: 'http://127.0.0.1:8380',
      KEYCLOAK_PUBLIC_URL: 'http://localhost:8380',
      KEYCLOAK_REALM: 'pencraft',
      EDGE_ROUTES: '/mf/editor/=http://127.0.0.1:3002,/mf/reader/=http://127.0.0.1:3001,/=http://127.0.0.1:3000',
    });
  });

  it('shifts the gateway origin and edge routes for the test profile', () => {
    const env = envFor('gateway', 'test', { stack: test, secrets });
    expect(env.PUBLIC_ORIGIN).toBe('http://localhost:8180');
    expect(env.IDENTITY_GRPC_ADDR).toBe('127.0.0.1:5201');
    expect(env.PARTNER_CACHE_SECONDS).toBe('2');
    expect(edgeRoutes(test)).toBe(
      '/mf/editor/=http://127.0.0.1:3102,/mf/reader/=http://127.0.0.1:3101,/=http://127.0.0.1:3100',
    );
  });

  it('composes a frontend static server, with SPA fallback for the shell only', () => {
    expect(envFor('shell', 'dev', { stack: dev, secrets })).toEqual({
      NODE_ENV: 'development',
      OTEL_SERVICE_NAME: 'shell',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '3000',
      ROOT: '/repo/frontends/shell/dist',
      CSP_CONNECT_SRC: 'http://localhost:8380',
      SPA_FALLBACK: 'true',
    });
    const reader = envFor('reader', 'test', { stack: test, secrets });
    expect(reader).toMatchObject({
      PORT: '3101',
      ROOT: '/repo/frontends/reader/dist',
      CSP_CONNECT_SRC: 'http://localhost:8480',
    });
    expect(reader.SPA_FALLBACK).toBeUndefined();
    expect(reader.SPA_ROUTES).toBeUndefined();
  });

  it("gives the shell's server every frontend's client routes (the rest of the pages answer 404)", () => {
    const routed = stackFor(
      'test',
      {
        ...system,
        frontends: {
          ...system.frontends,
          shell: { port: 3000, path: '/', routes: ['/login', '/about'] },
          reader: { port: 3001, path: '/mf/reader/', routes: ['/', '/a/:id'] },
        },
      },
      '/repo',
    );
    expect(envFor('shell', 'test', { stack: routed, secrets }).SPA_ROUTES).toBe('/login,/about,/,/a/:id');
  });

  it('runs a frontend that renders pages in renderer mode and routes its pages to it at the edge', () => {
    const rendering = stackFor(
      'test',
      {
        ...system,
        frontends: {
          ...system.frontends,
          reader: { port: 3001, path: '/mf/reader/', renderer: 'dist-server/renderer.cjs', pages: ['/', '/a/:id'] },
        },
      },
      '/repo',
    );
    expect(envFor('reader', 'test', { stack: rendering, secrets })).toMatchObject({
      PORT: '3101',
      BASE_PATH: '/mf/reader/',
      RENDERER: '/repo/frontends/reader/dist-server/renderer.cjs',
      API_ORIGIN: 'http://127.0.0.1:8180',
      SHELL_ORIGIN: 'http://127.0.0.1:3100',
      PUBLIC_ORIGIN: 'http://localhost:8180',
    });
    expect(envFor('gateway', 'test', { stack: rendering, secrets }).EDGE_PAGES).toBe(
      '/=http://127.0.0.1:3101,/a/:id=http://127.0.0.1:3101',
    );
    expect(envFor('editor', 'test', { stack: rendering, secrets }).RENDERER).toBeUndefined();
  });

  it('rejects unknown names and callees that are not services', () => {
    expect(() => envFor('nope', 'dev', { stack: dev, secrets })).toThrow(/unknown process "nope"/);
    const broken = stackFor(
      'dev',
      { ...system, gateway: { httpPort: 8080, internalPort: 9080, calls: ['ghost'] } },
      '/repo',
    );
    expect(() => envFor('gateway', 'dev', { stack: broken, secrets })).toThrow(/"ghost" is called/);
  });

  it('accepts every process of the real registry', () => {
    const real = stackFor('test', loadSystem(), '/repo');
    for (const app of appsOf(real)) {
      const env = envFor(app.name, 'test', { stack: real, secrets });
      expect(Object.values(env).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
    }
    expect(real.gateway.httpPort).toBe(loadSystem().gateway.httpPort + loadSystem().testPortOffset);
  });

  it('gives notifications its webhook seal, private targets in development only, the test receiver in tests', () => {
    const tests = envFor('notifications', 'test', { stack: stackFor('test', loadSystem(), '/repo'), secrets });
    expect(tests).toMatchObject({
      WEBHOOK_ENCRYPTION_KEY: secrets.webhookEncryptionKey,
      WEBHOOK_ALLOW_PRIVATE: 'false',
      WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${WEBHOOK_TEST_RECEIVER_PORT}`,
      WEBHOOK_MAX_ATTEMPTS: '3',
    });
    const development = envFor('notifications', 'dev', { stack: stackFor('dev', loadSystem(), '/repo'), secrets });
    expect(development.WEBHOOK_ALLOW_PRIVATE).toBe('true');
    expect(development.WEBHOOK_ALLOWED_TARGETS).toBeUndefined();
    expect(envFor('articles', 'test', { stack: test, secrets }).WEBHOOK_ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('loadSecrets', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'devstack-secrets-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('generates every secret once, private to the owner, and returns the same ones afterwards', () => {
    const stack = stackFor('test', system, root);
    const first = loadSecrets(stack);
    expect(first.csrfSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.s3AccessKey).toMatch(/^[0-9A-Z]{20}$/);
    expect(first.s3SecretKey.length).toBeGreaterThanOrEqual(40);
    expect(first.captchaHmacKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.mfaEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.recoveryCodeHmacKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.webhookEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(secretsFile(stack)).mode & 0o777).toBe(0o600);
    expect(loadSecrets(stack)).toEqual(first);
  });

  it('adds the secrets an older file lacks and keeps the ones it has', () => {
    const stack = stackFor('dev', system, root);
    loadSecrets(stack);
    const kept = 'k'.repeat(64);
    writeFileSync(secretsFile(stack), JSON.stringify({ csrfSecret: kept }));
    const secrets = loadSecrets(stack);
    expect(secrets.csrfSecret).toBe(kept);
    expect(secrets.s3AccessKey).toMatch(/^[0-9A-Z]{20}$/);
    expect(JSON.parse(readFileSync(secretsFile(stack), 'utf8'))).toEqual(secrets);
  });
});
