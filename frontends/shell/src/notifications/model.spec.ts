import { catalogueProblems } from '@pencraft/i18n';
import az from './locales/az.js';
import en from './locales/en.js';
import ru from './locales/ru.js';
import {
  compareIds,
  decisionOf,
  linkOf,
  mergeNewest,
  noteOf,
  parseNotification,
  SENTENCE_TYPES,
  sentenceOf,
  type Notification,
} from './model.js';

const base = (overrides: Partial<Notification>): Notification => ({
  id: '1',
  type: 0,
  actor: { uid: 'u1', username: 'leyla', fullname: 'Leyla Həsənova' },
  subject: { articleId: 'a1', commentId: null, title: 'Xəzər', excerpt: null },
  data: null,
  read: false,
  readAt: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...overrides,
});

function lookup(catalogue: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('the notifications catalogue', () => {
  it('has every English key in az and ru with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('has a sentence for every type and decision, in every language', () => {
    const missing: string[] = [];
    for (const type of SENTENCE_TYPES) {
      const variants = [
        null,
        ...['approved', 'rejected', 'revisionRequested'].map((decision) => ({ decision })),
        { publication: 'Bakı Qeydləri' },
        { publication: 'Bakı Qeydləri', tier: 'paid' },
        { tier: 'paid' },
      ];
      for (const data of variants) {
        for (const title of ['Xəzər', null]) {
          const { key } = sentenceOf(base({ type, data, subject: { title } }));
          for (const [language, catalogue] of Object.entries({ en, az, ru }))
            if (typeof lookup(catalogue, key) !== 'string') missing.push(`${language}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(sentenceOf(base({ type: 999 })).key).toBe('types.other');
  });
});

describe('notifications in words', () => {
  it('names the actor and the article', () => {
    expect(sentenceOf(base({ type: 0 }))).toEqual({
      key: 'types.0',
      values: { actor: 'Leyla Həsənova', title: 'Xəzər' },
    });
    expect(sentenceOf(base({ type: 104, actor: { username: 'leyla' } })).values.actor).toBe('@leyla');
    // A vote names only the article's id: the sentence goes without the title.
    expect(sentenceOf(base({ type: 0, subject: { articleId: 'a1', title: null } })).key).toBe('types.0_untitled');
    expect(sentenceOf(base({ type: 2, subject: { title: null }, data: { decision: 'approved' } })).key).toBe(
      'types.2.approved',
    );
  });

  it('names the publication of an invitation, a subscriber and a failed payment, and says a paid subscription', () => {
    const data = { publicationId: 'p1', publication: 'Bakı Qeydləri', tier: 'free' };
    expect(sentenceOf(base({ type: 400, subject: null, data }))).toEqual({
      key: 'types.400',
      values: { actor: 'Leyla Həsənova', title: '', publication: 'Bakı Qeydləri' },
    });
    expect(sentenceOf(base({ type: 300, data })).key).toBe('types.300');
    expect(sentenceOf(base({ type: 300, data: { ...data, tier: 'paid' } })).key).toBe('types.300_paid');
    expect(sentenceOf(base({ type: 301, actor: null, data })).key).toBe('types.301');
    // An event without the name: the sentence goes without it (not with an empty pair of quotes).
    expect(sentenceOf(base({ type: 400, data: { publicationId: 'p1' } })).key).toBe('types.400_unnamed');
    expect(sentenceOf(base({ type: 300, data: { tier: 'paid' } })).key).toBe('types.300_paid_unnamed');
  });

  it('reads the review decision and the note of a rejection or a revision request', () => {
    const rejected = base({ type: 2, actor: null, data: { decision: 'rejected', note: 'Links only' } });
    expect(sentenceOf(rejected).key).toBe('types.2.rejected');
    expect(noteOf(rejected)).toBe('Links only');
    const revision = base({ type: 4, data: { decision: 'REQUEST_REVISION', note: 'Fix the intro' } });
    expect(decisionOf(revision)).toBe('revisionRequested');
    expect(noteOf(revision)).toBe('Fix the intro');
    const approved = base({ type: 52, data: { decision: 'approve', note: 'fine' } });
    expect(decisionOf(approved)).toBe('approved');
    expect(noteOf(approved)).toBeUndefined();
    expect(decisionOf(base({ type: 0, data: { decision: 'approved' } }))).toBeUndefined();
  });

  it('names the badge of a 105 when it carries one, else says a badge was earned', () => {
    expect(sentenceOf(base({ type: 105, data: { badge: 'first-article' } }))).toEqual({
      key: 'types.105_named',
      values: expect.objectContaining({ badge: 'first-article' }),
    });
    expect(sentenceOf(base({ type: 105, data: {} })).key).toBe('types.105');
    expect(sentenceOf(base({ type: 105, data: { badge: '<b>x</b>' } })).key).toBe('types.105');
  });

  it('names the money of a support (200) and a payout (201) in qəpik, the supporter only when shown', () => {
    const support = sentenceOf(base({ type: 200, data: { supportId: 's1', amountQepik: '1050', amount: '10.50' } }));
    expect(support).toEqual({ key: 'types.200', values: expect.objectContaining({ amountQepik: '1050' }) });
    expect(sentenceOf(base({ type: 200, actor: null, data: { amountQepik: '500' } })).key).toBe('types.200_anonymous');
    expect(sentenceOf(base({ type: 200, data: {} })).key).toBe('types.200_plain');
    const paid = { payoutId: 'p1', state: 'paid', amountQepik: '2500', cardLast4: '5556', expectedDate: '2026-12-03' };
    expect(sentenceOf(base({ type: 201, data: paid }))).toEqual({
      key: 'types.201.paid',
      values: expect.objectContaining({ amountQepik: '2500', cardLast4: '5556', expectedDate: '2026-12-03' }),
    });
    expect(sentenceOf(base({ type: 201, data: { ...paid, state: 'lost' } })).key).toBe('types.201.other');
    expect(sentenceOf(base({ type: 201, data: { amountQepik: '1.5', state: 'paid' } })).key).toBe('types.201.other');
    for (const state of ['requested', 'processing', 'paid', 'failed', 'other'])
      for (const catalogue of [en, az, ru]) expect(typeof lookup(catalogue, `types.201.${state}`)).toBe('string');
  });

  it('leads to the subject', () => {
    expect(linkOf(base({ type: 0 }))).toBe('/a/a1');
    expect(linkOf(base({ type: 51, subject: { articleId: 'a1', commentId: 'c9' } }))).toBe('/a/a1#comment-c9');
    expect(linkOf(base({ type: 2, data: { decision: 'rejected' } }))).toBe('/me/review');
    expect(linkOf(base({ type: 2, data: { decision: 'approved' } }))).toBe('/a/a1');
    expect(linkOf(base({ type: 104 }))).toBe('/@leyla');
    expect(linkOf(base({ type: 500 }))).toBe('/me/invitations');
    expect(linkOf(base({ type: 200 }))).toBe('/settings/support-supporters');
    expect(linkOf(base({ type: 201 }))).toBe('/settings/support-payouts');
    expect(linkOf(base({ type: 300 }))).toBe('/studio/subscribers');
    expect(linkOf(base({ type: 301 }))).toBe('/settings/publication');
    expect(linkOf(base({ type: 400 }))).toBe('/settings/publication');
  });
});

describe('parseNotification', () => {
  it('takes the gateway shape and refuses what is not one', () => {
    const parsed = parseNotification({
      id: 12,
      type: 1,
      key: 'ac',
      actor: { uid: 'u', username: 'x', fullname: '', imageUrl: null },
      subject: { articleId: 'a', commentId: 'c', title: 'T', excerpt: 'hi <b>' },
      data: {},
      read: false,
      readAt: null,
      createdAt: '2026-11-26T12:00:00.000Z',
    });
    expect(parsed).toMatchObject({ id: '12', type: 1, read: false, actor: { uid: 'u', username: 'x' } });
    expect(parsed?.subject?.excerpt).toBe('hi <b>');
    expect(parseNotification({ id: '3', type: 2, readAt: '2026-11-26T12:00:00.000Z', createdAt: 'x' })?.read).toBe(
      true,
    );
    expect(parseNotification({ type: 1 })).toBeUndefined();
    expect(parseNotification({ id: '1', type: 'x' })).toBeUndefined();
    expect(parseNotification('nope')).toBeUndefined();
  });

  it('orders ids as numbers and merges by id', () => {
    expect(compareIds('10', '9')).toBeGreaterThan(0);
    const merged = mergeNewest(
      [base({ id: '9' }), base({ id: '8' })],
      [base({ id: '10' }), base({ id: '9', read: true })],
      2,
    );
    expect(merged.map((n) => [n.id, n.read])).toEqual([
      ['10', false],
      ['9', true],
    ]);
  });
});
