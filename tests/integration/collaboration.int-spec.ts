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
import { rememberSecret } from '../support/log-hygiene.ts';
import { approveArticle, closeReviewClient } from '../support/review.ts';
import {
  eventually,
  freshDatabase,
  httpBase,
  natsAdmin,
  resetMessaging,
  stack,
  startService,
  type TestDatabase,
} from '../support/stack.ts';
import { captchaParam, typedApi, type BodyOf, type TypedApi } from '../support/typed-api.ts';
// Every answer of a documented operation is checked against services/gateway/openapi.json.
import { DocumentedClient as ApiClient } from './gateway-openapi.ts';
import type { Schemas } from '@pencraft/api-client';

interface Person {
  uid: string;
  username: string;
  fullname: string;
  client: ApiClient;
  api: TypedApi;
}
type Lang = Schemas['Draft']['language'];

let db: TestDatabase;
const apps: AppHandle[] = [];
let base: string;
let n = 0;
const run = Date.now().toString(36);

const TEXT = 'Bakıda payız gələndə küləklər şəhəri təmizləyir, insanlar isə çay süfrəsi ətrafında toplaşır.';
const draftBody = (title: string) =>
  ({
    title,
    description: 'Bakı haqqında',
    language: 'az',
    category: 'travel',
    subCategories: ['culture'],
    content: { blocks: [{ type: 'paragraph', data: { text: TEXT } }] },
  }) satisfies BodyOf<'createDraft'>;

async function signedUp(): Promise<Person> {
  n += 1;
  const client = new ApiClient(base);
  const api = typedApi(client);
  const email = `collab${n}_${run}@example.az`;
  rememberSecret(email);
  const username = `collab_${run}_${n}`;
  const fullname = `Collab User ${n}`;
  const registeredAt = new Date();
  const response = await api.POST('/api/id/register', {
    body: { email, username, fullname, password: 'collab-pass-42', acceptTerms: true, acceptPrivacy: true },
    params: { header: await captchaParam(base) },
  });
  expect(response.status).toBe(201);
  await confirmAccount(client, email, registeredAt);
  const info = await api.GET('/api/users/info');
  return { uid: info.data!.uid, username, fullname, client, api };
}

const codeOf = (response: { status: number; error?: Schemas['Error'] }) => [
  response.status,
  response.error?.error.code,
];
/** The same of a raw answer: a call the document refuses (a language or a query it does not allow). */
const rawCodeOf = (response: { status: number; body: unknown }) => [
  response.status,
  (response.body as Schemas['Error'] | undefined)?.error?.code,
];
const person = (p: Person) => ({ uid: p.uid, username: p.username, fullname: p.fullname, imageUrl: '' });
const byId = (id: string) => ({ params: { path: { id } } });

async function newDraft(owner: Person, title: string): Promise<Schemas['Draft']> {
  const created = await owner.api.POST('/api/drafts', { body: draftBody(title) });
  expect(created.status).toBe(201);
  return created.data!;
}

/** Submits a draft and plays the moderation service's approval: a published article. */
async function publish(owner: Person, draftId: string): Promise<Schemas['Article']> {
  const submitted = await owner.api.POST('/api/articles/publishing/{id}', byId(draftId));
  expect(submitted.status).toBe(200);
  await approveArticle(submitted.data!.id);
  return (await owner.api.GET('/api/articles/{id}', byId(submitted.data!.id))).data!;
}

const translate = (who: TypedApi, aid: string, lang: Lang) =>
  who.POST('/api/drafts/translate', { params: { query: { aid, lang } } });
const invite = (who: TypedApi, draftId: string, username: string) =>
  who.POST('/api/drafts/{id}/invite', { params: { path: { id: draftId }, query: { username } } });
const invitationsOf = async (who: Person) => (await who.api.GET('/api/drafts/invitations')).data!.items;
const decide = (who: Person, id: string, decision: 'accept' | 'reject') =>
  who.api.POST(`/api/drafts/invitations/{id}/${decision}`, byId(id));
const read = (who: TypedApi, id: string) => who.GET('/api/articles/{id}', byId(id));
const inLanguage = (who: TypedApi, id: string, lang: Lang) =>
  who.GET('/api/articles/{id}/translations/{lang}', { params: { path: { id, lang } } });

/** The events of one subject on the ARTICLES stream so far, decoded (a fresh durable consumer reads them all). */
async function eventsOn<T>(definition: { subject: string; message: { decode(data: Uint8Array): T } }, until: number) {
  const nc = await connect(natsAdmin(stack));
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
let visitorClient: ApiClient;
let visitor: TypedApi;

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
  visitorClient = new ApiClient(base);
  visitor = typedApi(visitorClient);
});

