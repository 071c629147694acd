// The desk's calls: the review list and timelines (helper A), an article's statistics (helper C) and the co-author
// invitations (helper H), through the UI kit's one API client. The shapes are those the routes document; they are
// written out here so the desk builds whether or not the generated client has caught up with every route yet.
import { api } from '@pencraft/ui';

export const ARTICLE_STATUSES = [
  'draft',
  'accepted',
  'initialReview',
  'underModeration',
  'approved',
  'published',
  'rejected',
  'revisionRequested',
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** The road of an article that goes well (SPEC.md section 4); rejected and revisionRequested leave it. */
export const REVIEW_STEPS = ['accepted', 'initialReview', 'underModeration', 'approved', 'published'] as const;

export interface ReviewItem {
  id: string;
  title: string;
  language: string;
  status: ArticleStatus;
  reviewNote: string | null;
  createdAt: string;
  updatedAt: string;
  translationOf: string | null;
  deletable: boolean;
  editable: boolean;
}

export interface ReviewPage {
  items: ReviewItem[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface ReviewEvent {
  status: ArticleStatus;
  at: string;
  note: string | null;
}

export interface ReviewTimeline {
  articleId: string;
  status: ArticleStatus;
  reviewNote: string | null;
  events: ReviewEvent[];
}

export interface DailyStats {
  date: string;
  views: number;
  reads: number;
}

export interface ArticleStatistics {
  views: { total: number; users: number; unique: number };
  reads: number;
  averageReadSeconds: number;
  votes: { up: number; down: number };
  comments: number;
  bookmarks: number;
  daily: DailyStats[];
}

export interface Person {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string;
}

export interface Invitation {
  id: string;
  draftId: string | null;
  articleId: string | null;
  title: string;
  invitee: Person;
  inviter: Person;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
}

interface LooseApi {
  get(path: string, init?: { signal?: AbortSignal }): Promise<unknown>;
  post(path: string, init?: { signal?: AbortSignal }): Promise<unknown>;
}
const loose = api as unknown as LooseApi;
const id = (value: string) => encodeURIComponent(value);

export const deskApi = {
  reviewList: (page: number, signal?: AbortSignal) =>
    loose.get(`/api/articles/review?page=${page}`, { signal }) as Promise<ReviewPage>,
  timeline: (articleId: string, signal?: AbortSignal) =>
    loose.get(`/api/articles/${id(articleId)}/review`, { signal }) as Promise<ReviewTimeline>,
  statistics: (articleId: string, days: number, signal?: AbortSignal) =>
    loose.get(`/api/articles/${id(articleId)}/stats?days=${days}`, { signal }) as Promise<ArticleStatistics>,
  /** The article's title for the statistics heading (the statistics themselves do not carry it). */
  article: (articleId: string, signal?: AbortSignal) =>
    loose.get(`/api/articles/${id(articleId)}`, { signal }) as Promise<{ id: string; title: string }>,
  invitations: (signal?: AbortSignal) =>
    loose.get('/api/drafts/invitations', { signal }) as Promise<{ items: Invitation[] }>,
  decide: (invitationId: string, decision: 'accept' | 'reject') =>
    loose.post(`/api/drafts/invitations/${id(invitationId)}/${decision}`) as Promise<Invitation>,
};
