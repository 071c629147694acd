// Zero trust between services over gRPC (issue #19), against a real articles service of the test stack: every
// connection is mutual TLS with a certificate per service from the stack's CA (.data/test/pki), and every method
// admits only the callers packages/contracts/src/grpc-access.ts lists for it. Raw grpc-js clients, so each refusal
// is seen as the status the server (or the TLS handshake) gave, without the kit's retries and breaker in between.
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials, Metadata, status, type ChannelCredentials, type ServiceError } from '@grpc/grpc-js';
import {
  ArticlesServiceClient,
  ReviewDecision,
  type GetArticleRefResponse,
} from '@pencraft/contracts/articles/v1/articles';
import { DraftsServiceClient, type ListDraftsResponse } from '@pencraft/contracts/articles/v1/drafts';
import { signActorToken } from '@pencraft/kit';
import { actorKeyFiles, identityFiles, makeForeignIdentity } from '../../packages/devstack/src/certs.ts';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import {
  freshDatabase,
  grpcAddress,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';

let db: TestDatabase;
const apps: AppHandle[] = [];
const clients: { close(): void }[] = [];

/** The credentials of an identity of the test stack's PKI. */
function identity(name: string): ChannelCredentials {
  const files = identityFiles(stack, name);
  return credentials.createSsl(readFileSync(files.ca), readFileSync(files.key), readFileSync(files.cert));
}

/** An articles client with these credentials, expecting the server to be named `serverName`. */
function articlesAs(creds: ChannelCredentials, serverName = 'articles'): ArticlesServiceClient {
  const client = new ArticlesServiceClient(grpcAddress('articles'), creds, {
    'grpc.ssl_target_name_override': serverName,
    'grpc.default_authority': serverName,
  });
  clients.push(client);
  return client;
}

/** GetArticleRef (an unknown id answers found: false): the status code, 0 when it was answered. */
function getArticleRef(client: ArticlesServiceClient, metadata = new Metadata()): Promise<number> {
  return new Promise((resolve) => {
    client.getArticleRef(
      { articleId: '00000000-0000-4000-8000-000000000000' },
      metadata,
      { deadline: Date.now() + 3_000 },
      (error: ServiceError | null, response?: GetArticleRefResponse) =>
        resolve(error ? error.code : response?.found === false ? 0 : -1),
    );
  });
}

/** DecideReview of an unknown article: the status code (NOT_FOUND once past the allow-list). */
function decideReview(client: ArticlesServiceClient): Promise<number> {
  return new Promise((resolve) => {
    client.decideReview(
      {
        articleId: '00000000-0000-4000-8000-000000000000',
        decision: ReviewDecision.REVIEW_DECISION_START_INITIAL_REVIEW,
        note: '',
      },
      new Metadata(),
      { deadline: Date.now() + 3_000 },
      (error: ServiceError | null) => resolve(error ? error.code : 0),
    );
  });
}

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('zero_trust_grpc');
  apps.push(await startService('articles', db.name));
});

afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('mutual TLS', () => {
  it('answers a caller with a certificate of the stack, and refuses one without any', async () => {
    expect(await getArticleRef(articlesAs(identity('comments')))).toBe(0);
    expect(await getArticleRef(articlesAs(credentials.createInsecure()))).toBe(status.UNAVAILABLE);
    // TLS without a client certificate: the server requires one.
    const ca = readFileSync(identityFiles(stack, 'comments').ca);
    expect(await getArticleRef(articlesAs(credentials.createSsl(ca)))).toBe(status.UNAVAILABLE);
  });

  it('refuses a certificate from another CA, even under a service name that would be allowed', async () => {
    const foreign = makeForeignIdentity(mkdtempSync(join(tmpdir(), 'pencraft-foreign-')), 'comments');
    // Trusting the stack's CA for the server, presenting the foreign certificate.
    const creds = credentials.createSsl(
      readFileSync(identityFiles(stack, 'comments').ca),
      readFileSync(foreign.key),
      readFileSync(foreign.cert),
    );
    expect(await getArticleRef(articlesAs(creds))).toBe(status.UNAVAILABLE);
  });

  it('lets a client refuse a server that is not the service it meant to call', async () => {
    expect(await getArticleRef(articlesAs(identity('comments'), 'publications'))).toBe(status.UNAVAILABLE);
  });
});

