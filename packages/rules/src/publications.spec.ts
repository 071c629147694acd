import { describe, expect, it } from '@jest/globals';
import {
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  PUBLICATION_ACTIONS,
  PUBLICATION_MEMBERS_MAX,
  PUBLICATION_NAME_MAX,
  PUBLICATION_PERMISSIONS,
  PUBLICATION_SLUG_MAX,
  RESERVED_SLUGS,
  mayInPublication,
  mayRename,
  memberInvitationProblem,
  nextRenameAt,
  normalizePublicationName,
  normalizeSlug,
  planDescriptionProblem,
  planPriceProblem,
  publicationDescriptionProblem,
  publicationNameKey,
  publicationNameProblem,
  slugProblem,
} from './publications.js';

describe('publication names', () => {
  it('drops markup and collapses whitespace', () => {
    expect(normalizePublicationName('  The <b>Daily</b>\t  Baku ')).toBe('The Daily Baku');
  });

  it('refuses an empty or too long name, counting code points', () => {
    expect(publicationNameProblem('')).toBe('nameRequired');
    expect(publicationNameProblem('ə'.repeat(PUBLICATION_NAME_MAX))).toBeUndefined();
    expect(publicationNameProblem('ə'.repeat(PUBLICATION_NAME_MAX + 1))).toBe('nameLength');
    expect(publicationNameProblem('a\u0000b')).toBe('nameCharacters');
  });

  it('compares names regardless of case', () => {
    expect(publicationNameKey('Daily Baku')).toBe(publicationNameKey('DAILY baku'));
    expect(publicationNameKey('Şəhər Ağ Gün')).toBe(publicationNameKey('ŞƏHƏR AĞ GÜN'));
  });

  it('treats the dotted and dotless i of Azerbaijani as one letter, in either case and without a locale', () => {
    const keys = ['Bakı', 'BAKI', 'Baki', 'BAKİ', 'bakı', 'baki\u0307', 'BAKI\u0307'].map(publicationNameKey);
    expect(new Set(keys)).toEqual(new Set(['baki']));
    expect(publicationNameKey('İstiqlal')).toBe(publicationNameKey('ISTIQLAL'));
    expect(publicationNameKey('İstiqlal')).toBe('istiqlal');
  });

  it('gives a composed and a decomposed letter one key, and keeps other letters apart', () => {
    expect(publicationNameKey('Göl')).toBe(publicationNameKey('GO\u0308L'));
    expect(publicationNameKey('Çay')).toBe(publicationNameKey('C\u0327AY'));
    expect(publicationNameKey('Bakı')).not.toBe(publicationNameKey('Baku'));
    expect(publicationNameKey('Göl')).not.toBe(publicationNameKey('Gol'));
  });
});

describe('slugProblem', () => {
  it('accepts lowercase letters, digits and single inner hyphens, starting with a letter', () => {
    expect(slugProblem('abc')).toBeUndefined();
    expect(slugProblem('daily-baku-2026')).toBeUndefined();
    expect(slugProblem('a'.repeat(PUBLICATION_SLUG_MAX))).toBeUndefined();
  });

  it('refuses lengths outside 3..64', () => {
    expect(slugProblem('ab')).toBe('slugLength');
    expect(slugProblem('a'.repeat(PUBLICATION_SLUG_MAX + 1))).toBe('slugLength');
  });

  it.each(['1abc', '-abc', 'abc-', 'ab--c', 'Abc', 'ab_c', 'ab.c', 'abç', 'ab c'])('refuses %s', (slug) => {
    expect(slugProblem(slug)).toBe('slugPattern');
  });

  it('refuses the reserved subdomains', () => {
    for (const slug of ['www', 'api', 'admin', 'studio', 'status', 'ns1']) expect(RESERVED_SLUGS).toContain(slug);
    expect(slugProblem('admin')).toBe('slugReserved');
    expect(slugProblem('static')).toBe('slugReserved');
  });

  it('normalizes to lowercase without surrounding spaces', () => {
    expect(normalizeSlug(' Daily-Baku ')).toBe('daily-baku');
  });
});

