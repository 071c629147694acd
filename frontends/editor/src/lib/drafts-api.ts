// The editor's calls of the drafts, publishing, translation, co-author and image routes (helpers A, D and H of
// issue 8), through the UI kit's one API client.
import { api } from '@pencraft/ui';
import type { DraftValues } from './local-draft.js';
import { toArticleContent, type EditorOutput } from './content.js';

export interface Author {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string;
}

/** A draft as the server answers it (helper A's DraftJson). */
export interface Draft {
  id: string;
  owner: Author;
  role: 'owner' | 'coAuthor';
  /** The published article this draft edits, or null for a new article. */
  articleId: string | null;
  /** The original article of a draft translation, or null. */
  translationOf: string | null;
  language: string;
  title: string;
  description: string;
  content?: EditorOutput | null;
  category: string;
  subCategories: string[];
  coverKey: string | null;
  coverUrl: string | null;
  target: 'personal';
  audience: 'free' | 'paid';
  version: number;
  previewToken: string | null;
  wordCount: number;
  symbolCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface DraftList {
  items: Draft[];
  count: number;
  max: number;
  translationCount: number;
  translationMax: number;
}

export interface Invitation {
  id: string;
  draftId: string | null;
  articleId: string | null;
  title: string;
  invitee: Author;
  inviter: Author;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
}

export interface DraftDetails {
  coAuthors?: Author[];
  invitations?: Invitation[];
  translationOf?: { id: string; title: string; language: string } | null;
  translationSource?: { id: string; title: string; language: string } | null;
}

export interface UploadedImage {
  key: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; height: number; key: string; url: string }[];
}

export interface PublishedArticle {
  id: string;
  status: string;
  title: string;
  language: string;
}

/** The body of a create or save: the whole draft as the editor holds it, content in the API's block shapes. */
export function draftBody(values: DraftValues, origin?: string) {
  // Empty blocks are dropped; nothing written yet is no content at all.
  const content = toArticleContent(values.content, origin);
  return {
    title: values.title,
    description: values.description,
    ...(values.language === 'az' || values.language === 'en' || values.language === 'ru'
      ? { language: values.language }
      : {}),
    category: values.category,
    subCategories: values.subCategories.filter((s) => s !== values.category),
    content: content.blocks.length > 0 ? content : null,
    target: values.target,
    audience: values.audience,
  };
}

type Init = {
  params?: { path?: object; query?: object };
  body?: unknown;
  signal?: AbortSignal | undefined;
  bodySerializer?: (body: unknown) => unknown;
  headers?: Record<string, string>;
};
/** Calls by documented path template; answers typed by the interfaces above. */
const call = api as unknown as Record<
  'get' | 'post' | 'put' | 'delete',
  (path: string, init?: Init) => Promise<unknown>
>;
const id = (draftId: string) => ({ params: { path: { id: draftId } } });

const typed = <T>(promise: Promise<unknown>) => promise as Promise<T>;

export const draftsApi = {
  list: (signal?: AbortSignal) => typed<DraftList>(call.get('/api/drafts', { signal })),
  get: (draftId: string, signal?: AbortSignal) =>
    typed<Draft>(call.get('/api/drafts/{id}', { ...id(draftId), signal })),
  details: (draftId: string, signal?: AbortSignal) =>
    typed<DraftDetails>(call.get('/api/drafts/{id}/dtls', { ...id(draftId), signal })),
  create: (values: DraftValues) =>
    typed<Draft>(call.post('/api/drafts', { body: draftBody(values, globalThis.location?.origin) })),
  save: (draftId: string, values: DraftValues, version: number) =>
    typed<Draft>(
      call.put('/api/drafts/{id}', {
        ...id(draftId),
        body: { ...draftBody(values, globalThis.location?.origin), version },
      }),
    ),
  remove: (draftId: string) => call.delete('/api/drafts/{id}', id(draftId)),
  setCover: (draftId: string, key: string) =>
    typed<Draft>(call.put('/api/drafts/{id}/cover', { ...id(draftId), body: { key } })),
  removeCover: (draftId: string) => typed<Draft>(call.delete('/api/drafts/{id}/cover', id(draftId))),
  preview: (draftId: string) =>
    typed<{ token: string; url: string }>(call.post('/api/drafts/{id}/preview', id(draftId))),
  invite: (draftId: string, username: string) =>
    typed<Invitation>(call.post('/api/drafts/{id}/invite', { params: { path: { id: draftId }, query: { username } } })),
  translate: (articleId: string, lang: string) =>
    typed<Draft>(call.post('/api/drafts/translate', { params: { query: { aid: articleId, lang } } })),
  publish: (draftId: string) => typed<PublishedArticle>(call.post('/api/articles/publishing/{id}', id(draftId))),
  editPublished: (articleId: string) => typed<Draft>(call.post('/api/articles/publishing/{id}/edit', id(articleId))),
  deleteArticle: (articleId: string) => call.delete('/api/articles/{id}', id(articleId)),
  /** The raw bytes of a JPEG or PNG (the server judges the type by content, D's route). */
  uploadImage: (file: File) =>
    typed<UploadedImage>(
      call.post('/api/publication/f', {
        body: file,
        bodySerializer: (body: unknown) => body as File,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    ),
};
