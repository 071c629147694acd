import { Language } from '@pencraft/contracts/common/v1/common';
import { FeedbackStatus, FeedbackType, type SendFeedbackRequest } from '@pencraft/contracts/identity/v1/feedback';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import type { Clock } from '@pencraft/kit';
import { FEEDBACK_ANSWER_MAX, FEEDBACK_PER_WINDOW, FEEDBACK_WINDOW_MS } from '@pencraft/rules';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { FeedbackMails } from './feedback.mails.js';
import type { FeedbackRepository, FeedbackWithSender } from './feedback.repository.js';
import { FeedbackService } from './feedback.service.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const user = { id: UID, username: 'leyla', email: 'leyla@example.az', lang: 'ru' } as UserRow;
const DESCRIPTION = 'The dark theme makes code blocks hard to read.';

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

function request(overrides: Partial<SendFeedbackRequest> = {}): SendFeedbackRequest {
  return {
    uid: UID,
    email: '',
    title: ' Dark theme ',
    type: FeedbackType.FEEDBACK_TYPE_ENHANCEMENT,
    description: DESCRIPTION,
    lang: Language.LANGUAGE_UNSPECIFIED,
    ...overrides,
  };
}

function row(overrides: Partial<FeedbackWithSender> = {}): FeedbackWithSender {
  return {
    id: ID,
    userId: UID,
    email: null,
    senderKey: `u:${UID}`,
    lang: 'ru',
    type: 'enhancement',
    title: 'Dark theme',
    description: DESCRIPTION,
    status: 'new',
    answer: null,
    answeredAt: null,
    answeredBy: null,
    closedAt: null,
    closedBy: null,
    createdAt: NOW,
    username: 'leyla',
    ...overrides,
  };
}