afterAll(async () => {
  closeReviewClient();
  await Promise.all(apps.map((app) => app.stop()));
  await db?.drop();
});

describe('translations', () => {
  let original: Schemas['Article'];

  beforeAll(async () => {
    original = await publish(author, (await newDraft(author, 'Payız')).id);
    expect(original.status).toBe('published');
  });

  it('starts a draft translation prefilled from the original, one per language of the group', async () => {
    // Two requests at once for the same language: one draft, one refusal.
    const both = await Promise.all([
      translate(author.api, original.id, 'en'),
      translate(author.api, original.id, 'en'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const created = both.find((r) => r.status === 201)!.data!;
    expect(created).toMatchObject({
      translationOf: original.id,
      language: 'en',
      title: 'Payız',
      category: 'travel',
      subCategories: ['culture'],
      role: 'owner',
      articleId: null,
    });
    expect(created.content?.blocks[0]?.data.text).toBe(TEXT);

    // The original's language, and a language the group already holds as a draft, are taken.
    expect(codeOf(await translate(author.api, original.id, 'az'))).toEqual([409, 'ArticleTranslationAvailable']);
    expect(codeOf(await translate(author.api, original.id, 'en'))).toEqual([409, 'ArticleTranslationAvailable']);

    // A translation keeps its language when saved (the group holds each language once).
    const saved = await author.api.PUT('/api/drafts/{id}', {
      ...byId(created.id),
      body: { ...draftBody('Autumn'), language: 'ru', version: created.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ title: 'Autumn', language: 'en' });
  });

  it('refuses visitors, strangers, unknown and unpublished articles, and bad input', async () => {
    expect(codeOf(await translate(visitor, original.id, 'ru'))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await translate(stranger.api, original.id, 'ru'))).toEqual([403, 'Forbidden']);
    expect(codeOf(await translate(author.api, '00000000-0000-4000-8000-000000000000', 'ru'))).toEqual([
      404,
      'ArticleNotFound',
    ]);
    expect(codeOf(await translate(author.api, 'not-an-id', 'ru'))).toEqual([400, 'InvalidIdentifier']);
    // Raw on purpose: a language outside the document's list.
    expect(rawCodeOf(await author.client.post(`/api/drafts/translate?aid=${original.id}&lang=de`))).toEqual([
      400,
      'InvalidModel',
    ]);
    const pending = await author.api.POST(
      '/api/articles/publishing/{id}',
      byId((await newDraft(author, 'Gözləyən')).id),
    );
    expect(pending.data!.status).toBe('accepted');
    expect(codeOf(await translate(author.api, pending.data!.id, 'en'))).toEqual([404, 'ArticleNotFound']);
  });

  it('goes through review like an article, then reads per language and lists the group on the article', async () => {
    const [draft] = (await author.api.GET('/api/drafts')).data!.items.filter((d) => d.translationOf === original.id);
    const submitted = await author.api.POST('/api/articles/publishing/{id}', byId(draft!.id));
    expect(submitted.status).toBe(200);
    expect(submitted.data).toMatchObject({ status: 'accepted', language: 'en', title: 'Autumn' });
    const en = submitted.data!.id;

    // Pending: the language stays taken, and no reader finds it yet.
    expect(codeOf(await translate(author.api, original.id, 'en'))).toEqual([409, 'ArticleTranslationAvailable']);
    expect(codeOf(await inLanguage(visitor, original.id, 'en'))).toEqual([404, 'ArticleTranslationNotFound']);
    // ...nor does a stranger through the pending translation's id.
    expect(codeOf(await inLanguage(stranger.api, en, 'az'))).toEqual([404, 'ArticleNotFound']);
    // Its author can switch from it to the published original.
    expect((await inLanguage(author.api, en, 'az')).data!.id).toBe(original.id);

    await approveArticle(en);

    const english = await inLanguage(visitor, original.id, 'en');
    expect(english.status).toBe(200);
    expect(english.data).toMatchObject({ id: en, language: 'en', status: 'published', originalId: original.id });
    expect((await inLanguage(visitor, en, 'az')).data!.id).toBe(original.id);
    expect((await inLanguage(visitor, en, 'en')).data!.id).toBe(en);
    expect(codeOf(await inLanguage(visitor, original.id, 'ru'))).toEqual([404, 'ArticleTranslationNotFound']);
    // Raw on purpose: a language outside the document's list.
    expect(rawCodeOf(await visitorClient.get(`/api/articles/${original.id}/translations/de`))).toEqual([
      404,
      'ArticleTranslationNotFound',
    ]);
    expect(codeOf(await inLanguage(visitor, '00000000-0000-4000-8000-000000000000', 'en'))).toEqual([
      404,
      'ArticleNotFound',
    ]);

    const group = [
      { id: original.id, language: 'az' },
      { id: en, language: 'en' },
    ];
    const originalRead = await read(visitor, original.id);
    expect(originalRead.data).toMatchObject({ translations: group, originalId: null });
    expect((await read(visitor, en)).data).toMatchObject({ translations: group, originalId: original.id });

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
    const ru = await translate(author.api, en, 'ru');
    expect(ru.status).toBe(201);
    expect(ru.data).toMatchObject({ translationOf: original.id, language: 'ru' });
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
      expect((await translate(author.api, originals[i]!.id, lang)).status).toBe(201);
    }
    expect(codeOf(await translate(author.api, originals[2]!.id, 'en'))).toEqual([
      429,
      'MaxDraftTranslationsCountReached',
    ]);
    const list = (await author.api.GET('/api/drafts')).data!.items;
    const one = list.find((d) => d.translationOf === originals[1]!.id)!;
    expect((await author.api.DELETE('/api/drafts/{id}', byId(one.id))).status).toBe(204);
    expect((await translate(author.api, originals[2]!.id, 'en')).status).toBe(201);
  });
});

describe('co-authors', () => {
  let draft: Schemas['Draft'];
  let toFriend: Schemas['CoAuthorInvitation'];

  beforeAll(async () => {
    draft = await newDraft(author, 'Birlikdə');
  });

  it('invites by username, refusing oneself, unknown users, strangers and a second invitation', async () => {
    expect(codeOf(await invite(stranger.api, draft.id, friend.username))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await invite(visitor, draft.id, friend.username))).toEqual([401, 'Unauthorized']);
    expect(codeOf(await invite(author.api, draft.id, author.username))).toEqual([403, 'Forbidden']);
    expect(codeOf(await invite(author.api, draft.id, `nobody_${run}`))).toEqual([404, 'UserNotFound']);
    expect(codeOf(await invite(author.api, '00000000-0000-4000-8000-000000000000', friend.username))).toEqual([
      404,
      'DraftNotFound',
    ]);
    // Raw on purpose: the document requires the username.
    expect(rawCodeOf(await author.client.post(`/api/drafts/${draft.id}/invite`))).toEqual([400, 'NullOrEmpty']);

    const sent = await invite(author.api, draft.id, friend.username.toUpperCase());
    expect(sent.status).toBe(201);
    expect(sent.data).toMatchObject({
      draftId: draft.id,
      articleId: null,
      title: 'Birlikdə',
      inviter: person(author),
      invitee: person(friend),
      status: 'pending',
      decidedAt: null,
    });
    toFriend = sent.data!;
    expect(codeOf(await invite(author.api, draft.id, friend.username))).toEqual([409, 'AuthorAlreadyInvited']);
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
    expect(codeOf(await visitor.GET('/api/drafts/invitations'))).toEqual([401, 'Unauthorized']);

    for (const who of [stranger, author]) {
      for (const decision of ['accept', 'reject'] as const) {
        expect(codeOf(await decide(who, toFriend.id, decision))).toEqual([404, 'InvitationNotFound']);
      }
    }
    expect(codeOf(await decide(friend, '00000000-0000-4000-8000-000000000000', 'accept'))).toEqual([
      404,
      'InvitationNotFound',
    ]);
    // Before accepting, the invitee has no access to the draft.
    expect(codeOf(await friend.api.GET('/api/drafts/{id}', byId(draft.id)))).toEqual([404, 'DraftNotFound']);

    const accepted = await decide(friend, toFriend.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.data).toMatchObject({ id: toFriend.id, status: 'accepted' });
    expect(accepted.data!.decidedAt).not.toBeNull();
    // The same decision again (a double click) answers the same; changing one's mind afterwards does not.
    expect((await decide(friend, toFriend.id, 'accept')).data!.status).toBe('accepted');
    expect(codeOf(await decide(friend, toFriend.id, 'reject'))).toEqual([404, 'InvitationNotFound']);
    expect(await invitationsOf(friend)).toEqual([]);
  });

  it('lets an accepted co-author read and save the draft, but not invite or delete', async () => {
    const read = await friend.api.GET('/api/drafts/{id}', byId(draft.id));
    expect(read.status).toBe(200);
    expect(read.data!.role).toBe('coAuthor');
    const saved = await friend.api.PUT('/api/drafts/{id}', {
      ...byId(draft.id),
      body: { ...draftBody('Birlikdə yazılmış'), version: read.data!.version },
    });
    expect(saved.status).toBe(200);
    expect(codeOf(await invite(friend.api, draft.id, third.username))).toEqual([403, 'Forbidden']);
    expect(codeOf(await friend.api.DELETE('/api/drafts/{id}', byId(draft.id)))).toEqual([404, 'DraftNotFound']);
    expect(codeOf(await stranger.api.GET('/api/drafts/{id}', byId(draft.id)))).toEqual([404, 'DraftNotFound']);
    expect((await friend.api.GET('/api/drafts')).data!.items.map((d) => d.id)).toContain(draft.id);
  });

  it('caps co-authors at 3, pending invitations included; a rejection frees the place but not the person', async () => {
    expect((await invite(author.api, draft.id, third.username)).status).toBe(201);
    expect((await invite(author.api, draft.id, fourth.username)).status).toBe(201);
    expect(codeOf(await invite(author.api, draft.id, fifth.username))).toEqual([429, 'MaxAuthorsCountReached']);

    const [toThird] = await invitationsOf(third);
    const rejected = await decide(third, toThird!.id, 'reject');
    expect(rejected.data!.status).toBe('rejected');
    expect(codeOf(await third.api.GET('/api/drafts/{id}', byId(draft.id)))).toEqual([404, 'DraftNotFound']);

    expect((await invite(author.api, draft.id, fifth.username)).status).toBe(201);
    expect(codeOf(await invite(author.api, draft.id, third.username))).toEqual([409, 'AuthorAlreadyInvited']);
  });

  it('carries the invitations to the article, shows the accepted co-authors on it and lets them edit it', async () => {
    const article = await publish(author, draft.id);
    expect((await read(visitor, article.id)).data!.coAuthors).toEqual([person(friend)]);

    // A pending invitation now belongs to the article; accepting it adds a co-author to the published article.
    const [toFourth] = await invitationsOf(fourth);
    expect(toFourth).toMatchObject({ draftId: null, articleId: article.id, title: 'Birlikdə yazılmış' });
    await decide(fourth, toFourth!.id, 'accept');
    expect((await read(visitor, article.id)).data!.coAuthors).toEqual([person(friend), person(fourth)]);

    // The author opens an edit of the published article: its co-authors edit that draft too; nobody else does.
    const edit = await author.api.POST('/api/articles/publishing/{id}/edit', byId(article.id));
    expect(edit.status).toBe(200);
    const editId = edit.data!.id;
    expect((await friend.api.GET('/api/drafts/{id}', byId(editId))).data!.role).toBe('coAuthor');
    expect(codeOf(await stranger.api.GET('/api/drafts/{id}', byId(editId)))).toEqual([404, 'DraftNotFound']);
    // Invitations from that draft belong to the article: the cap and the duplicates count over the article.
    expect(codeOf(await invite(author.api, editId, friend.username))).toEqual([409, 'AuthorAlreadyInvited']);
    expect(codeOf(await invite(author.api, editId, third.username))).toEqual([409, 'AuthorAlreadyInvited']);
    expect(codeOf(await invite(author.api, editId, stranger.username))).toEqual([429, 'MaxAuthorsCountReached']);

    // An accepted co-author may translate the article; a stranger may not.
    expect((await translate(friend.api, article.id, 'en')).status).toBe(201);
    expect(codeOf(await translate(stranger.api, article.id, 'ru'))).toEqual([403, 'Forbidden']);
  });

  it('shows the collaboration details of a draft to its owner and co-authors only', async () => {
    const detailsOf = (who: Person, id: string) => who.api.GET('/api/drafts/{id}/dtls', byId(id));
    // The draft was consumed by publishing; a new one shows its own (none).
    expect(codeOf(await detailsOf(author, draft.id))).toEqual([404, 'DraftNotFound']);

    const fresh = await newDraft(author, 'Təzə');
    await invite(author.api, fresh.id, friend.username);
    const [toFriendAgain] = await invitationsOf(friend);
    await decide(friend, toFriendAgain!.id, 'accept');
    const own = await detailsOf(author, fresh.id);
    expect(own.status).toBe(200);
    expect(own.data!.coAuthors).toEqual([person(friend)]);
    expect(own.data!.invitations.map((i) => i.invitee.uid)).toEqual([friend.uid]);
    const theirs = await detailsOf(friend, fresh.id);
    expect(theirs.status).toBe(200);
    expect(theirs.data!.invitations).toEqual([]);
    expect(codeOf(await detailsOf(stranger, fresh.id))).toEqual([404, 'DraftNotFound']);
  });
});
