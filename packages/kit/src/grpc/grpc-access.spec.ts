import { generateKeyPairSync } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { firstValueFrom, of } from 'rxjs';
import {
  GrpcAccessInterceptor,
  mayCall,
  peerName,
  splitPath,
  trustedCallers,
  type GrpcServerCall,
} from './grpc-access.js';
import { signActorToken } from './actor-token.js';

const LIST = {
  'articles.v1.ArticlesService': { DecideReview: ['moderation'], GetArticle: ['gateway'], Orphan: [] },
  'grpc.health.v1.Health': { Check: ['*'] },
};

const callAs = (cn: string | undefined, path: string): GrpcServerCall => ({
  getPath: () => path,
  getAuthContext: () => (cn === undefined ? {} : { sslPeerCertificate: { subject: { O: 'Pencraft', CN: cn } } }),
});

function rpcContext(call: GrpcServerCall): ExecutionContext {
  return {
    getType: () => 'rpc',
    getArgByIndex: (index: number) => (index === 2 ? call : undefined),
  } as unknown as ExecutionContext;
}

/** A handler that records whether it ran. */
function handler() {
  const next = { ran: false, handle: () => ((next.ran = true), of('answer')) };
  return next as CallHandler & { ran: boolean };
}

describe('the gRPC allow-list', () => {
  it('reads the caller from its certificate and the method from the path', () => {
    expect(peerName(callAs('moderation', '/x/Y'))).toBe('moderation');
    expect(peerName(callAs(undefined, '/x/Y'))).toBeUndefined();
    expect(peerName({ getAuthContext: () => null })).toBeUndefined();
    expect(splitPath('/articles.v1.ArticlesService/DecideReview')).toEqual({
      service: 'articles.v1.ArticlesService',
      method: 'DecideReview',
    });
    expect(splitPath('articles.v1.ArticlesService/DecideReview')).toBeUndefined();
  });

  it('admits the listed callers only, any named caller where "*" is listed, and refuses unlisted methods', () => {
    expect(mayCall(LIST, '/articles.v1.ArticlesService/DecideReview', 'moderation')).toBe(true);
    expect(mayCall(LIST, '/articles.v1.ArticlesService/DecideReview', 'gateway')).toBe(false);
    expect(mayCall(LIST, '/articles.v1.ArticlesService/DecideReview', undefined)).toBe(false);
    expect(mayCall(LIST, '/articles.v1.ArticlesService/Orphan', 'gateway')).toBe(false);
    expect(mayCall(LIST, '/articles.v1.ArticlesService/Unknown', 'moderation')).toBe(false);
    expect(mayCall(LIST, '/search.v1.SearchService/Search', 'gateway')).toBe(false);
    expect(mayCall(LIST, '/grpc.health.v1.Health/Check', 'search')).toBe(true);
    expect(mayCall(LIST, '/grpc.health.v1.Health/Check', undefined)).toBe(false);
  });

  it('trusts the local test client with listed methods, never with unlisted ones', () => {
    expect(mayCall(LIST, '/articles.v1.ArticlesService/DecideReview', 'test-client', ['test-client'])).toBe(true);
    expect(mayCall(LIST, '/articles.v1.ArticlesService/Orphan', 'test-client', ['test-client'])).toBe(true);
    expect(mayCall(LIST, '/articles.v1.ArticlesService/Unknown', 'test-client', ['test-client'])).toBe(false);
  });

  it('refuses a caller before the handler runs, with Forbidden (PERMISSION_DENIED)', async () => {
    const interceptor = new GrpcAccessInterceptor(LIST);
    const next = handler();
    const refused = firstValueFrom(
      interceptor.intercept(rpcContext(callAs('search', '/articles.v1.ArticlesService/DecideReview')), next),
    );
    await expect(refused).rejects.toEqual(new AppError('Forbidden'));
    expect(next.ran).toBe(false);
  });

  it('lets an allowed caller through, and HTTP requests untouched', async () => {
    const interceptor = new GrpcAccessInterceptor(LIST);
    const next = handler();
    await expect(
      firstValueFrom(
        interceptor.intercept(rpcContext(callAs('moderation', '/articles.v1.ArticlesService/DecideReview')), next),
      ),
    ).resolves.toBe('answer');
    const http = handler();
    const httpContext = { getType: () => 'http' } as unknown as ExecutionContext;
    await expect(firstValueFrom(interceptor.intercept(httpContext, http))).resolves.toBe('answer');
  });

  it('takes trusted callers from the environment, never in production', () => {
    expect(trustedCallers({ GRPC_ACCESS_TRUSTED: 'test-client', NODE_ENV: 'test' })).toEqual(['test-client']);
    expect(trustedCallers({ NODE_ENV: 'production' })).toEqual([]);
    expect(() => trustedCallers({ GRPC_ACCESS_TRUSTED: 'test-client', NODE_ENV: 'production' })).toThrow(
      /local stacks/,
    );
  });
});