describe('FeedbackService', () => {
  let repository: StrictMock<FeedbackRepository>;
  let profiles: StrictMock<ProfileRepository>;
  let mails: StrictMock<FeedbackMails>;
  let transactions: ReturnType<typeof fakeTransactions>;
  let service: FeedbackService;

  beforeEach(() => {
    repository = strictMock<FeedbackRepository>('FeedbackRepository');
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    mails = strictMock<FeedbackMails>('FeedbackMails');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    transactions = fakeTransactions();
    service = new FeedbackService(transactions as never, repository, profiles, mails, clock);
  });

  describe('send', () => {
    it("records a user's feedback under their account and language, normalized", async () => {
      profiles.findById.mockResolvedValue(user);
      repository.lockSender.mockResolvedValue(undefined);
      repository.sentSince.mockResolvedValue([]);
      repository.insert.mockImplementation(async (values) => row({ ...values, id: ID } as never));

      const sent = await service.send(request());

      expect(repository.lockSender).toHaveBeenCalledWith(`u:${UID}`, TX);
      expect(repository.sentSince).toHaveBeenCalledWith(`u:${UID}`, new Date(NOW.getTime() - FEEDBACK_WINDOW_MS), TX);
      expect(repository.insert).toHaveBeenCalledWith(
        {
          userId: UID,
          email: null,
          senderKey: `u:${UID}`,
          lang: 'ru',
          type: 'enhancement',
          title: 'Dark theme',
          description: DESCRIPTION,
          createdAt: NOW,
        },
        TX,
      );
      expect(sent).toMatchObject({
        id: ID,
        status: FeedbackStatus.FEEDBACK_STATUS_NEW,
        username: 'leyla',
        answeredBy: '',
        lang: Language.LANGUAGE_RU,
      });
    });

    it("records a visitor's feedback with the address normalized and the request's language", async () => {
      repository.lockSender.mockResolvedValue(undefined);
      repository.sentSince.mockResolvedValue([]);
      repository.insert.mockImplementation(async (values) => row({ ...values, id: ID } as never));

      await service.send(request({ uid: '', email: ' Guest@Example.AZ ', lang: Language.LANGUAGE_EN }));

      expect(repository.lockSender).toHaveBeenCalledWith('e:guest@example.az', TX);
      expect(repository.insert).toHaveBeenCalledWith(
        expect.objectContaining({
          userId: null,
          email: 'guest@example.az',
          senderKey: 'e:guest@example.az',
          lang: 'en',
        }),
        TX,
      );
    });

    it('names every broken field at once, the first one giving the code, and writes nothing', async () => {
      const error = await failure(
        service.send(
          request({
            uid: '',
            email: 'nope',
            title: ' ',
            type: FeedbackType.FEEDBACK_TYPE_UNSPECIFIED,
            description: 'short',
          }),
        ),
      );
      expect(error.code).toBe('NullOrEmpty');
      expect(error.details).toEqual([
        { field: 'title', code: 'NullOrEmpty' },
        { field: 'type', code: 'NullOrEmpty' },
        { field: 'description', code: 'InvalidDescription' },
        { field: 'email', code: 'InvalidEmail' },
      ]);
      expect(transactions.run).not.toHaveBeenCalled();
    });

    it('answers InvalidTitle, InvalidDescription and NullOrEmpty for each rule of the form', async () => {
      profiles.findById.mockResolvedValue(user);
      const codeOf = async (overrides: Partial<SendFeedbackRequest>) =>
        (await failure(service.send(request(overrides)))).details;
      expect(await codeOf({ title: 'a'.repeat(151) })).toEqual([{ field: 'title', code: 'InvalidTitle' }]);
      expect(await codeOf({ description: '' })).toEqual([{ field: 'description', code: 'NullOrEmpty' }]);
      expect(await codeOf({ description: 'x'.repeat(19) })).toEqual([
        { field: 'description', code: 'InvalidDescription' },
      ]);
      expect(await codeOf({ description: 'x'.repeat(1001) })).toEqual([
        { field: 'description', code: 'InvalidDescription' },
      ]);
    });

    it('refuses an unknown account and a visitor without an address', async () => {
      profiles.findById.mockResolvedValue(undefined);
      expect((await failure(service.send(request()))).code).toBe('UserNotFound');
      const error = await failure(service.send(request({ uid: '', email: '' })));
      expect(error.details).toEqual([{ field: 'email', code: 'NullOrEmpty' }]);
    });

    it('refuses a sender over the limit with Flood and the seconds until the oldest send leaves the window', async () => {
      profiles.findById.mockResolvedValue(user);
      repository.lockSender.mockResolvedValue(undefined);
      const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
      repository.sentSince.mockResolvedValue(
        Array.from({ length: FEEDBACK_PER_WINDOW }, (_, i) => minutesAgo(50 - i * 10)),
      );

      const error = await failure(service.send(request()));

      expect(error.code).toBe('Flood');
      expect(error.params).toEqual({ retryAfter: 10 * 60 });
      expect(transactions.rolledBack).toBe(1);
    });
  });

  describe('the logs', () => {
    it("pages a user's own feedback and hides who on staff answered", async () => {
      repository.pageOfUser.mockResolvedValue({
        rows: [row({ status: 'answered', answer: 'Thanks!', answeredBy: 'support1', answeredAt: NOW })],
        total: 21,
      });
      const page = await service.listMine(UID, 2);
      expect(repository.pageOfUser).toHaveBeenCalledWith(UID, 20, 20);
      expect(page).toMatchObject({ total: 21, page: 2, pageSize: 20 });
      expect(page.items[0]).toMatchObject({
        answer: 'Thanks!',
        answeredBy: '',
        status: FeedbackStatus.FEEDBACK_STATUS_ANSWERED,
      });
      expect((await failure(service.listMine(UID, -1))).code).toBe('InvalidPage');
    });

    it('filters staff lists by type and status and shows staff who answered', async () => {
      repository.pageOfAll.mockResolvedValue({ rows: [row({ answeredBy: 'support1' })], total: 1 });
      const page = await service.list({
        type: FeedbackType.FEEDBACK_TYPE_BUG,
        status: FeedbackStatus.FEEDBACK_STATUS_UNSPECIFIED,
        page: 0,
      });
      expect(repository.pageOfAll).toHaveBeenCalledWith({ type: 'bug', status: undefined }, 0, 20);
      expect(page.items[0]!.answeredBy).toBe('support1');
    });

    it('answers NotFound for an unknown or malformed id', async () => {
      repository.findById.mockResolvedValue(undefined);
      expect((await failure(service.get(ID))).code).toBe('NotFound');
      expect((await failure(service.get('1 or 1=1'))).code).toBe('NotFound');
    });
  });

  describe('answer and close', () => {
    it("records the answer and mails it to the user's account address in their language with the log's link", async () => {
      repository.lockById.mockResolvedValue(row());
      repository.answer.mockResolvedValue(undefined);
      repository.findById.mockResolvedValue(row({ status: 'answered', answer: 'Fixed.', answeredBy: 'support1' }));
      profiles.findById.mockResolvedValue(user);
      mails.sendAnswer.mockResolvedValue(undefined);

      const answered = await service.answer(ID, '  Fixed.  ', ' support1 ');

      expect(repository.answer).toHaveBeenCalledWith(ID, 'Fixed.', 'support1', NOW, TX);
      expect(mails.sendAnswer).toHaveBeenCalledWith('leyla@example.az', 'ru', {
        title: 'Dark theme',
        answer: 'Fixed.',
        toUser: true,
      });
      expect(answered).toMatchObject({ status: FeedbackStatus.FEEDBACK_STATUS_ANSWERED, answeredBy: 'support1' });
    });

    it('mails a visitor at the address they gave, in the language they wrote in', async () => {
      const visitor = row({ userId: null, username: null, email: 'guest@example.az', lang: 'en' });
      repository.lockById.mockResolvedValue(visitor);
      repository.answer.mockResolvedValue(undefined);
      repository.findById.mockResolvedValue({ ...visitor, status: 'answered', answer: 'Yes.' });
      mails.sendAnswer.mockResolvedValue(undefined);

      await service.answer(ID, 'Yes.', 'support1');

      expect(mails.sendAnswer).toHaveBeenCalledWith('guest@example.az', 'en', {
        title: 'Dark theme',
        answer: 'Yes.',
        toUser: false,
      });
    });

    it('refuses an empty or too long answer, an unknown id and closed feedback, mailing nobody', async () => {
      expect((await failure(service.answer(ID, '  ', 's'))).details).toEqual([
        { field: 'answer', code: 'NullOrEmpty' },
      ]);
      expect((await failure(service.answer(ID, 'x'.repeat(FEEDBACK_ANSWER_MAX + 1), 's'))).code).toBe('InvalidMessage');
      repository.lockById.mockResolvedValueOnce(undefined);
      expect((await failure(service.answer(ID, 'ok', 's'))).code).toBe('NotFound');
      repository.lockById.mockResolvedValueOnce(row({ status: 'closed' }));
      expect((await failure(service.answer(ID, 'ok', 's'))).code).toBe('OperationFailed');
      expect(mails.sendAnswer).not.toHaveBeenCalled();
    });

    it('closes once; closing again answers it as it is', async () => {
      repository.lockById.mockResolvedValueOnce(row());
      repository.close.mockResolvedValue(undefined);
      repository.findById.mockResolvedValue(row({ status: 'closed', closedAt: NOW }));
      expect((await service.close(ID, 'support1')).status).toBe(FeedbackStatus.FEEDBACK_STATUS_CLOSED);
      repository.lockById.mockResolvedValueOnce(row({ status: 'closed', closedAt: NOW }));
      await service.close(ID, 'support1');
      expect(repository.close).toHaveBeenCalledTimes(1);
      expect(repository.close).toHaveBeenCalledWith(ID, 'support1', NOW, TX);
    });
  });
});
