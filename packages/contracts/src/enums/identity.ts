// The codecs of identity's contracts (account log entries, pictures, feedback, rating kinds). A module of their own, so
// that a service loads the generated code of the contracts it uses, not every one's (issue #19, memory).
import { ACCOUNT_LOG_TYPES, FEEDBACK_STATUSES, FEEDBACK_TYPES, PICTURE_KINDS, RATING_KINDS } from '@pencraft/rules';
import { protoEnum } from '../enums.js';
import { FeedbackStatus, FeedbackType } from '../gen/identity/v1/feedback.js';
import { AccountLogType } from '../gen/identity/v1/identity.js';
import { PictureKind } from '../gen/identity/v1/profile.js';
import { RatingKind } from '../gen/identity/v1/standing.js';

export const accountLogTypes = protoEnum<AccountLogType, (typeof ACCOUNT_LOG_TYPES)[number]>(
  'AccountLogType',
  AccountLogType,
  ACCOUNT_LOG_TYPES,
);
export const pictureKinds = protoEnum<PictureKind, (typeof PICTURE_KINDS)[number]>(
  'PictureKind',
  PictureKind,
  PICTURE_KINDS,
);
export const feedbackTypes = protoEnum<FeedbackType, (typeof FEEDBACK_TYPES)[number]>(
  'FeedbackType',
  FeedbackType,
  FEEDBACK_TYPES,
);
export const feedbackStatuses = protoEnum<FeedbackStatus, (typeof FEEDBACK_STATUSES)[number]>(
  'FeedbackStatus',
  FeedbackStatus,
  FEEDBACK_STATUSES,
);
export const ratingKinds = protoEnum<RatingKind, (typeof RATING_KINDS)[number]>('RatingKind', RatingKind, RATING_KINDS);
