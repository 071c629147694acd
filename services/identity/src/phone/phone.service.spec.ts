import { beforeEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@pencraft/errors';
import { strictMock, type StrictMock } from '@pencraft/testing';
import type { Clock } from '@pencraft/kit';
import type { ProfileRepository } from '../profile/profile.repository.js';
import type { UserRow } from '../users/user.table.js';
import type { VerificationCodeService } from '../verification/verification-code.service.js';
import { parsePhone, PhoneService } from './phone.service.js';
import { MailboxSmsSender, smsMailbox, type SmsSender } from './sms-sender.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const UID = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parsePhone', () => {
  it.each([
    ['+994501234567', '+994501234567'],
    ['+994 (50) 123-45-67', '+994501234567'],
    ['+14155552671', '+14155552671'],
    ['+994 12', undefined],
    ['0501234567', undefined],
    ['+99450123456789012', undefined],
    ['+000000000', undefined],
    ['phone', undefined],
  ])('%s → %s', (input, phone) => {
    expect(parsePhone(input)).toBe(phone);
  });
});

describe('PhoneService', () => {
  let profiles: StrictMock<ProfileRepository>;
  let codes: StrictMock<VerificationCodeService>;
  let sms: StrictMock<SmsSender>;
  let service: PhoneService;

  beforeEach(() => {
    profiles = strictMock<ProfileRepository>('ProfileRepository');
    codes = strictMock<VerificationCodeService>('VerificationCodeService');
    sms = strictMock<SmsSender>('SmsSender');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new PhoneService(profiles, codes, sms, clock);
  });

  it('refuses an invalid number without sending anything', async () => {
    expect(await codeOf(service.requestChange(UID, '+994 12'))).toBe('InvalidPhoneNumber');
  });

  it('refuses the number the account already has', async () => {
    profiles.findById.mockResolvedValue({ id: UID, phone: '+994501234567', lang: 'az' } as UserRow);
    expect(await codeOf(service.requestChange(UID, '+994501234567'))).toBe('NewOldPhoneNumberMatch');
  });

  it("refuses another account's number", async () => {
    profiles.findById.mockResolvedValue({ id: UID, phone: null, lang: 'az' } as UserRow);
    profiles.phoneTakenByOther.mockResolvedValue(true);
    expect(await codeOf(service.requestChange(UID, '+994501234567'))).toBe('PhoneNumberAlreadyExists');
  });

  it("sends the code in the account's language to the new number", async () => {
    profiles.findById.mockResolvedValue({ id: UID, phone: null, lang: 'ru' } as UserRow);
    profiles.phoneTakenByOther.mockResolvedValue(false);
    codes.issue.mockResolvedValue({ code: '123456', linkToken: 'unused' });
    sms.send.mockResolvedValue(undefined);

    expect(await service.requestChange(UID, '+994 50 123 45 67')).toEqual({ phoneMasked: '+994•••••••67' });

    expect(codes.issue).toHaveBeenCalledWith(undefined, { userId: UID, purpose: 'phone', target: '+994501234567' });
    expect(sms.send).toHaveBeenCalledWith('+994501234567', expect.stringContaining('123456'));
    expect(sms.send.mock.calls[0]![1]).toMatch(/код/);
  });

  it('sets the verified number from the code', async () => {
    codes.check.mockResolvedValue({ target: '+994501234567' });
    profiles.phoneTakenByOther.mockResolvedValue(false);
    profiles.update.mockResolvedValue({} as UserRow);
    expect(await service.verify(UID, '123456')).toEqual({ phoneMasked: '+994•••••••67' });
    expect(codes.check).toHaveBeenCalledWith({ userId: UID, purpose: 'phone', code: '123456' });
    expect(profiles.update).toHaveBeenCalledWith(undefined, UID, { phone: '+994501234567', phoneVerifiedAt: NOW }, NOW);
  });

  it('passes on the code service refusals', async () => {
    codes.check.mockRejectedValue(new AppError('WrongCode'));
    expect(await codeOf(service.verify(UID, '000000'))).toBe('WrongCode');
  });
});

describe('MailboxSmsSender', () => {
  it('delivers the text as a mail to the digits of the number at sms.pencraft.test', async () => {
    const mailer = { send: async (_message: unknown) => undefined };
    const sent: unknown[] = [];
    mailer.send = async (message: unknown) => {
      sent.push(message);
    };
    await new MailboxSmsSender(mailer as never).send('+994501234567', 'Code <1>');
    expect(smsMailbox('+994501234567')).toBe('994501234567@sms.pencraft.test');
    expect(sent).toEqual([
      {
        to: '994501234567@sms.pencraft.test',
        subject: 'SMS +994501234567',
        text: 'Code <1>',
        html: '<p>Code &#60;1&#62;</p>',
      },
    ]);
  });
});