describe('descriptions', () => {
  it('bounds the publication and plan descriptions', () => {
    expect(publicationDescriptionProblem('a'.repeat(1000))).toBeUndefined();
    expect(publicationDescriptionProblem('a'.repeat(1001))).toBe('descriptionLength');
    expect(planDescriptionProblem('a'.repeat(500))).toBeUndefined();
    expect(planDescriptionProblem('a'.repeat(501))).toBe('descriptionLength');
  });
});

describe('renaming every 14 days', () => {
  const changed = new Date('2026-01-01T00:00:00Z');

  it('allows a first change at once', () => {
    expect(nextRenameAt(null)).toBeUndefined();
    expect(mayRename(null, changed)).toBe(true);
  });

  it('allows the next change 14 days after the last, not a moment before', () => {
    expect(nextRenameAt(changed)).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(mayRename(changed, new Date('2026-01-14T23:59:59Z'))).toBe(false);
    expect(mayRename(changed, new Date('2026-01-15T00:00:00Z'))).toBe(true);
  });
});

describe('planPriceProblem', () => {
  it('names each problem of a price in qəpik', () => {
    expect(planPriceProblem(undefined)).toBe('empty');
    expect(planPriceProblem(0)).toBe('free');
    expect(planPriceProblem(PLAN_PRICE_MIN - 1)).toBe('lessThan');
    expect(planPriceProblem(-5)).toBe('lessThan');
    expect(planPriceProblem(PLAN_PRICE_MIN)).toBeUndefined();
    expect(planPriceProblem(PLAN_PRICE_MAX)).toBeUndefined();
    expect(planPriceProblem(PLAN_PRICE_MAX + 1)).toBe('moreThan');
  });
});

describe('memberInvitationProblem', () => {
  const owner = 'owner';

  it('refuses the owner, a member and a pending invitee as already invited', () => {
    expect(memberInvitationProblem({ inviteeUid: owner, memberUids: [owner], invitedUids: [] })).toBe('alreadyInvited');
    expect(memberInvitationProblem({ inviteeUid: 'm', memberUids: [owner, 'm'], invitedUids: [] })).toBe(
      'alreadyInvited',
    );
    expect(memberInvitationProblem({ inviteeUid: 'i', memberUids: [owner], invitedUids: ['i'] })).toBe(
      'alreadyInvited',
    );
  });

  it('counts the owner, members and pending invitations against the maximum', () => {
    const members = Array.from({ length: 30 }, (_, i) => `m${i}`);
    const invited = Array.from({ length: PUBLICATION_MEMBERS_MAX - 32 }, (_, i) => `i${i}`);
    expect(memberInvitationProblem({ inviteeUid: 'new', memberUids: [owner, ...members], invitedUids: invited })).toBe(
      undefined,
    );
    expect(
      memberInvitationProblem({ inviteeUid: 'new', memberUids: [owner, ...members], invitedUids: [...invited, 'x'] }),
    ).toBe('maxMembers');
  });
});

describe('the permission table', () => {
  it('gives the owner every action but leaving, and members only writing, the studio and their own articles', () => {
    for (const action of PUBLICATION_ACTIONS) {
      expect(mayInPublication('owner', action)).toBe(action !== 'leave');
    }
    const memberActions = PUBLICATION_ACTIONS.filter((action) => mayInPublication('member', action));
    expect(memberActions).toEqual(['write', 'viewStudio', 'detachOwnArticle', 'leave']);
  });

  it('gives an outsider nothing', () => {
    for (const action of Object.keys(PUBLICATION_PERMISSIONS)) {
      expect(mayInPublication(undefined, action as keyof typeof PUBLICATION_PERMISSIONS)).toBe(false);
    }
  });
});
