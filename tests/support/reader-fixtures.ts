// What the reader's browser suites need from the API before they open a page: confirmed people, an uploaded
// editor image, published articles (submitted, then approved as the moderation service will) and a session handed
// to the browser. Everything goes through the public API, as a person would, except the approval (the moderation
// service's gRPC decision, tests/support/review.ts).
import type { BrowserContext } from 'playwright-core';
import { confirmAccount } from './accounts.ts';
import { captchaHeader } from './captcha.ts';
import { ApiClient } from './http-client.ts';
import { rememberSecret } from './log-hygiene.ts';
import { approveArticle } from './review.ts';

export interface Person {
  uid: string;
  email: string;
  username: string;
  fullname: string;
  password: string;
  client: ApiClient;
}

/** Registers (captcha solved for real), confirms with the mailed code and answers the signed-in person. */
export async function signUp(api: string, username: string, fullname: string, language = 'en'): Promise<Person> {
  const client = new ApiClient(api, language);
  const email = `${username}@example.az`;
  const password = `${username}-pass-7`;
  rememberSecret(email, fullname, password);
  const after = new Date();
  const answer = await client.post(
    '/api/id/register',
    { email, username, fullname, password, acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(api),
  );
  if (answer.status !== 201) throw new Error(`registration of ${username} answered ${answer.status}`);
  await confirmAccount(client, email, after);
  const info = await client.get<{ uid: string }>('/api/users/info');
  const language_ = await client.request('PUT', '/api/ttin/prefs/language', { language });
  if (language_.status >= 300) throw new Error(`language of ${username} answered ${language_.status}`);
  return { uid: info.body.uid, email, username, fullname, password, client };
}

/** Uploads an editor image (POST /api/publication/f, raw body): its key (what a draft's cover takes) and address. */
export async function uploadEditorImage(
  person: Person,
  bytes: Uint8Array,
  type = 'image/png',
): Promise<{ key: string; url: string }> {
  const answer = await person.client.request<{ key?: string; url?: string }>(
    'POST',
    '/api/publication/f',
    new Uint8Array(bytes),
    { 'content-type': type },
  );
  const { key, url } = answer.body;
  if (answer.status !== 201 || !key || !url) throw new Error(`image upload answered ${answer.status}`);
  return { key, url };
}

/** Uploads an editor image and answers its address under /media. */
export async function uploadImage(person: Person, bytes: Buffer, type = 'image/png'): Promise<string> {
  return (await uploadEditorImage(person, bytes, type)).url;
}

export interface ArticleInput {
  title: string;
  description?: string;
  language: 'az' | 'en' | 'ru';
  category: string;
  blocks: { type: string; data: Record<string, unknown> }[];
}

/** Creates, submits and approves an article; answers its id. */
export async function publishArticle(person: Person, input: ArticleInput): Promise<string> {
  const created = await person.client.post<{ id: string; error?: { code: string } }>('/api/articles', {
    title: input.title,
    description: input.description ?? '',
    language: input.language,
    category: input.category,
    subCategories: [],
    content: { blocks: input.blocks },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status} ${JSON.stringify(created.body)}`);
  await submitAndApprove(person, created.body.id);
  return created.body.id;
}

/** Submits an article or draft (POST /api/articles/publishing/{id}) and approves the article it becomes. */
export async function submitAndApprove(person: Person, id: string): Promise<string> {
  const submitted = await person.client.post<{ id: string }>(`/api/articles/publishing/${id}`);
  if (submitted.status !== 200 && submitted.status !== 201) {
    throw new Error(`submit answered ${submitted.status} ${JSON.stringify(submitted.body)}`);
  }
  await approveArticle(submitted.body.id);
  return submitted.body.id;
}

/**
 * Translates a published article into `language` (POST /api/drafts/translate), fills the draft, submits and
 * approves it; answers the translation's article id.
 */
export async function publishTranslation(
  person: Person,
  originalId: string,
  input: Omit<ArticleInput, 'category'> & { category: string },
): Promise<string> {
  const draft = await person.client.post<{ id: string; version: number }>(
    `/api/drafts/translate?aid=${originalId}&lang=${input.language}`,
  );
  if (draft.status !== 201) throw new Error(`translate answered ${draft.status} ${JSON.stringify(draft.body)}`);
  const saved = await person.client.request<{ id: string }>('PUT', `/api/drafts/${draft.body.id}`, {
    title: input.title,
    description: input.description ?? '',
    category: input.category,
    subCategories: [],
    content: { blocks: input.blocks },
    version: draft.body.version,
  });
  if (saved.status !== 200) throw new Error(`draft save answered ${saved.status} ${JSON.stringify(saved.body)}`);
  return submitAndApprove(person, draft.body.id);
}

/**
 * Makes `invitee` an accepted co-author of a published article: the author opens it for editing
 * (POST /api/articles/publishing/{id}/edit), invites from that draft, and the invitee accepts.
 */
export async function addCoAuthor(author: Person, articleId: string, invitee: Person): Promise<void> {
  const draft = await author.client.post<{ id: string }>(`/api/articles/publishing/${articleId}/edit`);
  if (draft.status >= 300) throw new Error(`edit answered ${draft.status} ${JSON.stringify(draft.body)}`);
  const invited = await author.client.post(`/api/drafts/${draft.body.id}/invite?username=${invitee.username}`);
  if (invited.status !== 201) throw new Error(`invite answered ${invited.status} ${JSON.stringify(invited.body)}`);
  const mine = await invitee.client.get<{ items: { id: string; articleId: string | null }[] }>(
    '/api/drafts/invitations',
  );
  const invitation = mine.body.items.find((i) => i.articleId === articleId);
  if (!invitation) throw new Error(`no invitation for ${articleId}: ${JSON.stringify(mine.body)}`);
  const accepted = await invitee.client.post(`/api/drafts/invitations/${invitation.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** Hands the person's session (and CSRF cookie) to a browser context at `site`. */
export async function signInBrowser(context: BrowserContext, person: Person, site: string): Promise<void> {
  await context.clearCookies();
  await context.addCookies(
    [...person.client.cookies].map(([name, value]) => ({
      name,
      value,
      url: site,
      httpOnly: name === 'pc_su',
      sameSite: 'Lax' as const,
    })),
  );
}
