import { describe, expect, it } from '@jest/globals';
import { CATALOGUE, ERROR_CODES, SUCCESS_MESSAGE, type ErrorCode } from './catalogue.js';
import { LANGS } from './lang.js';

const entries = Object.entries(CATALOGUE) as [ErrorCode, (typeof CATALOGUE)[ErrorCode]][];

// Every code SPEC.md section 8 lists by name, plus the ones it describes in prose.
const SPEC_CODES = [
  // Network and general
  'NetworkError',
  'InternalServerError',
  'Forbidden',
  'NotFound',
  'InvalidModel',
  'NullOrEmpty',
  'InvalidPage',
  'InvalidIdentifier',
  'TooManyRequests',
  'Flood',
  'ExpiredOrInvalid',
  'WrongCode',
  'ChallengeFailed',
  'CouldNotVerify',
  // Collections
  'CollectionNotFound',
  'MaximumCollectionsCount',
  'CantSaveOwnCollection',
  'CantRemoveOwnCollection',
  // A collection holds at most 500 articles (issue #8)
  'MaximumCollectionItemsCount',
  // Articles
  'ArticleNotFound',
  'InvalidArticleTitle',
  'InvalidArticleDescription',
  'InvalidArticleContent',
  'InvalidCategory',
  'InvalidContentMin',
  'InvalidContentMax',
  'CannotDownvote',
  'ArticleTranslationNotFound',
  'MaxArticlePublishCount',
  'EditArticleCount',
  'DraftNotFound',
  'ArticleTranslationAvailable',
  'AuthorAlreadyInvited',
  'MaxAuthorsCountReached',
  // Account
  'IncorrectEmailOrPassword',
  'InvalidIdentity',
  'IncorrectOldPassword',
  'NewOldPasswordMatch',
  'InvalidEmail',
  'InvalidPassword',
  'InvalidUsername',
  'UsernameAlreadyExists',
  'EmailAlreadyExists',
  'NewOldEmailMatch',
  'AlreadyRequestedDeletion',
  'InvalidPhoneNumber',
  'PhoneNumberAlreadyExists',
  'NewOldPhoneNumberMatch',
  'CantUpdateUsername',
  'InvalidTheme',
  'UserNotFound',
  'UserBanned',
  // Registration (prose)
  'CaptchaRequired',
  'AgreementsNotAccepted',
  'InvalidBirthdate',
  // Support and payout
  'InvalidName',
  'InvalidTitle',
  'InvalidDescription',
  'InvalidCardNumber',
  'InvalidMessage',
  'InsufficientFunds',
  'InvalidAmount',
  'NoCard',
  'InvalidCardHolder',
  'MonthlyPayoutLimitReached',
  'AlreadyHasDonationAccount',
  'NoDonationAccount',
  'CantCreateDonationAccount',
  'DonationAccountDisabled',
  'DonationAccountNotEligible',
  'HasActivePayout',
  // Comments
  'CommentNotFound',
  'RawCommentNotFound',
  'EditCommentNotFound',
  'InvalidContent',
  'ForbiddenSelfReaction',
  'CommentReportNotFound',
  'ReportsCountExceed',
  'AlreadyReportedComment',
  'CommentsCountExceed',
  // Profile
  'InvalidLinkUrl',
  'CantFollowYourself',
  'InvalidFullname',
  'InvalidBio',
  'InvalidCountry',
  'InvalidGender',
  'InvalidHeadline',
  'AlreadyHasLinkProvider',
  'InvalidLinkProvider',
  'InvalidAvatarFormat',
  'InvalidAvatarSize',
  'InvalidCoverFormat',
  'InvalidCoverSize',
  // Editor images (SPEC.md section 9: .jpg, .jpeg, .png, at most 2 MB)
  'InvalidImageFormat',
  'InvalidImageSize',
  'ImageQuotaExceeded',
  // Publications
  'PublicationNotFound',
  'InvalidSlug',
  'UserAlreadyOwnsPublication',
  'MemberNotFound',
  'MemberAlreadyInvited',
  'ActorNotPublicationMember',
  'CantDeleteSelfMember',
  'MaxMembersCountReached',
  'NameExists',
  'SlugExists',
  'AlreadySubscribed',
  'SubscriptionNotFound',
  'PlanNotFound',
  'AlreadyIntegrated',
  'AlreadyHasPlan',
  'CannotSubscribePublication',
  'EmptyPlanPrice',
  'PlanPriceMoreThan',
  'PlanPriceLessThan',
  'CannotCreateFreePlan',
  // Other messages, generic failure, feedback, sign-in
  'PendingArticleLimitReached',
  'PendingTranslationLimitReached',
  'PaymentFailed',
  'OperationFailed',
  'FeedbackSubjectRequired',
  'FeedbackTypeRequired',
  'FeedbackDescriptionRequired',
  'FeedbackDescriptionTooShort',
  'FeedbackDescriptionTooLong',
  'Unauthorized',
  // Staff routes: a bad Keycloak access token (issue #9)
  'TokenRejected',
  // Publishing needs a confirmed account (issue #7)
  'AccountNotConfirmed',
  // Two-factor authentication settings (issue #7)
  'MfaAlreadyEnabled',
  'MfaNotEnabled',
  // Drafts on the server and pending-article deletion (issue #8)
  'DraftConflict',
  'MaxDraftsCountReached',
  'MaxDraftTranslationsCountReached',
  'ArticleDeletionExpired',
  // Paid readers need a publication (issue #14)
  'PaidAudienceNeedsPublication',
  'MaxArticleDeletionCount',
  // Co-author invitations (issue #8)
  'InvitationNotFound',
  // The staff console's moderation (issue #9)
  'ModerationItemNotFound',
  'AlreadyDecided',
  'ModerationNoteRequired',
  'InvalidModerationDecision',
  'InvalidBanDuration',
  'BanNotFound',
  // Notifications (issue #9)
  'NotificationNotFound',
  // Edits of published articles go through review; readers report articles (issue #14)
  'ArticleEditPending',
  'AlreadyReportedArticle',
];

