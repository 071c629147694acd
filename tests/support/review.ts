// Plays the moderation service where a test is not about moderation: its decisions reach the articles service over
// gRPC (ArticlesService.DecideReview), exactly as the moderation service sends them. Nothing is published without
// review, so a submitted article stays pending until a test (or the moderation service) approves it.
import {
  ArticlesServiceClient,
  ArticlesServiceService,
  ReviewDecision,
} from '@pencraft/contracts/articles/v1/articles';
import type { Article } from '@pencraft/contracts/articles/v1/articles';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import { grpcAddress } from './stack.ts';

export type Decision = 'startInitialReview' | 'passInitialReview' | 'approve' | 'reject' | 'requestRevision';

const DECISIONS: Record<Decision, ReviewDecision> = {
  startInitialReview: ReviewDecision.REVIEW_DECISION_START_INITIAL_REVIEW,
  passInitialReview: ReviewDecision.REVIEW_DECISION_PASS_INITIAL_REVIEW,
  approve: ReviewDecision.REVIEW_DECISION_APPROVE,
  reject: ReviewDecision.REVIEW_DECISION_REJECT,
  requestRevision: ReviewDecision.REVIEW_DECISION_REQUEST_REVISION,
};

let client: PromiseClient<ArticlesServiceClient> | undefined;
let clientAddress: string | undefined;

function articlesClient(address: string) {
  if (!client || clientAddress !== address) {
    client?.close();
    client = createGrpcClient(ArticlesServiceClient, ArticlesServiceService, address, { defaultTimeoutMs: 10_000 });
    clientAddress = address;
  }
  return client;
}

/** The moderation service's decision on a submitted article; answers the article as it is afterwards. */
export async function decideReview(
  articleId: string,
  decision: Decision,
  note = '',
  address = grpcAddress('articles'),
): Promise<Article> {
  const { article } = await articlesClient(address).decideReview({ articleId, decision: DECISIONS[decision], note });
  return article!;
}

/** Approves a submitted article: it is published (and announced as articles.article.published). */
export function approveArticle(articleId: string, address?: string): Promise<Article> {
  return decideReview(articleId, 'approve', '', address);
}

/** Closes the shared client (suites that end their own services call it in afterAll). */
export function closeReviewClient() {
  client?.close();
  client = undefined;
  clientAddress = undefined;
}
