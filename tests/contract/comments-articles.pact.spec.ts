// The contract of articles.v1.ArticlesService.GetArticleRef between its caller (comments) and its provider
// (articles). The consumer side states what comments needs of the answer and runs its real reading of it (may the
// article be commented, its title and authors for the events); the provider side checks that articles' real answer
// builder produces such a message. (An unknown article is proto3's empty message, which a Pact message
// cannot hold; the integration test covers it.) The answer travels as protobuf over gRPC; the contract is written in its
// canonical JSON form (ts-proto toJSON/fromJSON), as the events' contracts are.
import {
  asynchronousBodyHandler,
  MatchersV3,
  MessageConsumerPact,
  MessageProviderPact,
  providerWithMetadata,
} from '@pact-foundation/pact';
import { GetArticleRefResponse } from '@pencraft/contracts/articles/v1/articles';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { articleRefResponse } from '../../services/articles/src/comments/article-ref.grpc.controller.ts';
import { articleSummaryOf, takesComments } from '../../services/comments/src/articles/article-directory.ts';
import { PACT_DIR } from './pact-dir.ts';

const { like, uuid, eachLike } = MatchersV3;
const consumer = 'comments';
const provider = 'articles';
const rpc = 'articles.v1.ArticlesService/GetArticleRef';
const metadata = { rpc };
const published = `${rpc} answer for a published article`;

describe(rpc, () => {
  it('comments can decide and announce from what it receives (consumer: comments)', async () => {
    const pact = new MessageConsumerPact({ consumer, provider, dir: PACT_DIR, logLevel: 'warn' });
    await pact
      .given('a published article with an accepted co-author')
      .expectsToReceive(published)
      .withContent({
        found: true,
        status: 'ARTICLE_STATUS_PUBLISHED',
        title: like('Çay mədəniyyəti'),
        authorUids: eachLike(uuid('0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b'), 2),
      })
      .withMetadata(metadata)
      .verify(
        asynchronousBodyHandler(async (body: unknown) => {
          const answer = GetArticleRefResponse.decode(
            GetArticleRefResponse.encode(GetArticleRefResponse.fromJSON(body)).finish(),
          );
          const summary = articleSummaryOf(answer);
          expect(takesComments(summary)).toBe(true);
          expect(summary.title).toBe('Çay mədəniyyəti');
          expect(summary.authorUids).toHaveLength(2);
        }),
      );
  });

  it('articles answers exactly that (provider: articles)', async () => {
    const verifier = new MessageProviderPact({
      provider,
      pactUrls: [join(PACT_DIR, `${consumer}-${provider}.json`)],
      logLevel: 'warn',
      messageProviders: {
        [published]: providerWithMetadata(
          () =>
            GetArticleRefResponse.toJSON(
              articleRefResponse({ status: 'published', title: 'Payız', authorUids: [randomUUID(), randomUUID()] }),
            ),
          metadata,
        ),
      },
    });
    await verifier.verify();
  });
});
