// Demo content through the public gateway API only, so seeding exercises the real paths (CSRF, sessions,
// validation, publishing, events). Idempotent: existing users log in, articles already on the home list are skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { solveCaptchaChallenge } from './captcha.ts';

export type Lang = 'az' | 'en' | 'ru';

export interface SeedUser {
  username: string;
  email: string;
  fullname: string;
  language: Lang;
}

export interface SeedBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
}

export interface SeedArticle {
  /** Username of a seed user. */
  author: string;
  title: string;
  description: string;
  language: Lang;
  category: string;
  subCategories: string[];
  blocks: SeedBlock[];
}

export interface SeedPlan {
  interval: 'month' | 'year';
  /** In qəpik (100 = 1 AZN). */
  price: number;
  description: string;
}

/** A demo publication: its owner (a seed user), its paid plans, and the seed articles published into it. */
export interface SeedPublication {
  owner: string;
  name: string;
  slug: string;
  description: string;
  plans: SeedPlan[];
  /** Titles of seed articles by its owner, published into it. */
  articles: string[];
}

export interface SeedData {
  password: string;
  users: SeedUser[];
  publications: SeedPublication[];
  articles: SeedArticle[];
}

export const seedDir: string = fileURLToPath(new URL('../seed', import.meta.url));

export function loadSeedData(dir: string = seedDir): SeedData {
  const users = JSON.parse(readFileSync(join(dir, 'users.json'), 'utf8')) as {
    password: string;
    users: SeedUser[];
    publications?: SeedPublication[];
  };
  const articleDir = join(dir, 'articles');
  const articles = readdirSync(articleDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(articleDir, file), 'utf8')) as SeedArticle);
  return { password: users.password, users: users.users, publications: users.publications ?? [], articles };
}

// --- a tiny client with a cookie jar per user ------------------------------------------------------------------------

export interface ApiError {
  code: string;
  message?: string;
  details?: { field: string; code: string }[];
}

export class ApiFailure extends Error {
  readonly status: number;
  readonly error: ApiError | undefined;
  constructor(method: string, path: string, status: number, error: ApiError | undefined, body: string) {
    const details = error?.details?.map((d) => `${d.field}:${d.code}`).join(', ');
    super(
      `${method} ${path} → ${status} ${error ? `${error.code}${details ? ` (${details})` : ''}: ${error.message ?? ''}` : body.slice(0, 300)}`,
    );
    this.status = status;
    this.error = error;
  }
}

export type Fetch = typeof fetch;

export interface Client {
  get<T>(path: string, headers?: Record<string, string>): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  put<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  cookie(name: string): string | undefined;
}

const MAX_RATE_LIMIT_RETRIES = 3;

export function createClient(baseUrl: string, language: Lang, fetchImpl: Fetch = fetch): Client {
  const jar = new Map<string, string>();

  const remember = (response: Response): void => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  };

  const request = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'accept-language': language,
        ...extraHeaders,
      };
      if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (method !== 'GET') {
        const csrf = jar.get('pc_csrf');
        if (csrf !== undefined) headers['x-csrf-token'] = csrf;
        if (body !== undefined) headers['content-type'] = 'application/json';
      }
      const response = await fetchImpl(new URL(path, baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      remember(response);
      const text = await response.text();
      if (response.status === 429 && attempt < MAX_RATE_LIMIT_RETRIES) {
        const seconds = Number(response.headers.get('retry-after') ?? '5');
        await sleep(Math.min(Number.isFinite(seconds) ? seconds : 5, 65) * 1000);
        continue;
      }
      if (!response.ok) {
        let error: ApiError | undefined;
        try {
          error = (JSON.parse(text) as { error?: ApiError }).error;
        } catch {
          error = undefined;
        }
        throw new ApiFailure(method, path, response.status, error, text);
      }
      return (text === '' ? undefined : JSON.parse(text)) as T;
    }
  };

  return {
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body, headers) => request('POST', path, body, headers),
    put: (path, body, headers) => request('PUT', path, body, headers),
    cookie: (name) => jar.get(name),
  };
}