const GRPC_FOR_HTTP: Record<number, number[]> = {
  400: [3],
  401: [16],
  402: [9],
  403: [7],
  404: [5],
  409: [6, 9],
  429: [8],
  500: [13],
  503: [14],
};

describe('error catalogue', () => {
  // A new code is one catalogue entry: this list names what must exist, not a second copy of the catalogue.
  it('holds every code of SPEC.md section 8 (and those the issues named)', () => {
    expect(new Set(SPEC_CODES).size).toBe(SPEC_CODES.length);
    expect(SPEC_CODES.filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it.each(entries)('%s has a non-empty message in every language', (_code, entry) => {
    for (const lang of LANGS) expect(entry[lang].trim()).not.toBe('');
  });

  it.each(entries)('%s has distinct wording per language in the right script', (code, entry) => {
    expect(entry.az).not.toBe(entry.en);
    expect(entry.ru).not.toBe(entry.en);
    expect(entry.ru).not.toBe(entry.az);
    expect(entry.ru).toMatch(/[А-Яа-яЁё]/);
    expect(entry.az).not.toMatch(/[А-Яа-яЁё]/);
    expect(entry.en).not.toMatch(/[А-Яа-яЁёƏəĞğİıŞşÇçÖöÜü]/);
    expect(entry.en).toMatch(/^[A-Z]/);
    expect(code).toMatch(/^[A-Z][A-Za-z]+$/);
  });

  it('gives each code its own message in each language', () => {
    for (const lang of LANGS) {
      const seen = new Map<string, string>();
      for (const [code, entry] of entries) {
        expect({ lang, code, duplicateOf: seen.get(entry[lang]) }).toEqual({ lang, code, duplicateOf: undefined });
        seen.set(entry[lang], code);
      }
    }
  });

  it('keeps the original Azerbaijani wordings verbatim', () => {
    expect(CATALOGUE.OperationFailed.az).toBe('Əməliyyat uğursuz oldu, xahiş edirik yenidən cəhd edin.');
    // SPEC.md quotes its beginning only ('...'): the catalogue completes the sentence.
    expect(CATALOGUE.CommentsCountExceed.az).toMatch(/^Siz şərh limitini keçmisiniz\. /);
    expect(CATALOGUE.FeedbackSubjectRequired.az).toBe('Mövzu qeyd edin');
    expect(CATALOGUE.FeedbackDescriptionRequired.az).toBe('Rəyi təsvir edin');
    expect(CATALOGUE.FeedbackDescriptionTooShort.az).toBe('Rəyi geniş təsvir edin. Ən azı 20 simvol.');
    expect(CATALOGUE.FeedbackDescriptionTooLong.az).toBe('Rəyi qısa təsvir edin. Maksimum 1000 simvol.');
    expect(SUCCESS_MESSAGE.az).toBe('Əməliyyat uğurla tamamlandı!');
    expect(CATALOGUE.InternalServerError.en).toBe('Internal Server Error');
  });

  it('has a localized success message', () => {
    for (const lang of LANGS) expect(SUCCESS_MESSAGE[lang].trim()).not.toBe('');
    expect(new Set(Object.values(SUCCESS_MESSAGE)).size).toBe(LANGS.length);
  });

  it.each(entries)('%s pairs its HTTP status with the matching gRPC status', (_code, entry) => {
    expect(GRPC_FOR_HTTP[entry.http]).toContain(entry.grpc);
  });

  it('maps codes by kind consistently', () => {
    for (const [code, { http, grpc }] of entries) {
      const status = { code, http, grpc };
      if (code.endsWith('NotFound')) expect(status).toEqual({ code, http: 404, grpc: 5 });
      if (/Already|Exists$/.test(code)) expect(status).toEqual({ code, http: 409, grpc: 6 });
      if (/^Invalid|Required$|^Feedback|Match$/.test(code)) expect(status).toEqual({ code, http: 400, grpc: 3 });
      if (/^Max|Limit|Count(Exceed|Reached)?$/.test(code)) expect(status).toEqual({ code, http: 429, grpc: 8 });
    }
  });

  it('uses the platform statuses for the special codes', () => {
    const pick = (code: ErrorCode) => [CATALOGUE[code].http, CATALOGUE[code].grpc];
    expect(pick('Unauthorized')).toEqual([401, 16]);
    expect(pick('IncorrectEmailOrPassword')).toEqual([401, 16]);
    expect(pick('Forbidden')).toEqual([403, 7]);
    expect(pick('UserBanned')).toEqual([403, 7]);
    expect(pick('ChallengeFailed')).toEqual([403, 7]);
    expect(pick('ActorNotPublicationMember')).toEqual([403, 7]);
    expect(pick('TooManyRequests')).toEqual([429, 8]);
    expect(pick('Flood')).toEqual([429, 8]);
    expect(pick('PaymentFailed')).toEqual([402, 9]);
    expect(pick('NetworkError')).toEqual([503, 14]);
    expect(pick('InternalServerError')).toEqual([500, 13]);
    expect(pick('NotFound')).toEqual([404, 5]);
  });
});
