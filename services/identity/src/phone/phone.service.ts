import { Injectable } from '@nestjs/common';
import { AppError } from '@pencraft/errors';
import { DEFAULT_LANG, isLang, PHONE_E164 } from '@pencraft/rules';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { Clock } from '@pencraft/kit';
import { ProfileRepository } from '../profile/profile.repository.js';
import { maskPhone } from '../profile/user-updated.js';
import { VerificationCodeService } from '../verification/verification-code.service.js';
import { phoneCodeText } from './messages.js';
import { SmsSender } from './sms-sender.js';

/** A valid number (E.164, checked against the numbering plans), else undefined. */
export function parsePhone(input: string): string | undefined {
  const trimmed = (input ?? '').replace(/[\s()-]/g, '');
  if (!PHONE_E164.test(trimmed)) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The account's phone: a new number is set only once the 6-digit code sent to it by SMS is entered. */
@Injectable()
export class PhoneService {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly codes: VerificationCodeService,
    private readonly sms: SmsSender,
    private readonly clock: Clock,
  ) {}

  async requestChange(uid: string, input: string): Promise<{ phoneMasked: string }> {
    const phone = parsePhone(input);
    if (!phone) throw new AppError('InvalidPhoneNumber', { details: [{ field: 'phone', code: 'InvalidPhoneNumber' }] });
    const user = await this.profiles.findById(uid);
    if (!user) throw new AppError('UserNotFound');
    if (user.phone === phone) throw new AppError('NewOldPhoneNumberMatch');
    if (await this.profiles.phoneTakenByOther(phone, uid)) throw new AppError('PhoneNumberAlreadyExists');
    const { code } = await this.codes.issue(undefined, { userId: uid, purpose: 'phone', target: phone });
    await this.sms.send(phone, phoneCodeText(isLang(user.lang) ? user.lang : DEFAULT_LANG, code));
    return { phoneMasked: maskPhone(phone) };
  }

  /** The code's number becomes the account's verified number (another account taking it meanwhile still wins). */
  async verify(uid: string, code: string): Promise<{ phoneMasked: string }> {
    const { target } = await this.codes.check({ userId: uid, purpose: 'phone', code });
    if (await this.profiles.phoneTakenByOther(target, uid)) throw new AppError('PhoneNumberAlreadyExists');
    const now = this.clock.now();
    await this.profiles.update(undefined, uid, { phone: target, phoneVerifiedAt: now }, now);
    return { phoneMasked: maskPhone(target) };
  }

  async remove(uid: string): Promise<void> {
    const now = this.clock.now();
    await this.profiles.update(undefined, uid, { phone: null, phoneVerifiedAt: null }, now);
  }
}
