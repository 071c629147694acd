// Translations and co-authors through the gateway on real servers (identity, articles; PostgreSQL, Redis, NATS,
// mailpit): a published article translated into draft translations prefilled from the original, one per language of
// its group, reviewed like an article, read per language and listed on the article; co-author invitations by
// username with every refusal (self, unknown, twice, the cap of 3, a co-author inviting), accepted or rejected by the
// invitee only, carried from the draft to its article, shown on the article, with edit rights on its drafts; the
// articles.coauthor.invited event. And that nobody reaches another's draft, invitations or pending translation by
// changing an id.
import { Language } from '@pencraft/contracts/common/v1/common';
import { EVENTS } from '@pencraft/contracts/events';
import { AckPolicy, connect } from 'nats';
import type { AppHandle } from '../../packages/devstack/src/index.ts';
import { confirmAccount } from '../support/accounts.ts';
import { captchaHeader } from '../support/captcha.ts';
import { rememberSecret } from '../support/log-hygiene.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  natsUrl,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';

interface ErrorBody {
  error: { code: string; message: string; details?: { field: string; code: string }[] };
}
interface Person {
  uid: string;
  username: string;
  fullname: string;
  client: ApiClient;
}
interface Author {
  uid: string;
  username: string;
  fullname: string;
  imageUrl: string;
}
interface Draft {
  id: string;
  version: number;
  title: string;
  language: string;
  role: string | null;
  articleId: string | null;
  translationOf: string | null;
  category: string;
  subCategories: string[];
  content?: { blocks: { type: string; data: Record<string, unknown> }[] } | null;
}
interface Article {
  id: string;
  status: string;
  title: string;
  language: string;
  author: Author;
  coAuthors?: Author[];
  translations?: { id: string; language: string }[];
  originalId?: string | null;
}
interface Invitation {
  id: string;
  draftId: string | null;
  articleId: string | null;
  title: string;
  inviter: Author;
  invitee: Author;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let n = 0;
const run = Date.now().toString(36);

const TEXT = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';
const draftBody = (title: string) => ({
  title,
  description: 'Bakı haqqında',
  language: 'az',
  category: 'travel',
  subCategories: ['culture'],
  content: { blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
});

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const email = `collab${n}_${run}@example.az`;
  rememberSecret(email);
  const username = `collab_${run}_${n}`;
  const fullname = `Collab User ${n}`;
  const registeredAt = new Date();
  const response = await client.post(
    '/api/id/register',
    { email, username, fullname, password: 'collab-pass-42', acceptTerms: true, acceptPrivacy: true },
    await captchaHeader(base),
  );
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  const info = await client.get<{ uid: string }>('/api/users/info');
  return { uid: info.body.uid, username, fullname, client };
}

const codeOf = (response: { status: number; body: unknown }) => [
  response.status,
  (response.body as ErrorBody | undefined)?.error?.code,
];
const person = (p: Person) => ({ uid: p.uid, username: p.username, fullname: p.fullname, imageUrl: '' });

async function newDraft(owner: Person, title: string): Promise<Draft> {
  const created = await owner.client.post<Draft>('/api/drafts', draftBody(title));
  expect(created.status).toBe(201);
  return created.body;
}

/** Submits a draft and plays the moderation service's approval: a published article. */
async function publish(owner: Person, draftId: string): Promise<Article> {
  const submitted = await owner.client.post<Article>(`/api/articles/publishing/${draftId}`);
  expect(submitted.status).toBe(200);
  await approveArticle(submitted.body.id);
  return (await owner.client.get<Article>(`/api/articles/${submitted.body.id}`)).body;
}

const translate = (who: ApiClient, aid: string, lang: string) =>
  who.post<Draft>(`/api/drafts/translate?aid=${aid}&lang=${lang}`);
const invite = (who: ApiClient, draftId: string, username: string) =>
  who.post<Invitation>(`/api/drafts/${draftId}/invite?username=${encodeURIComponent(username)}`);
const invitationsOf = async (who: Person) =>
  (await who.client.get<{ items: Invitation[] }>('/api/drafts/invitations')).body.items;
const read = (who: ApiClient, id: string) => who.get<Article>(`/api/articles/${id}`);

/** The events of one subject on the ARTICLES stream so far, decoded (a fresh durable consumer reads them all). */
async function eventsOn<T>(definition: { subject: string; message: { decode(data: Uint8Array): T } }, until: number) {
  const nc = await connect({ servers: natsUrl(stack) });
  try {
    const jsm = await nc.jetstreamManager();
    const durable = `collab_probe_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await jsm.consumers.add('ARTICLES', {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: definition.subject,
    });
    const events: T[] = [];
    // The relay publishes after the commit: wait until the expected number has arrived.
    await eventually(async () => {
      for await (const msg of await nc
        .jetstream()
        .consumers.get('ARTICLES', durable)
        .then((c) => c.fetch({ max_messages: 20, expires: 1_000 }))) {
        events.push(definition.message.decode(msg.data));
        msg.ack();
      }
      return events.length >= until ? true : undefined;
    });
    await jsm.consumers.delete('ARTICLES', durable);
    return events;
  } finally {
    await nc.close();
  }
}

let author: Person;
let friend: Person;
let third: Person;
let fourth: Person;
let fifth: Person;
let stranger: Person;
let visitor: ApiClient;

beforeAll(async () => {
  await resetMessaging();
  db = await freshDatabase('collab');
  apps.push(...(await Promise.all(['identity', 'articles'].map((name) => startService(name, db.name)))));
  apps.push(
    await startService('gateway', db.name, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Article reads are answered fresh: the test reads an article again right after its co-authors change.
      PUBLIC_CACHE_SECONDS: '0',
      EDGE_ROUTES: '',
    }),
  );
  base = httpBase('gateway');
  [author, friend, third, fourth, fifth, stranger] = (await Promise.all(
    Array.from({ length: 6 }, () => signedUp()),
  )) as [Person, Person, Person, Person, Person, Person];
  visitor = new ApiClient(base);
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('translations', () => {
  let original: Article;

  beforeAll(async () => {
    original = await publish(author, (await newDraft(author, 'Payız')).id);
    expect(original.status).toBe('published');
  });

  it('starts a draft translation prefilled from the original, one per language of the group', async () => {
    // Two requests at once for the same language: one draft, one refusal.
    const both = await Promise.all([
      translate(author.client, original.id, 'en'),
      translate(author.client, original.id, 'en'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const created = both.find((r) => r.status === 201)!;
    expect(created.body).toMatchObject({
      translationOf: original.id,
      language: 'en',
      title: 'Payız',
      category: 'travel',
      subCategories: ['culture'],
      role: 'owner',
      articleId: null,
    });
    expect(created.body.content?.blocks[0]?.data.text).toBe(TEXT);

    // The original's language, and a language the group already holds as a draft, are taken.
    expect(codeOf(await translate(author.client, original.id, 'az'))).toEqual([409, 'ArticleTranslationAvailable']);
    expect(codeOf(await translate(author.client, original.id, 'en'))).toEqual([409, 'ArticleTranslationAvailable']);

    // A translation keeps its language when saved (the group holds each language once).
    const saved = await author.client.request<Draft>('PUT', `/api/drafts/${created.body.id}`, {
      ...draftBody('Autumn'),
      language: 'ru',
      version: created.body.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Autumn', language: 'en' });
  });

  it('refuses visitors, strangers, unknown and unpublished articles, and bad input', async () => {
    expect(codeOf(await translate(visitor, original.id, 'ru'))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await translate(stranger.client, original.id, 'ru'))).toEqual([403, 'Forbidden']);
    expect(codeOf(await translate(author.client, '00000000-0000-4000-8000-000000000000', 'ru'))).toEqual([
      404,
      'ArticleNotFound',
    ]);
    expect(codeOf(await translate(author.client, 'not-an-id', 'ru'))).toEqual([400, 'InvalidIdentifier']);
    expect(codeOf(await translate(author.client, original.id, 'de'))).toEqual([400, 'InvalidModel']);
    const pending = await author.client.post<Article>(
      `/api/articles/publishing/${(await newDraft(author, 'Gözləyən')).id}`,
    );
    expect(pending.body.status).toBe('accepted');
    expect(codeOf(await translate(author.client, pending.body.id, 'en'))).toEqual([404, 'ArticleNotFound']);
  });

  it('goes through review like an article, then reads per language and lists the group on the article', async () => {
    const [draft] = (await author.client.get<{ items: Draft[] }>('/api/drafts')).body.items.filter(
      (d) => d.translationOf === original.id,
    );
    const submitted = await author.client.post<Article>(`/api/articles/publishing/${draft!.id}`);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'accepted', language: 'en', title: 'Autumn' });
    const en = submitted.body.id;

    // Pending: the language stays taken, and no reader finds it yet.
    expect(codeOf(await translate(author.client, original.id, 'en'))).toEqual([409, 'ArticleTranslationAvailable']);
    expect(codeOf(await visitor.get(`/api/articles/${original.id}/translations/en`))).toEqual([
      404,
      'ArticleTranslationNotFound',
    ]);
    // ...nor does a stranger through the pending translation's id.
    expect(codeOf(await stranger.client.get(`/api/articles/${en}/translations/az`))).toEqual([404, 'ArticleNotFound']);
    // Its author can switch from it to the published original.
    expect((await author.client.get<Article>(`/api/articles/${en}/translations/az`)).body.id).toBe(original.id);

    await approveArticle(en);

    const english = await visitor.get<Article>(`/api/articles/${original.id}/translations/en`);
    expect(english.status).toBe(200);
    expect(english.body).toMatchObject({ id: en, language: 'en', status: 'published', originalId: original.id });
    expect((await visitor.get<Article>(`/api/articles/${en}/translations/az`)).body.id).toBe(original.id);
    expect((await visitor.get<Article>(`/api/articles/${en}/translations/en`)).body.id).toBe(en);
    expect(codeOf(await visitor.get(`/api/articles/${original.id}/translations/ru`))).toEqual([
      404,
      'ArticleTranslationNotFound',
    ]);
    expect(codeOf(await visitor.get(`/api/articles/${original.id}/translations/de`))).toEqual([
      404,
      'ArticleTranslationNotFound',
    ]);
    expect(codeOf(await visitor.get(`/api/articles/00000000-0000-4000-8000-000000000000/translations/en`))).toEqual([
      404,
      'ArticleNotFound',
    ]);

    const group = [
      { id: original.id, language: 'az' },
      { id: en, language: 'en' },
    ];
    const originalRead = await visitor.get<Article>(`/api/articles/${original.id}`);
    expect(originalRead.body).toMatchObject({ translations: group, originalId: null });
    expect((await read(visitor, en)).body).toMatchObject({ translations: group, originalId: original.id });

    // Both steps were announced for notifications, beside the row's articles.article.published.
    expect(await eventsOn(EVENTS.translationSubmitted, 1)).toEqual([
      expect.objectContaining({
        articleId: en,
        originalId: original.id,
        language: Language.LANGUAGE_EN,
        authorUid: author.uid,
      }),
    ]);
    expect(await eventsOn(EVENTS.translationPublished, 1)).toEqual([
      expect.objectContaining({ articleId: en, originalId: original.id, originalAuthorUid: author.uid }),
    ]);

    // Translating from a translation translates its group's original.
    const ru = await translate(author.client, en, 'ru');
    expect(ru.status).toBe(201);
    expect(ru.body).toMatchObject({ translationOf: original.id, language: 'ru' });
  });

  it('holds each user to 5 draft translations (delete one to start another)', async () => {
    const originals = await Promise.all(
      ['Qış', 'Yaz', 'Bahar'].map(async (title) => publish(author, (await newDraft(author, title)).id)),
    );
    // One ru draft translation exists already (the test above); four more fill the cap.
    for (const [i, lang] of [
      [0, 'en'],
      [0, 'ru'],
      [1, 'en'],
      [1, 'ru'],
    ] as const) {
      expect((await translate(author.client, originals[i]!.id, lang)).status).toBe(201);
    }
    expect(codeOf(await translate(author.client, originals[2]!.id, 'en'))).toEqual([
      429,
      'MaxDraftTranslationsCountReached',
    ]);
    const list = (await author.client.get<{ items: Draft[] }>('/api/drafts')).body.items;
    const one = list.find((d) => d.translationOf === originals[1]!.id)!;
    expect((await author.client.request('DELETE', `/api/drafts/${one.id}`)).status).toBe(204);
    expect((await translate(author.client, originals[2]!.id, 'en')).status).toBe(201);
  });
});

describe('co-authors', () => {
  let draft: Draft;
  let toFriend: Invitation;

  beforeAll(async () => {
    draft = await newDraft(author, 'Birlikdə');
  });

  it('invites by username, refusing oneself, unknown users, strangers and a second invitation', async () => {
    expect(codeOf(await invite(stranger.client, draft.id, friend.username))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await invite(visitor, draft.id, friend.username))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await invite(author.client, draft.id, author.username))).toEqual([403, 'Forbidden']);
    expect(codeOf(await invite(author.client, draft.id, `nobody_${run}`))).toEqual([404, 'UserNotFound']);
    expect(codeOf(await invite(author.client, '00000000-0000-4000-8000-000000000000', friend.username))).toEqual([
      404,
      'DraftNotFound',
    ]);
    expect(codeOf(await author.client.post(`/api/drafts/${draft.id}/invite`))).toEqual([400, 'NullOrEmpty']);

    const sent = await invite(author.client, draft.id, friend.username.toUpperCase());
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      draftId: draft.id,
      articleId: null,
      title: 'Birlikdə',
      inviter: person(author),
      invitee: person(friend),
      status: 'pending',
      decidedAt: null,
    });
    toFriend = sent.body;
    expect(codeOf(await invite(author.client, draft.id, friend.username))).toEqual([409, 'AuthorAlreadyInvited']);
  });

  it('announces the invitation on NATS (articles.coauthor.invited)', async () => {
    const events = await eventsOn(EVENTS.coAuthorInvited, 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      invitationId: toFriend.id,
      draftId: draft.id,
      inviterUid: author.uid,
      inviterUsername: author.username,
      inviteeUid: friend.uid,
      title: 'Birlikdə',
    });
  });

  it("lists invitations to their invitee only, and only the invitee decides; nobody reads another's", async () => {
    const mine = await invitationsOf(friend);
    expect(mine.map((i) => i.id)).toEqual([toFriend.id]);
    expect(mine[0]).toMatchObject({ title: 'Birlikdə', inviter: person(author), status: 'pending' });
    expect(await invitationsOf(stranger)).toEqual([]);
    expect(await invitationsOf(author)).toEqual([]);
    expect(codeOf(await visitor.get('/api/drafts/invitations'))).toEqual([401, 'Unauthorized']);

    for (const who of [stranger, author]) {
      for (const decision of ['accept', 'reject']) {
        expect(codeOf(await who.client.post(`/api/drafts/invitations/${toFriend.id}/${decision}`))).toEqual([
          404,
          'InvitationNotFound',
        ]);
      }
    }
    expect(
      codeOf(await friend.client.post('/api/drafts/invitations/00000000-0000-4000-8000-000000000000/accept')),
    ).toEqual([404, 'InvitationNotFound']);
    // Before accepting, the invitee has no access to the draft.
    expect(codeOf(await friend.client.get(`/api/drafts/${draft.id}`))).toEqual([404, 'DraftNotFound']);

    const accepted = await friend.client.post<Invitation>(`/api/drafts/invitations/${toFriend.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: toFriend.id, status: 'accepted' });
    expect(accepted.body.decidedAt).not.toBeNull();
    // The same decision again (a double click) answers the same; changing one's mind afterwards does not.
    expect((await friend.client.post<Invitation>(`/api/drafts/invitations/${toFriend.id}/accept`)).body.status).toBe(
      'accepted',
    );
    expect(codeOf(await friend.client.post(`/api/drafts/invitations/${toFriend.id}/reject`))).toEqual([
      404,
      'InvitationNotFound',
    ]);
    expect(await invitationsOf(friend)).toEqual([]);
  });

  it('lets an accepted co-author read and save the draft, but not invite or delete', async () => {
    const read = await friend.client.get<Draft>(`/api/drafts/${draft.id}`);
    expect(read.status).toBe(200);
    expect(read.body.role).toBe('coAuthor');
    const saved = await friend.client.request<Draft>('PUT', `/api/drafts/${draft.id}`, {
      ...draftBody('Birlikdə yazılmış'),
      version: read.body.version,
    });
    expect(saved.status).toBe(200);
    expect(codeOf(await invite(friend.client, draft.id, third.username))).toEqual([403, 'Forbidden']);
    expect(codeOf(await friend.client.request('DELETE', `/api/drafts/${draft.id}`))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await stranger.client.get(`/api/drafts/${draft.id}`))).toEqual([404, 'DraftNotFound']);
    expect((await friend.client.get<{ items: Draft[] }>('/api/drafts')).body.items.map((d) => d.id)).toContain(
      draft.id,
    );
  });

  it('caps co-authors at 3, pending invitations included; a rejection frees the place but not the person', async () => {
    expect((await invite(author.client, draft.id, third.username)).status).toBe(201);
    expect((await invite(author.client, draft.id, fourth.username)).status).toBe(201);
    expect(codeOf(await invite(author.client, draft.id, fifth.username))).toEqual([429, 'MaxAuthorsCountReached']);

    const [toThird] = await invitationsOf(third);
    const rejected = await third.client.post<Invitation>(`/api/drafts/invitations/${toThird!.id}/reject`);
    expect(rejected.body.status).toBe('rejected');
    expect(codeOf(await third.client.get(`/api/drafts/${draft.id}`))).toEqual([404, 'DraftNotFound']);

    expect((await invite(author.client, draft.id, fifth.username)).status).toBe(201);
    expect(codeOf(await invite(author.client, draft.id, third.username))).toEqual([409, 'AuthorAlreadyInvited']);
  });

  it('carries the invitations to the article, shows the accepted co-authors on it and lets them edit it', async () => {
    const article = await publish(author, draft.id);
    expect((await read(visitor, article.id)).body.coAuthors).toEqual([person(friend)]);

    // A pending invitation now belongs to the article; accepting it adds a co-author to the published article.
    const [toFourth] = await invitationsOf(fourth);
    expect(toFourth).toMatchObject({ draftId: null, articleId: article.id, title: 'Birlikdə yazılmış' });
    await fourth.client.post(`/api/drafts/invitations/${toFourth!.id}/accept`);
    expect((await read(visitor, article.id)).body.coAuthors).toEqual([person(friend), person(fourth)]);

    // The author opens an edit of the published article: its co-authors edit that draft too; nobody else does.
    const edit = await author.client.post<Draft>(`/api/articles/publishing/${article.id}/edit`);
    expect(edit.status).toBe(200);
    expect((await friend.client.get<Draft>(`/api/drafts/${edit.body.id}`)).body.role).toBe('coAuthor');
    expect(codeOf(await stranger.client.get(`/api/drafts/${edit.body.id}`))).toEqual([404, 'DraftNotFound']);
    // Invitations from that draft belong to the article: the cap and the duplicates count over the article.
    expect(codeOf(await invite(author.client, edit.body.id, friend.username))).toEqual([409, 'AuthorAlreadyInvited']);
    expect(codeOf(await invite(author.client, edit.body.id, third.username))).toEqual([409, 'AuthorAlreadyInvited']);
    expect(codeOf(await invite(author.client, edit.body.id, stranger.username))).toEqual([
      429,
      'MaxAuthorsCountReached',
    ]);

    // An accepted co-author may translate the article; a stranger may not.
    expect((await translate(friend.client, article.id, 'en')).status).toBe(201);
    expect(codeOf(await translate(stranger.client, article.id, 'ru'))).toEqual([403, 'Forbidden']);
  });

  it('shows the collaboration details of a draft to its owner and co-authors only', async () => {
    const details = await author.client.get<{
      coAuthors: Author[];
      invitations: Invitation[];
    }>(`/api/drafts/${draft.id}/dtls`);
    // The draft was consumed by publishing; a new one shows its own (none).
    expect(codeOf(details)).toEqual([404, 'DraftNotFound']);

    const fresh = await newDraft(author, 'Təzə');
    await invite(author.client, fresh.id, friend.username);
    const [toFriendAgain] = await invitationsOf(friend);
    await friend.client.post(`/api/drafts/invitations/${toFriendAgain!.id}/accept`);
    const own = await author.client.get<{ coAuthors: Author[]; invitations: Invitation[] }>(
      `/api/drafts/${fresh.id}/dtls`,
    );
    expect(own.status).toBe(200);
    expect(own.body.coAuthors).toEqual([person(friend)]);
    expect(own.body.invitations.map((i) => i.invitee.uid)).toEqual([friend.uid]);
    const theirs = await friend.client.get<{ coAuthors: Author[]; invitations: Invitation[] }>(
      `/api/drafts/${fresh.id}/dtls`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.invitations).toEqual([]);
    expect(codeOf(await stranger.client.get(`/api/drafts/${fresh.id}/dtls`))).toEqual([404, 'DraftNotFound']);
  });
});
