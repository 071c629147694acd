// The desk's calls: the review list and timelines, an article's statistics and the co-author invitations, through the
// UI kit's one typed API client; every shape is the generated one of the gateway's document.
import { api, type Schemas } from '@pencraft/ui';

export type ArticleStatus = Schemas['Article']['status'];
export type ReviewPage = Schemas['ReviewArticlePage'];
export type ReviewItem = ReviewPage['items'][number];
export type ReviewTimeline = Schemas['ArticleReview'];
export type ArticleStatistics = Schemas['ArticleStatistics'];
export type DailyStats = ArticleStatistics['daily'][number];
export type Invitation = Schemas['CoAuthorInvitation'];

/** The road of an article that goes well (SPEC.md section 4); rejected and revisionRequested leave it. */
export const REVIEW_STEPS = [
  'accepted',
  'initialReview',
  'underModeration',
  'approved',
  'published',
] as const satisfies readonly ArticleStatus[];

const path = (id: string) => ({ params: { path: { id } } });

export const deskApi = {
  reviewList: (page: number, signal?: AbortSignal) =>
    api.get('/api/articles/review', { params: { query: { page } }, signal }),
  timeline: (articleId: string, signal?: AbortSignal) =>
    api.get('/api/articles/{id}/review', { ...path(articleId), signal }),
  statistics: (articleId: string, days: number, signal?: AbortSignal) =>
    api.get('/api/articles/{id}/stats', { params: { path: { id: articleId }, query: { days } }, signal }),
  /** The article's title for the statistics heading (the statistics themselves do not carry it). */
  article: (articleId: string, signal?: AbortSignal) => api.get('/api/articles/{id}', { ...path(articleId), signal }),
  invitations: (signal?: AbortSignal) => api.get('/api/drafts/invitations', { signal }),
  decide: (invitationId: string, decision: 'accept' | 'reject') =>
    decision === 'accept'
      ? api.post('/api/drafts/invitations/{id}/accept', path(invitationId))
      : api.post('/api/drafts/invitations/{id}/reject', path(invitationId)),
};
