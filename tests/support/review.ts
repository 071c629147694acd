// Plays the moderation service where a test is not about moderation: its decisions reach the articles service over
// gRPC (ArticlesService.DecideReview), exactly as the moderation service sends them. Nothing is published without
// review, so a submitted article stays pending until a test (or the moderation service) approves it; so does an edit
// of a published article (the published version stays live until the edit, decided by its own id, is approved).
import {
  ArticlesServiceClient,
  ArticlesServiceService,
  ReviewDecision,
} from '@pencraft/contracts/articles/v1/articles';
import type { Article } from '@pencraft/contracts/articles/v1/articles';
import { createGrpcClient, type PromiseClient } from '@pencraft/kit';
import pg from 'pg';
import { databaseUrl, grpcAddress, stack } from './stack.ts';

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

/** The whole platform's database (the browser suites'); a suite with a database of its own names it. */
const platformDatabase = () => databaseUrl(stack);

/**
 * The id of the edit of a published article waiting for review (what DecideReview takes for it), read from the
 * articles schema of the database the articles service runs on.
 */
export async function openEditId(articleId: string, database = platformDatabase()): Promise<string> {
  const sql = new pg.Client({ connectionString: database });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ id: string }>(
      "select id from articles.article_edits where article_id = $1 and status in ('accepted', 'initialReview', 'underModeration')",
      [articleId],
    );
    if (!rows[0]) throw new Error(`no edit of ${articleId} waits for review`);
    return rows[0].id;
  } finally {
    await sql.end();
  }
}

/** Decides the edit of a published article waiting for review; answers the article (the live version) afterwards. */
export async function decideEdit(
  articleId: string,
  decision: Decision,
  { note = '', database = platformDatabase(), address }: { note?: string; database?: string; address?: string } = {},
): Promise<Article> {
  return decideReview(await openEditId(articleId, database), decision, note, address);
}

/** Closes the shared client (suites that end their own services call it in afterAll). */
export function closeReviewClient() {
  client?.close();
  client = undefined;
  clientAddress = undefined;
}
