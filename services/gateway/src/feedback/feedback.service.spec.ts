import { Language } from '@pencraft/contracts/common/v1/common';
import { FeedbackStatus, FeedbackType, type Feedback } from '@pencraft/contracts/identity/v1/feedback';
import type { UserSummary } from '@pencraft/contracts/identity/v1/identity';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { FeedbackClient } from './feedback.upstream.js';
import { FeedbackService } from './feedback.service.js';

const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const AT = Date.parse('2026-11-28T10:00:00Z');
const user = { uid: UID, username: 'leyla' } as UserSummary;
const body = {
  title: 'Dark theme',
  type: 'bug' as const,
  description: 'Code blocks are hard to read.',
  email: 'x@y.az',
};

const feedback: Feedback = {
  id: ID,
  type: FeedbackType.FEEDBACK_TYPE_BUG,
  title: 'Dark theme',
  description: body.description,
  status: FeedbackStatus.FEEDBACK_STATUS_ANSWERED,
  createdAtMs: AT,
  answer: 'Fixed.',
  answeredAtMs: AT + 1000,
  closedAtMs: 0,
  uid: UID,
  username: 'leyla',
  lang: Language.LANGUAGE_RU,
  answeredBy: 'support1',
};

describe('FeedbackService (gateway)', () => {
  let client: StrictMock<FeedbackClient>;
  let service: FeedbackService;

  beforeEach(() => {
    client = strictMock<FeedbackClient>('FeedbackClient');
    service = new FeedbackService(client);
  });

  it("sends a user's feedback from their account, never with the body's address or the request's language", async () => {
    client.sendFeedback.mockResolvedValue({ feedback });
    const answer = await service.send(user, body, 'en');
    expect(client.sendFeedback).toHaveBeenCalledWith({
      uid: UID,
      email: '',
      title: 'Dark theme',
      type: FeedbackType.FEEDBACK_TYPE_BUG,
      description: body.description,
      lang: Language.LANGUAGE_UNSPECIFIED,
    });
    expect(answer).toEqual({
      id: ID,
      type: 'bug',
      title: 'Dark theme',
      description: body.description,
      status: 'answered',
      createdAt: '2026-11-28T10:00:00.000Z',
      answer: 'Fixed.',
      answeredAt: '2026-11-28T10:00:01.000Z',
      closedAt: null,
    });
  });

  it("sends a visitor's with their address and language, and an unchosen type as unspecified", async () => {
    client.sendFeedback.mockResolvedValue({ feedback });
    await service.send(undefined, { ...body, type: '' }, 'ru');
    expect(client.sendFeedback).toHaveBeenCalledWith(
      expect.objectContaining({
        uid: '',
        email: 'x@y.az',
        type: FeedbackType.FEEDBACK_TYPE_UNSPECIFIED,
        lang: Language.LANGUAGE_RU,
      }),
    );
  });

  it("reads only the session user's log, without staff's names", async () => {
    client.listMyFeedback.mockResolvedValue({
      items: [{ ...feedback, answeredBy: '' }],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const page = await service.log(user, 1);
    expect(client.listMyFeedback).toHaveBeenCalledWith({ uid: UID, page: 1 });
    expect(page.items[0]).not.toHaveProperty('answeredBy');
    expect(page.items[0]).not.toHaveProperty('sender');
  });

  it('passes staff filters and names the staff member who answers or closes', async () => {
    client.listFeedback.mockResolvedValue({ items: [feedback], total: 1, page: 1, pageSize: 20 });
    const page = await service.staffList({ page: 1, type: 'question', status: 'new' });
    expect(client.listFeedback).toHaveBeenCalledWith({
      type: FeedbackType.FEEDBACK_TYPE_QUESTION,
      status: FeedbackStatus.FEEDBACK_STATUS_NEW,
      page: 1,
    });
    expect(page.items[0]).toMatchObject({
      sender: { uid: UID, username: 'leyla' },
      lang: 'ru',
      answeredBy: 'support1',
    });

    const staff = { sub: 's', username: 'support1', roles: ['moderator' as const] };
    client.answerFeedback.mockResolvedValue({ feedback });
    await service.staffAnswer(staff, ID, 'Fixed.');
    expect(client.answerFeedback).toHaveBeenCalledWith({ id: ID, answer: 'Fixed.', staff: 'support1' });
    client.closeFeedback.mockResolvedValue({ feedback: { ...feedback, uid: '', username: '' } });
    expect((await service.staffClose(staff, ID)).sender).toBeNull();
    expect(client.closeFeedback).toHaveBeenCalledWith({ id: ID, staff: 'support1' });
  });
});