// --- the seed --------------------------------------------------------------------------------------------------------

interface UserInfo {
  uid: string;
  unm: string;
  /** Absent from gateways that predate confirmation. */
  cnf?: boolean;
}

/** Where the dev stack's SMS to a phone number arrive: a mail to its digits at sms.pencraft.test (identity's dev sender). */
export const smsMailboxOf = (phone: string) => `${phone.replace(/\D/g, '')}@sms.pencraft.test`;

/** Reads the newest confirmation code mailed to an address since a moment (the mail catcher of the stack). */
export type CodeReader = (to: string, since: Date) => Promise<string>;

/** The code reader over mailpit's HTTP API (the dev stack's mail catcher), polling for up to 15 s. */
export function mailpitCodeReader(apiUrl: string, fetchImpl: Fetch = fetch): CodeReader {
  return async (to, since) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const response = await fetchImpl(`${apiUrl}/api/v1/search?limit=20&query=${encodeURIComponent(`to:"${to}"`)}`);
      const { messages } = (await response.json()) as { messages: { ID: string; Created: string }[] };
      const fresh = messages.find((m) => Date.parse(m.Created) >= since.getTime() - 1000);
      if (fresh) {
        const message = (await (await fetchImpl(`${apiUrl}/api/v1/message/${fresh.ID}`)).json()) as { Text: string };
        const code = /\b(\d{6})\b/.exec(message.Text)?.[1];
        if (code) return code;
      }
      if (Date.now() > deadline) throw new Error(`no confirmation code mailed to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/** Confirms an unconfirmed seed account with the code mailed at registration (or a new one), as a user would. */
async function confirmAccount(client: Client, email: string, created: boolean, since: Date, readCode: CodeReader) {
  let sent = since;
  if (!created) {
    sent = new Date();
    const captcha = await solveCaptchaChallenge(await client.get('/api/captcha/challenge'));
    await client.post('/api/id/register/resend', undefined, { 'x-captcha': captcha });
  }
  await client.post('/api/id/register/verify', { code: await readCode(email, sent) });
}

interface ArticleRef {
  id: string;
  title: string;
  status?: string;
}

interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

export type Reporter = (line: string) => void;

async function withCsrf(client: Client): Promise<void> {
  if (client.cookie('pc_csrf') !== undefined) return;
  await client.get<{ token: string }>('/api/csrf');
  if (client.cookie('pc_csrf') === undefined) throw new Error('GET /api/csrf did not set the pc_csrf cookie');
}

/**
 * Registers the user, or logs in when the email or username is taken (a previous seed). A sign-in the gateway refuses
 * (the user was renamed or its password changed through the site since) answers the refusal instead of throwing.
 */
export async function signIn(
  client: Client,
  user: SeedUser,
  password: string,
): Promise<{ info: UserInfo; created: boolean } | { refused: ApiFailure }> {
  await withCsrf(client);
  try {
    // Sign-up asks for a captcha: solved here for real, as the widget would.
    const captcha = await solveCaptchaChallenge(await client.get('/api/captcha/challenge'));
    const info = await client.post<UserInfo>(
      '/api/id/register',
      {
        email: user.email,
        username: user.username,
        fullname: user.fullname,
        password,
        acceptTerms: true,
        acceptPrivacy: true,
      },
      { 'x-captcha': captcha },
    );
    return { info, created: true };
  } catch (error) {
    const code = error instanceof ApiFailure ? error.error?.code : undefined;
    if (code !== 'EmailAlreadyExists' && code !== 'UsernameAlreadyExists') throw error;
  }
  try {
    const info = await client.post<UserInfo>('/api/id/auth/login', { login: user.username, password });
    return { info, created: false };
  } catch (error) {
    if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return { refused: error };
    throw error;
  }
}

async function publishedTitles(client: Client): Promise<Set<string>> {
  const titles = new Set<string>();
  for (let page = 1; page <= 100; page++) {
    const result = await client.get<Page<ArticleRef>>(`/api/home/articles?page=${page}`);
    for (const item of result.items) titles.add(item.title);
    if (!result.hasMore) break;
  }
  return titles;
}

export interface SeedResult {
  usersCreated: number;
  /** Seed users the seed could not sign in as (renamed or given another password through the site). */
  usersSkipped: number;
  articlesCreated: number;
  articlesSkipped: number;
  /** Articles the demo moderator approved through the moderation queue. */
  articlesApproved: number;
  publicationsCreated: number;
  plansCreated: number;
}

/** An access token of the demo moderator (Keycloak password grant), for the staff routes. */
export type StaffToken = () => Promise<string>;

interface QueueItem {
  id: string;
  subjectId: string;
  state: string;
  note: string;
}

const QUEUE_WAIT_MS = 90_000;

/**
 * Approves the submitted articles as the demo moderator, through the real pipeline: each waits in the moderation
 * queue until the automatic initial review passed it (underModeration), then the moderator approves it.
 */
async function approveAsModerator(
  client: Client,
  pending: Map<string, string>,
  staffToken: StaffToken,
  report: Reporter,
): Promise<number> {
  let approved = 0;
  const deadline = Date.now() + QUEUE_WAIT_MS;
  while (pending.size > 0) {
    const auth = { authorization: `Bearer ${await staffToken()}` };
    for (const state of ['underModeration', 'rejected'] as const) {
      for (let page = 1; page <= 50 && pending.size > 0; page++) {
        const result = await client.get<Page<QueueItem>>(
          `/api/moderation/queue?kind=article&state=${state}&page=${page}`,
          auth,
        );
        for (const item of result.items) {
          const title = pending.get(item.subjectId);
          if (title === undefined) continue;
          pending.delete(item.subjectId);
          if (state === 'rejected') {
            report(`article "${title}": rejected by the automatic review (${item.note})`);
            continue;
          }
          await client.post(
            `/api/moderation/items/${encodeURIComponent(item.id)}/decision`,
            { decision: 'approve' },
            auth,
          );
          approved++;
          report(`article "${title}": approved by the demo moderator`);
        }
        if (!result.hasMore) break;
      }
    }
    if (pending.size === 0) break;
    if (Date.now() > deadline) {
      throw new Error(`articles never reached the moderation queue: ${[...pending.values()].join(', ')}`);
    }
    await sleep(500);
  }
  return approved;
}

interface MyPublications {
  publication: { id: string; slug: string } | null;
  role: 'owner' | 'member' | null;
}

/**
 * The owner's demo publication and its plans, created when missing (an owner keeps one publication: one renamed
 * through the site since is kept as it is). Answers its id, or undefined when the seed cannot sign in as the owner.
 */
async function ensurePublication(
  client: Client | undefined,
  publication: SeedPublication,
  result: SeedResult,
  report: Reporter,
): Promise<string | undefined> {
  if (!client) {
    report(`publication "${publication.name}": skipped, the seed cannot sign in as its owner ${publication.owner}`);
    return undefined;
  }
  const mine = await client.get<MyPublications>('/api/ttin/pbls');
  let id: string;
  if (mine.publication && mine.role === 'owner') {
    id = mine.publication.id;
    report(`publication "${publication.name}": already there (${mine.publication.slug})`);
  } else {
    const created = await client.post<{ id: string }>('/api/core-publications', {
      name: publication.name,
      slug: publication.slug,
      description: publication.description,
    });
    id = created.id;
    result.publicationsCreated++;
    report(`publication "${publication.name}": created on its subdomain ${publication.slug}`);
  }
  const studio = `/api/core-publications/${encodeURIComponent(id)}/studio/plans`;
  const plans = await client.get<{ items: { interval: string }[] }>(studio);
  for (const plan of publication.plans) {
    if (plans.items.some((p) => p.interval === plan.interval)) continue;
    await client.post(studio, plan);
    result.plansCreated++;
    report(`publication "${publication.name}": ${plan.interval}ly plan of ${plan.price} qəpik added`);
  }
  return id;
}

export async function seed(
  baseUrl: string,
  data: SeedData,
  report: Reporter = () => undefined,
  fetchImpl: Fetch = fetch,
  readCode?: CodeReader,
  staffToken?: StaffToken,
): Promise<SeedResult> {
  const anonymous = createClient(baseUrl, 'en', fetchImpl);
  const categories = new Set(
    (await anonymous.get<{ items: { id: string }[] }>('/api/articles/categories')).items.map((c) => c.id),
  );
  const existing = await publishedTitles(anonymous);
  const result: SeedResult = {
    usersCreated: 0,
    usersSkipped: 0,
    articlesCreated: 0,
    articlesSkipped: 0,
    articlesApproved: 0,
    publicationsCreated: 0,
    plansCreated: 0,
  };
  /** Submitted article id → title, until the moderator approves it. */
  const submitted = new Map<string, string>();

  const clients = new Map<string, Client>();
  for (const user of data.users) {
    const client = createClient(baseUrl, user.language, fetchImpl);
    const since = new Date();
    const signedIn = await signIn(client, user, data.password);
    if ('refused' in signedIn) {
      result.usersSkipped++;
      report(
        `user ${user.username}: skipped, the seed cannot sign in as it (${signedIn.refused.error?.code ?? signedIn.refused.status}; ` +
          'renamed or its password changed through the site)',
      );
      continue;
    }
    const { info, created } = signedIn;
    if (created) result.usersCreated++;
    report(`user ${info.unm}: ${created ? 'registered' : 'signed in'}`);
    // Only confirmed accounts publish: the seed confirms its users through the mailed code.
    if (info.cnf === false) {
      if (!readCode) throw new Error(`user ${info.unm} is not confirmed and the seed has no mailbox to read`);
      await confirmAccount(client, user.email, created, since, readCode);
      report(`user ${info.unm}: confirmed`);
    }
    clients.set(user.username, client);
  }

  /** Article title → the demo publication it is published into. */
  const publicationOf = new Map<string, string>();
  for (const publication of data.publications) {
    const id = await ensurePublication(clients.get(publication.owner), publication, result, report);
    if (id !== undefined) for (const title of publication.articles) publicationOf.set(title, id);
  }

  for (const article of data.articles) {
    if (existing.has(article.title)) {
      result.articlesSkipped++;
      report(`article "${article.title}": already published`);
      continue;
    }
    const client = clients.get(article.author);
    if (!client) {
      if (!data.users.some((u) => u.username === article.author))
        throw new Error(`article "${article.title}": author ${article.author} is not a seed user`);
      report(`article "${article.title}": skipped, the seed cannot sign in as its author ${article.author}`);
      continue;
    }
    if (!categories.has(article.category)) {
      throw new Error(
        `article "${article.title}": unknown category "${article.category}" (known: ${[...categories].join(', ')})`,
      );
    }
    const subCategories = article.subCategories.filter((c) => categories.has(c) && c !== article.category);
    const draft = await client.post<ArticleRef>('/api/articles', {
      title: article.title,
      description: article.description,
      language: article.language,
      category: article.category,
      subCategories,
      content: { time: Date.now(), version: '2.31.0', blocks: article.blocks },
    });
    const publicationId = publicationOf.get(article.title);
    if (publicationId !== undefined) {
      await client.put(`/api/drafts/${encodeURIComponent(draft.id)}/publication`, { publicationId });
    }
    const sent = await client.post<ArticleRef>(`/api/articles/publishing/${encodeURIComponent(draft.id)}`);
    existing.add(article.title);
    result.articlesCreated++;
    submitted.set(sent?.id ?? draft.id, article.title);
    report(`article "${article.title}": submitted for review (${draft.id})`);
  }
  if (submitted.size > 0) {
    if (staffToken) result.articlesApproved = await approveAsModerator(anonymous, submitted, staffToken, report);
    else report(`${submitted.size} article(s) left waiting for moderation (no staff token)`);
  }
  return result;
}
