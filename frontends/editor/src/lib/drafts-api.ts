// The editor's calls of the drafts, publishing, translation, co-author and image routes (helpers A, D and H of
// issue 8), through the UI kit's one API client.
import { DEFAULT_LANG, isCategoryId, isLang, type Lang } from '@pencraft/rules';
import { api, type Schemas } from '@pencraft/ui';
import type { DraftValues } from './local-draft.js';
import { toArticleContent } from './content.js';

export type Author = Schemas['DraftOwner'];
export type Draft = Schemas['Draft'];
export type DraftList = Schemas['DraftList'];
export type Invitation = Schemas['CoAuthorInvitation'];
export type UploadedImage = Schemas['EditorImage'];
export type ReviewPage = Schemas['ReviewArticlePage'];
export type DraftDetails = Schemas['DraftDetails'];
export type MyPublications = Schemas['MyPublications'];
/** What the editor shows of a submitted article. */
export type PublishedArticle = Pick<Schemas['Article'], 'id' | 'status' | 'title' | 'language'>;

/** The body of a create or save: the whole draft as the editor holds it, content in the API's block shapes. */
export function draftBody(values: DraftValues, origin?: string): Schemas['DraftBody'] {
  // Empty blocks are dropped; nothing written yet is no content at all.
  const content = toArticleContent(values.content, origin);
  return {
    title: values.title,
    description: values.description,
    language: isLang(values.language) ? values.language : DEFAULT_LANG,
    category: isCategoryId(values.category) ? values.category : '',
    subCategories: values.subCategories.filter(isCategoryId).filter((s) => s !== values.category),
    // Left out, the draft's content is none (the server's default).
    ...(content.blocks.length > 0 ? { content } : {}),
    target: values.target,
    audience: values.audience,
  };
}

const id = (draftId: string) => ({ params: { path: { id: draftId } } });

export const draftsApi = {
  list: (signal?: AbortSignal): Promise<DraftList> => api.get('/api/drafts', { signal }),
  get: (draftId: string, signal?: AbortSignal): Promise<Draft> =>
    api.get('/api/drafts/{id}', { ...id(draftId), signal }),
  details: (draftId: string, signal?: AbortSignal): Promise<DraftDetails> =>
    api.get('/api/drafts/{id}/dtls', { ...id(draftId), signal }),
  create: (values: DraftValues): Promise<Draft> =>
    api.post('/api/drafts', { body: draftBody(values, globalThis.location?.origin) }),
  save: (draftId: string, values: DraftValues, version: number): Promise<Draft> =>
    api.put('/api/drafts/{id}', {
      ...id(draftId),
      body: { ...draftBody(values, globalThis.location?.origin), version },
    }),
  remove: (draftId: string) => api.delete('/api/drafts/{id}', id(draftId)),
  setCover: (draftId: string, key: string): Promise<Draft> =>
    api.put('/api/drafts/{id}/cover', { ...id(draftId), body: { key } }),
  removeCover: (draftId: string) => api.delete('/api/drafts/{id}/cover', id(draftId)),
  /** Where the draft goes: a publication the owner is in, or null for the personal blog. */
  setPublication: (draftId: string, publicationId: string | null): Promise<Draft> =>
    api.put('/api/drafts/{id}/publication', { ...id(draftId), body: { publicationId } }),
  /** The publication the user owns, else the one they joined first (null when none). */
  myPublication: (signal?: AbortSignal): Promise<MyPublications['publication']> =>
    api.get('/api/ttin/pbls', { signal }).then((mine) => mine.publication),
  preview: (draftId: string): Promise<{ token: string; url: string; expiresAt: string }> =>
    api.post('/api/drafts/{id}/preview', id(draftId)),
  invite: (draftId: string, username: string): Promise<Invitation> =>
    api.post('/api/drafts/{id}/invite', { params: { path: { id: draftId }, query: { username } } }),
  translate: (articleId: string, lang: Lang): Promise<Draft> =>
    api.post('/api/drafts/translate', { params: { query: { aid: articleId, lang } } }),
  publish: (draftId: string): Promise<PublishedArticle> => api.post('/api/articles/publishing/{id}', id(draftId)),
  editPublished: (articleId: string): Promise<Draft> => api.post('/api/articles/publishing/{id}/edit', id(articleId)),
  deleteArticle: (articleId: string) => api.delete('/api/articles/{id}', id(articleId)),
  reviewList: (signal?: AbortSignal): Promise<ReviewPage> => api.get('/api/articles/review', { signal }),
  /** The raw bytes of a JPEG or PNG (the server judges the type by content, D's route). */
  uploadImage: (file: File): Promise<UploadedImage> =>
    api.post('/api/publication/f', {
      body: file as never,
      bodySerializer: (body: unknown) => body as File,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    }),
};
