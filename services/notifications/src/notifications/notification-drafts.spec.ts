import { PayoutState } from '@pencraft/contracts/common/v1/common';
import { describe, expect, it } from '@jest/globals';
import {
  articleReviewDrafts,
  articleVoteDrafts,
  coAuthorInvitationDrafts,
  commentPublishedDrafts,
  commentReviewDrafts,
  commentVoteDrafts,
  followerDrafts,
  paymentFailedDrafts,
  payoutUpdatedDrafts,
  publicationInvitationDrafts,
  publicationSubscriptionDrafts,
  supportReceivedDrafts,
  translationDrafts,
  welcomeDrafts,
} from './notification-drafts.js';
import { Language } from '@pencraft/contracts/common/v1/common';

const AT = Date.parse('2026-11-26T10:00:00Z');
const vote = {
  articleId: 'a-1',
  authorUid: 'u-author',
  voterUid: 'u-voter',
  up: 1,
  down: 0,
  atMs: AT,
  title: 'Başlıq',
};

describe('notification drafts (which event makes which notification for whom)', () => {
  it('0: a new upvote tells the author; a removal, a downvote or an own vote tells nobody', () => {
    expect(articleVoteDrafts({ ...vote, vote: 'up', previous: '' })).toEqual([
      expect.objectContaining({
        uid: 'u-author',
        type: 0,
        actorUid: 'u-voter',
        articleId: 'a-1',
        title: 'Başlıq',
      }),
    ]);
    expect(articleVoteDrafts({ ...vote, vote: 'up', previous: 'down' })).toHaveLength(1);
    expect(articleVoteDrafts({ ...vote, vote: '', previous: 'up' })).toEqual([]);
    expect(articleVoteDrafts({ ...vote, vote: 'down', previous: '' })).toEqual([]);
    expect(articleVoteDrafts({ ...vote, voterUid: 'u-author', vote: 'up', previous: '' })).toEqual([]);
  });

  it('0: keyed by the voter and the article, so upvote, remove, upvote again tells the author once', () => {
    const [first] = articleVoteDrafts({ ...vote, vote: 'up', previous: '' });
    const [again] = articleVoteDrafts({ ...vote, vote: 'up', previous: '', atMs: AT + 60_000 });
    expect(again!.dedupeKey).toBe(first!.dedupeKey);
    expect(articleVoteDrafts({ ...vote, voterUid: 'u-other', vote: 'up', previous: '' })[0]!.dedupeKey).not.toBe(
      first!.dedupeKey,
    );
    expect(articleVoteDrafts({ ...vote, articleId: 'a-2', vote: 'up', previous: '' })[0]!.dedupeKey).not.toBe(
      first!.dedupeKey,
    );
  });

  const review = {
    articleId: 'a-1',
    originalId: '',
    isTranslation: false,
    isEdit: false,
    authorUids: ['u-1', 'u-2'],
    title: 'T',
    note: '',
    atMs: AT,
    language: Language.LANGUAGE_EN,
  };

  it('2/4: a decision tells every author with the note; the initial review tells nobody', () => {
    expect(articleReviewDrafts({ ...review, decision: 'rejected', note: 'spam' }, 'e-1')).toEqual([
      expect.objectContaining({ uid: 'u-1', type: 2, data: { decision: 'rejected', note: 'spam' } }),
      expect.objectContaining({ uid: 'u-2', type: 2, data: { decision: 'rejected', note: 'spam' } }),
    ]);
    expect(articleReviewDrafts({ ...review, decision: 'initialPassed' }, 'e-2')).toEqual([]);
    const translation = articleReviewDrafts(
      {
        ...review,
        isTranslation: true,
        originalId: 'a-0',
        authorUids: ['u-1'],
        decision: 'revisionRequested',
        note: 'fix',
      },
      'e-3',
    );
    expect(translation).toEqual([
      expect.objectContaining({
        uid: 'u-1',
        type: 4,
        data: { decision: 'revisionRequested', note: 'fix', originalId: 'a-0', language: 'en' },
      }),
    ]);
  });

  it("3: the original's author hears of a translation, unless they made it", () => {
    const event = {
      articleId: 'a-2',
      originalId: 'a-1',
      language: Language.LANGUAGE_RU,
      title: 'Т',
      authorUid: 'u-t',
      originalAuthorUid: 'u-o',
      publishedAtMs: AT,
    };
    expect(translationDrafts(event, 'e-1')).toEqual([
      expect.objectContaining({ uid: 'u-o', type: 3, actorUid: 'u-t', data: { originalId: 'a-1', language: 'ru' } }),
    ]);
    expect(translationDrafts({ ...event, authorUid: 'u-o' }, 'e-2')).toEqual([]);
  });

  it('500: the invitee, with the inviter as actor', () => {
    const drafts = coAuthorInvitationDrafts(
      {
        invitationId: 'i-1',
        draftId: 'd-1',
        articleId: '',
        title: 'Draft',
        inviterUid: 'u-1',
        inviterUsername: 'leyla',
        inviterFullname: 'Leyla',
        inviteeUid: 'u-2',
        invitedAtMs: AT,
      },
      'e-1',
    );
    expect(drafts).toEqual([
      expect.objectContaining({
        uid: 'u-2',
        type: 500,
        actor: { username: 'leyla', fullname: 'Leyla', imageUrl: null },
        articleId: null,
        data: { invitationId: 'i-1', draftId: 'd-1' },
      }),
    ]);
  });

  const published = {
    commentId: 'c-2',
    articleId: 'a-1',
    articleTitle: 'T',
    articleAuthorUids: ['u-author', 'u-coauthor'],
    authorUid: 'u-commenter',
    authorUsername: 'c',
    authorFullname: 'C',
    authorImageUrl: '',
    parentId: 'c-1',
    parentAuthorUid: 'u-author',
    excerpt: 'hi',
    publishedAtMs: AT,
  };

  it('1/51/52: a reply tells the answered (51) and the other authors (1), once each, and its author it is approved', () => {
    const drafts = commentPublishedDrafts(published);
    expect(drafts.map((d) => [d.uid, d.type])).toEqual([
      ['u-author', 51],
      ['u-coauthor', 1],
      ['u-commenter', 52],
    ]);
    expect(drafts[0]).toMatchObject({ actorUid: 'u-commenter', commentId: 'c-2', data: { parentCommentId: 'c-1' } });
    expect(drafts[2]).toMatchObject({ dedupeKey: 'comment-approved:c-2', data: { decision: 'approved' } });
  });

  it('keys each by the comment: the same comment published again (removed, then approved again) tells nobody twice', () => {
    const first = commentPublishedDrafts(published).map((d) => [d.uid, d.dedupeKey]);
    const again = commentPublishedDrafts({ ...published, publishedAtMs: AT + 60_000 }).map((d) => [d.uid, d.dedupeKey]);
    expect(again).toEqual(first);
    expect(new Set(first.map(([, key]) => key)).size).toBe(3);
  });

  it('nobody hears of their own comment', () => {
    const drafts = commentPublishedDrafts({ ...published, authorUid: 'u-author', parentAuthorUid: 'u-author' });
    expect(drafts.map((d) => [d.uid, d.type])).toEqual([
      ['u-coauthor', 1],
      ['u-author', 52],
    ]);
  });

  it("52: a rejection with its note; an approval shares the published one's key; an approved edit tells nobody", () => {
    const base = {
      commentId: 'c-1',
      articleId: 'a-1',
      articleTitle: 'T',
      authorUid: 'u-1',
      note: '',
      isEdit: false,
      excerpt: 'x',
      moderator: 'm',
      atMs: AT,
    };
    expect(commentReviewDrafts({ ...base, decision: 'reject', note: 'rude' }, 'e-1')).toEqual([
      expect.objectContaining({ uid: 'u-1', type: 52, data: { decision: 'rejected', note: 'rude' } }),
    ]);
    expect(commentReviewDrafts({ ...base, decision: 'approve' }, 'e-2')[0]?.dedupeKey).toBe('comment-approved:c-1');
    expect(commentReviewDrafts({ ...base, decision: 'approve', isEdit: true }, 'e-3')).toEqual([]);
  });

  it('50: a new upvote on a comment', () => {
    const base = {
      commentId: 'c-1',
      articleId: 'a-1',
      authorUid: 'u-1',
      voterUid: 'u-2',
      voterUsername: 'v',
      voterFullname: 'V',
      up: 1,
      down: 0,
      excerpt: 'x',
      atMs: AT,
      articleTitle: 'On rivers',
    };
    expect(commentVoteDrafts({ ...base, vote: 'up', previous: '' })).toEqual([
      expect.objectContaining({ uid: 'u-1', type: 50, actorUid: 'u-2', commentId: 'c-1', title: 'On rivers' }),
    ]);
    expect(commentVoteDrafts({ ...base, vote: 'up', previous: '', articleTitle: '' })[0]?.title).toBeNull();
    expect(commentVoteDrafts({ ...base, vote: 'down', previous: '' })).toEqual([]);
    // Keyed by the voter and the comment: a toggled upvote tells the author once; another voter or comment is new.
    const key = (change: Partial<typeof base>) =>
      commentVoteDrafts({ ...base, ...change, vote: 'up', previous: '' })[0]!.dedupeKey;
    expect(key({ atMs: AT + 60_000 })).toBe(key({}));
    expect(new Set([key({}), key({ voterUid: 'u-3' }), key({ commentId: 'c-2' })]).size).toBe(3);
  });

  it('100 once per account, 104 to the followed', () => {
    expect(welcomeDrafts({ uid: 'u-1', confirmedAtMs: AT })).toEqual([
      expect.objectContaining({ uid: 'u-1', type: 100, dedupeKey: 'welcome' }),
    ]);
    const follow = { followerUid: 'u-1', followeeUid: 'u-2', atMs: AT };
    expect(followerDrafts(follow)).toEqual([expect.objectContaining({ uid: 'u-2', type: 104, actorUid: 'u-1' })]);
    // Follow, unfollow, follow again: the same key, so the followed hears of it once; another follower is new.
    expect(followerDrafts({ ...follow, atMs: AT + 60_000 })[0]!.dedupeKey).toBe(followerDrafts(follow)[0]!.dedupeKey);
    expect(followerDrafts({ ...follow, followerUid: 'u-3' })[0]!.dedupeKey).not.toBe(
      followerDrafts(follow)[0]!.dedupeKey,
    );
  });

  const invited = {
    publicationId: 'p-1',
    publicationName: 'Bakı Qeydləri',
    inviteeUid: 'u-invitee',
    invitedByUid: 'u-owner',
    atMs: AT,
  };

  it('400: the invitee, with the owner as actor and the publication named; never oneself', () => {
    expect(publicationInvitationDrafts(invited)).toEqual([
      {
        uid: 'u-invitee',
        type: 400,
        actorUid: 'u-owner',
        actor: null,
        articleId: null,
        commentId: null,
        title: null,
        excerpt: null,
        data: { publicationId: 'p-1', publication: 'Bakı Qeydləri' },
        dedupeKey: 'publication-invited:p-1',
        at: new Date(AT),
      },
    ]);
    expect(publicationInvitationDrafts({ ...invited, inviteeUid: 'u-owner' })).toEqual([]);
    expect(publicationInvitationDrafts({ ...invited, publicationName: '' })[0]!.data).toEqual({ publicationId: 'p-1' });
  });

  it('400: invite, cancel, invite again tells the invitee once; another publication or invitee is new', () => {
    const key = (change: Partial<typeof invited>) =>
      publicationInvitationDrafts({ ...invited, ...change })[0]!.dedupeKey;
    expect(key({ atMs: AT + 60_000 })).toBe(key({}));
    expect(key({ publicationId: 'p-2' })).not.toBe(key({}));
    // The key is unique per recipient (the table's unique index is on uid and key).
    expect(publicationInvitationDrafts({ ...invited, inviteeUid: 'u-other' })[0]!.uid).toBe('u-other');
  });

  const subscribed = {
    publicationId: 'p-1',
    uid: 'u-reader',
    paid: false,
    planId: '',
    periodEndMs: 0,
    atMs: AT,
    ownerUid: 'u-owner',
    publicationName: 'Bakı Qeydləri',
  };

  it('300: the owner learns who subscribed, free or paid', () => {
    expect(publicationSubscriptionDrafts(subscribed)).toEqual([
      expect.objectContaining({
        uid: 'u-owner',
        type: 300,
        actorUid: 'u-reader',
        data: { publicationId: 'p-1', publication: 'Bakı Qeydləri', tier: 'free' },
        at: new Date(AT),
      }),
    ]);
    expect(publicationSubscriptionDrafts({ ...subscribed, paid: true, planId: 'pl-1' })[0]!.data.tier).toBe('paid');
    // An event without its owner (an older publisher) tells nobody rather than somebody wrong.
    expect(publicationSubscriptionDrafts({ ...subscribed, ownerUid: '' })).toEqual([]);
  });

  it('300: subscribe, unsubscribe, subscribe again tells the owner once; paying later is news once more', () => {
    const key = (change: Partial<typeof subscribed>) =>
      publicationSubscriptionDrafts({ ...subscribed, ...change })[0]!.dedupeKey;
    expect(key({ atMs: AT + 60_000 })).toBe(key({}));
    expect(new Set([key({}), key({ uid: 'u-2' }), key({ publicationId: 'p-2' }), key({ paid: true })]).size).toBe(4);
    expect(key({ paid: true, atMs: AT + 60_000 })).toBe(key({ paid: true }));
  });

  it('301: the subscriber, once per paid period however often the provider retries, with amount and end', () => {
    const failed = {
      publicationId: 'p-1',
      uid: 'u-reader',
      planId: 'pl-1',
      amountQepik: 550,
      periodEndMs: Date.parse('2026-12-26T12:00:00Z'),
      atMs: AT,
      publicationName: 'Bakı Qeydləri',
    };
    expect(paymentFailedDrafts(failed)).toEqual([
      expect.objectContaining({
        uid: 'u-reader',
        type: 301,
        actorUid: null,
        data: {
          publicationId: 'p-1',
          publication: 'Bakı Qeydləri',
          amount: '5.50',
          periodEnd: '2026-12-26T12:00:00.000Z',
        },
      }),
    ]);
    expect(paymentFailedDrafts({ ...failed, amountQepik: 0, periodEndMs: 0, publicationName: '' })[0]!.data).toEqual({
      publicationId: 'p-1',
    });
    const key = (change: Partial<typeof failed>) => paymentFailedDrafts({ ...failed, ...change })[0]!.dedupeKey;
    expect(key({ atMs: AT + 3_600_000 })).toBe(key({}));
    expect(key({ periodEndMs: failed.periodEndMs + 30 * 86_400_000 })).not.toBe(key({}));
  });

  const support = {
    supportId: 's-1',
    recipientUid: 'u-author',
    supporterUid: 'u-reader',
    amountQepik: 1050,
    articleId: 'a-1',
    atMs: AT,
  };

  it('200: the recipient learns the amount in integer qəpik and exact AZN, the supporter as actor when shown', () => {
    expect(supportReceivedDrafts(support)).toEqual([
      {
        uid: 'u-author',
        type: 200,
        actorUid: 'u-reader',
        actor: null,
        articleId: 'a-1',
        commentId: null,
        title: null,
        excerpt: null,
        data: { supportId: 's-1', amountQepik: '1050', amount: '10.50' },
        dedupeKey: 'support-received:s-1',
        at: new Date(AT),
      },
    ]);
    // A supporter who chose not to be shown is nobody; a support given on the profile names no article.
    expect(supportReceivedDrafts({ ...support, supporterUid: '', articleId: '' })[0]).toMatchObject({
      actorUid: null,
      articleId: null,
    });
  });

  it('200: once per support, however often the provider replays its webhook', () => {
    const key = (change: Partial<typeof support>) => supportReceivedDrafts({ ...support, ...change })[0]!.dedupeKey;
    expect(key({ atMs: AT + 60_000 })).toBe(key({}));
    expect(key({ supportId: 's-2' })).not.toBe(key({}));
  });

  const payout = {
    payoutId: 'p-1',
    uid: 'u-author',
    state: PayoutState.PAYOUT_STATE_REQUESTED,
    amountQepik: 2500,
    cardLast4: '5556',
    expectedDate: '2026-12-03',
    reference: '',
    failureNote: '',
    atMs: AT,
    actionId: '',
    staffSub: '',
    staffUsername: '',
    note: '',
  };

  it('201: the author learns each state of a payout once, with the amount, the card and the expected date', () => {
    expect(payoutUpdatedDrafts(payout)).toEqual([
      expect.objectContaining({
        uid: 'u-author',
        type: 201,
        actorUid: null,
        data: {
          payoutId: 'p-1',
          state: 'requested',
          amountQepik: '2500',
          amount: '25.00',
          cardLast4: '5556',
          expectedDate: '2026-12-03',
        },
        dedupeKey: 'payout:p-1:requested',
      }),
    ]);
    const paid = payoutUpdatedDrafts({ ...payout, state: PayoutState.PAYOUT_STATE_PAID, reference: 'TRX-1' })[0]!;
    expect([paid.dedupeKey, paid.data.reference]).toEqual(['payout:p-1:paid', 'TRX-1']);
    const failed = payoutUpdatedDrafts({
      ...payout,
      state: PayoutState.PAYOUT_STATE_FAILED,
      failureNote: 'The card is closed',
    })[0]!;
    expect([failed.dedupeKey, failed.data.failureNote, failed.data.reference]).toEqual([
      'payout:p-1:failed',
      'The card is closed',
      undefined,
    ]);
    expect(payoutUpdatedDrafts({ ...payout, state: PayoutState.PAYOUT_STATE_UNSPECIFIED })).toEqual([]);
  });
});
