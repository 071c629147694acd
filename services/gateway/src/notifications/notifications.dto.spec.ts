import { describe, expect, it } from '@jest/globals';
import { toNotification } from './notifications.dto.js';

const AT = Date.parse('2026-11-26T10:00:00Z');
const pb = (type: number, dataJson: string) => ({
  id: 7,
  type,
  actor: { uid: 'u-1', username: 'leyla', fullname: 'Leyla', imageUrl: '' },
  subject: { articleId: '', commentId: '', title: '', excerpt: '' },
  dataJson,
  readAtMs: 0,
  createdAtMs: AT,
});

describe('toNotification', () => {
  it('answers the publication of an invitation (400) and a subscriber (300) with its tier, always on (key null)', () => {
    const invitation = toNotification(pb(400, '{"publicationId":"p-1","publication":"Bakı Qeydləri"}'));
    expect(invitation).toMatchObject({
      id: '7',
      type: 400,
      key: null,
      actor: { uid: 'u-1', username: 'leyla', imageUrl: null },
      subject: { articleId: null, title: null },
      data: { publicationId: 'p-1', publication: 'Bakı Qeydləri' },
    });
    expect(toNotification(pb(300, '{"publicationId":"p-1","publication":"X","tier":"paid"}')).data).toEqual({
      publicationId: 'p-1',
      publication: 'X',
      tier: 'paid',
    });
  });

  it('answers the amount and the end of access of a failed payment (301)', () => {
    const data = '{"publicationId":"p-1","amount":"5.00","periodEnd":"2026-12-26T12:00:00.000Z"}';
    expect(toNotification(pb(301, data)).data).toEqual({
      publicationId: 'p-1',
      amount: '5.00',
      periodEnd: '2026-12-26T12:00:00.000Z',
    });
  });

  it('answers the money of a support (200) and the state of a payout (201), always on', () => {
    const support = toNotification(pb(200, '{"supportId":"s-1","amountQepik":"1050","amount":"10.50"}'));
    expect([support.key, support.data]).toEqual([null, { supportId: 's-1', amountQepik: '1050', amount: '10.50' }]);
    const data =
      '{"payoutId":"p-1","state":"paid","amountQepik":"2500","amount":"25.00","cardLast4":"5556",' +
      '"expectedDate":"2026-12-03","reference":"TRX-1"}';
    expect(toNotification(pb(201, data)).data).toEqual({
      payoutId: 'p-1',
      state: 'paid',
      amountQepik: '2500',
      amount: '25.00',
      cardLast4: '5556',
      expectedDate: '2026-12-03',
      reference: 'TRX-1',
    });
  });

  it('drops fields it does not document, and data it cannot read', () => {
    expect(toNotification(pb(300, '{"publicationId":"p-1","secret":"x"}')).data).toEqual({ publicationId: 'p-1' });
    expect(toNotification(pb(300, '{"tier":"gold"}')).data).toEqual({});
    expect(toNotification(pb(300, 'not json')).data).toEqual({});
  });
});