describe('the per-method allow-list', () => {
  it('admits the callers listed for a method', async () => {
    expect(await getArticleRef(articlesAs(identity('donations')))).toBe(0);
    // Past the allow-list, the unknown article is the handler's answer.
    expect(await decideReview(articlesAs(identity('moderation')))).toBe(status.NOT_FOUND);
  });

  it('refuses a service calling a method it is not allowed, with PERMISSION_DENIED', async () => {
    expect(await decideReview(articlesAs(identity('search')))).toBe(status.PERMISSION_DENIED);
    expect(await decideReview(articlesAs(identity('gateway')))).toBe(status.PERMISSION_DENIED);
    expect(await decideReview(articlesAs(identity('comments')))).toBe(status.PERMISSION_DENIED);
    expect(await getArticleRef(articlesAs(identity('search')))).toBe(status.PERMISSION_DENIED);
    expect(await getArticleRef(articlesAs(identity('gateway')))).toBe(status.PERMISSION_DENIED);
  });
});

describe('actor tokens', () => {
  const uid = randomUUID();
  const gatewayKey = () => createPrivateKey(readFileSync(actorKeyFiles(stack).signing));
  let drafts: DraftsServiceClient;

  /** ListDrafts for `uid` as the gateway, with this actor token (none when undefined): the status code. */
  function listDrafts(token: string | undefined, actorUid = uid): Promise<number> {
    const metadata = new Metadata();
    if (token) metadata.set('x-actor-token', token);
    return new Promise((resolve) => {
      drafts.listDrafts(
        { actorUid },
        metadata,
        { deadline: Date.now() + 3_000 },
        (error: ServiceError | null, response?: ListDraftsResponse) =>
          resolve(error ? error.code : response?.drafts.length === 0 ? 0 : -1),
      );
    });
  }

  beforeAll(() => {
    const files = identityFiles(stack, 'gateway');
    drafts = new DraftsServiceClient(
      grpcAddress('articles'),
      credentials.createSsl(readFileSync(files.ca), readFileSync(files.key), readFileSync(files.cert)),
      { 'grpc.ssl_target_name_override': 'articles' },
    );
    clients.push(drafts);
  });

  it('admits the gateway acting for the user its token names', async () => {
    expect(await listDrafts(signActorToken(gatewayKey(), { sub: uid, aud: 'articles' }))).toBe(0);
  });

  it('refuses the request without a token, or with a forged, expired or misaddressed one', async () => {
    expect(await listDrafts(undefined)).toBe(status.UNAUTHENTICATED);
    const forger = generateKeyPairSync('ed25519').privateKey;
    expect(await listDrafts(signActorToken(forger, { sub: uid, aud: 'articles' }))).toBe(status.UNAUTHENTICATED);
    const expired = signActorToken(gatewayKey(), { sub: uid, aud: 'articles' }, { nowMs: Date.now() - 120_000 });
    expect(await listDrafts(expired)).toBe(status.UNAUTHENTICATED);
    expect(await listDrafts(signActorToken(gatewayKey(), { sub: uid, aud: 'comments' }))).toBe(status.UNAUTHENTICATED);
    expect(await listDrafts('not.a.token')).toBe(status.UNAUTHENTICATED);
  });

  it('refuses a token of another user than the request names', async () => {
    expect(await listDrafts(signActorToken(gatewayKey(), { sub: randomUUID(), aud: 'articles' }))).toBe(
      status.PERMISSION_DENIED,
    );
  });
});