describe('actor tokens at the server', () => {
  const gatewayKeys = generateKeyPairSync('ed25519');
  const ACTORS = { self: 'articles', key: gatewayKeys.publicKey };
  const path = '/articles.v1.DraftsService/UpdateDraft';
  const list = { 'articles.v1.DraftsService': { UpdateDraft: ['gateway'] } };

  function context(caller: string, request: object, token?: string): ExecutionContext {
    const metadata = new Metadata();
    if (token) metadata.set('x-actor-token', token);
    const args = [request, metadata, callAs(caller, path)];
    return { getType: () => 'rpc', getArgByIndex: (i: number) => args[i] } as unknown as ExecutionContext;
  }
  const outcome = async (interceptor: GrpcAccessInterceptor, ctx: ExecutionContext) => {
    const next = handler();
    try {
      await firstValueFrom(interceptor.intercept(ctx, next));
      return next.ran ? 'handled' : 'not run';
    } catch (error) {
      return (error as AppError).code;
    }
  };
  const sign = (sub: string, aud = 'articles', nowMs = Date.now()) =>
    signActorToken(gatewayKeys.privateKey, { sub, aud }, { nowMs });

  it('admits a request naming the user of a valid token', async () => {
    const interceptor = new GrpcAccessInterceptor(list, [], ACTORS);
    expect(await outcome(interceptor, context('gateway', { actorUid: 'u-1' }, sign('u-1')))).toBe('handled');
  });

  it('refuses an absent, forged, expired or misaddressed token, and one of another user', async () => {
    const interceptor = new GrpcAccessInterceptor(list, [], ACTORS);
    const forged = signActorToken(generateKeyPairSync('ed25519').privateKey, { sub: 'u-1', aud: 'articles' });
    expect(await outcome(interceptor, context('gateway', { actorUid: 'u-1' }))).toBe('Unauthorized');
    expect(await outcome(interceptor, context('gateway', { actorUid: 'u-1' }, forged))).toBe('Unauthorized');
    expect(await outcome(interceptor, context('gateway', { actorUid: 'u-1' }, sign('u-1', 'articles', 0)))).toBe(
      'Unauthorized',
    );
    expect(await outcome(interceptor, context('gateway', { actorUid: 'u-1' }, sign('u-1', 'comments')))).toBe(
      'Unauthorized',
    );
    expect(await outcome(interceptor, context('gateway', { actorUid: 'u-1' }, sign('u-2')))).toBe('Forbidden');
  });

  it('needs no token when the request names no user, nor from the trusted test client', async () => {
    const interceptor = new GrpcAccessInterceptor(list, ['test-client'], ACTORS);
    expect(await outcome(interceptor, context('gateway', { actorUid: '' }))).toBe('handled');
    expect(await outcome(interceptor, context('test-client', { actorUid: 'u-1' }))).toBe('handled');
    expect(await outcome(interceptor, context('test-client', { actorUid: 'u-1' }, sign('u-2')))).toBe('Forbidden');
  });
});
