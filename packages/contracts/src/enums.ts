// Closed sets of values cross gRPC and events as proto enums; the public API, the tables and the screens use the
// same values as short lowerCamel names from @pencraft/rules ('az', 'hateSpeech', or dotted: 'item.autoPass'). A
// codec maps between the two by the enum's own names (LANGUAGE_AZ is 'az', REPORT_REASON_HATE_SPEECH is
// 'hateSpeech', AUDIT_ACTION_ITEM_AUTO_PASS is 'item.autoPass'), so no service writes a mapping table by hand, and it
// refuses to load when the proto enum and the rules' list disagree.
import { AppError } from '@pencraft/errors';
import {
  ARTICLE_REMOVAL_REASONS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  ACCOUNT_LOG_TYPES,
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_KINDS,
  AUTO_DECISIONS,
  COMMENT_STATUSES,
  PICTURE_KINDS,
  QUEUE_KINDS,
  QUEUE_STATES,
  REPORT_KINDS,
  REPORT_STATES,
} from '@pencraft/rules';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@pencraft/rules';
import { RATING_KINDS } from '@pencraft/rules';
import { PLAN_INTERVALS, PUBLICATION_IMAGE_KINDS, PUBLICATION_ROLES, SUBSCRIPTION_TIERS } from '@pencraft/rules';
import {
  ELIGIBILITY_CONDITIONS,
  LEDGER_TRANSACTION_KINDS,
  PAYOUT_STATES,
  SUPPORT_STATES,
  USER_ACCOUNT_KINDS,
} from '@pencraft/rules';
import {
  ARTICLE_STATUSES,
  AUDIENCES,
  BAN_REASONS,
  EDITOR_IMAGE_FORMATS,
  LANGS,
  REPORT_REASONS,
  SEARCH_HIT_KINDS,
  SEARCH_SORTS,
} from '@pencraft/rules';
import { ArticleStatus } from './gen/articles/v1/articles.js';
import { EditorImageFormat } from './gen/articles/v1/media.js';
import { CommentStatus } from './gen/comments/v1/comments.js';
import { Audience, BanReason, Language, PayoutState, QueueKind, ReportReason } from './gen/common/v1/common.js';
import {
  BalanceAccountKind,
  EligibilityCondition,
  LedgerTransactionKind,
  SupportState,
} from './gen/donations/v1/donations.js';
import { FeedbackStatus, FeedbackType } from './gen/identity/v1/feedback.js';
import { AccountLogType } from './gen/identity/v1/identity.js';
import { RatingKind } from './gen/identity/v1/standing.js';
import { PictureKind } from './gen/identity/v1/profile.js';
import {
  AuditAction,
  AuditSubjectKind,
  AutoDecision,
  QueueState,
  ReportKind,
  ReportState,
} from './gen/moderation/v1/moderation.js';
import { SearchHitKind, SearchSort } from './gen/search/v1/search.js';
import {
  PlanInterval,
  PublicationImageKind,
  PublicationRole,
  SubscriptionTier,
} from './gen/publications/v1/publications.js';

import { ArticleRemovalReason } from './gen/events/v1/articles.js';
import { WebhookDeliveryStatus, WebhookEventType } from './gen/notifications/v1/webhooks.js';

export interface EnumCodec<E extends number, V extends string> {
  /** The names, in the rules' order: what zod schemas, check constraints and option lists are made from. */
  readonly values: readonly V[];
  /** The proto value of a name. */
  toProto(value: V): E;
  /** The name of a proto value; undefined for UNSPECIFIED or a value this build does not know. */
  fromProto(value: E): V | undefined;
  /** The name of a proto value, or InvalidModel naming the field when it is UNSPECIFIED or unknown. */
  require(value: E, field: string): V;
}

/** 'HATE_SPEECH' → 'hateSpeech' */
function lowerCamel(upperSnake: string): string {
  return upperSnake.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** 'item.autoPass' → 'itemAutoPass' (a proto name has no dots: ITEM_AUTO_PASS); an undotted name is itself. */
function undotted(value: string): string {
  return value.replace(/\.([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The codec of a ts-proto enum whose values are named `<PREFIX>_<NAME>`. `values` is the rules' list of names;
 * every one of them must have its proto value and the enum no other (besides UNSPECIFIED), or this throws.
 */
export function protoEnum<E extends number, V extends string>(
  name: string,
  enumObject: Record<string, string | number>,
  values: readonly V[],
): EnumCodec<E, V> {
  const prefix = `${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_`;
  const byProtoName = new Map<string, V>();
  for (const value of values) {
    const protoName = undotted(value);
    const other = byProtoName.get(protoName);
    if (other !== undefined) throw new Error(`${name}: '${other}' and '${value}' have the same proto name`);
    byProtoName.set(protoName, value);
  }
  const toProto = new Map<string, E>();
  const fromProto = new Map<number, V>();
  for (const [key, number] of Object.entries(enumObject)) {
    if (typeof number !== 'number' || number <= 0) continue; // reverse mappings, UNSPECIFIED, UNRECOGNIZED
    if (!key.startsWith(prefix)) throw new Error(`${name}.${key} does not start with ${prefix}`);
    const value = byProtoName.get(lowerCamel(key.slice(prefix.length)));
    if (value === undefined) {
      const wanted = lowerCamel(key.slice(prefix.length));
      throw new Error(`${name}.${key} is '${wanted}', which the rules' list (${values.join(', ')}) does not have`);
    }
    toProto.set(value, number as E);
    fromProto.set(number, value);
  }
  const missing = values.filter((value) => !toProto.has(value));
  if (missing.length) throw new Error(`${name} has no value for ${missing.join(', ')}`);
  return {
    values,
    toProto(value) {
      const number = toProto.get(value);
      if (number === undefined) throw new Error(`${name} has no value '${value}'`);
      return number;
    },
    fromProto: (value) => fromProto.get(value),
    require(value, field) {
      const known = fromProto.get(value);
      if (known === undefined) {
        throw new AppError('InvalidModel', {
          message: `${field}: ${name} ${value} is not one of ${values.join(', ')}`,
          details: [{ field, code: 'InvalidModel' }],
        });
      }
      return known;
    },
  };
}

export const languages = protoEnum<Language, (typeof LANGS)[number]>('Language', Language, LANGS);
export const reportReasons = protoEnum<ReportReason, (typeof REPORT_REASONS)[number]>(
  'ReportReason',
  ReportReason,
  REPORT_REASONS,
);
export const audiences = protoEnum<Audience, (typeof AUDIENCES)[number]>('Audience', Audience, AUDIENCES);
export const banReasons = protoEnum<BanReason, (typeof BAN_REASONS)[number]>('BanReason', BanReason, BAN_REASONS);
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
export const commentStatuses = protoEnum<CommentStatus, (typeof COMMENT_STATUSES)[number]>(
  'CommentStatus',
  CommentStatus,
  COMMENT_STATUSES,
);
export const articleStatuses = protoEnum<ArticleStatus, (typeof ARTICLE_STATUSES)[number]>(
  'ArticleStatus',
  ArticleStatus,
  ARTICLE_STATUSES,
);
export const searchHitKinds = protoEnum<SearchHitKind, (typeof SEARCH_HIT_KINDS)[number]>(
  'SearchHitKind',
  SearchHitKind,
  SEARCH_HIT_KINDS,
);
export const searchSorts = protoEnum<SearchSort, (typeof SEARCH_SORTS)[number]>('SearchSort', SearchSort, SEARCH_SORTS);
export const editorImageFormats = protoEnum<EditorImageFormat, (typeof EDITOR_IMAGE_FORMATS)[number]>(
  'EditorImageFormat',
  EditorImageFormat,
  EDITOR_IMAGE_FORMATS,
);
export const queueKinds = protoEnum<QueueKind, (typeof QUEUE_KINDS)[number]>('QueueKind', QueueKind, QUEUE_KINDS);
export const queueStates = protoEnum<QueueState, (typeof QUEUE_STATES)[number]>('QueueState', QueueState, QUEUE_STATES);
export const reportKinds = protoEnum<ReportKind, (typeof REPORT_KINDS)[number]>('ReportKind', ReportKind, REPORT_KINDS);
export const reportStates = protoEnum<ReportState, (typeof REPORT_STATES)[number]>(
  'ReportState',
  ReportState,
  REPORT_STATES,
);
export const auditSubjectKinds = protoEnum<AuditSubjectKind, (typeof AUDIT_SUBJECT_KINDS)[number]>(
  'AuditSubjectKind',
  AuditSubjectKind,
  AUDIT_SUBJECT_KINDS,
);
export const autoDecisions = protoEnum<AutoDecision, (typeof AUTO_DECISIONS)[number]>(
  'AutoDecision',
  AutoDecision,
  AUTO_DECISIONS,
);
export const auditActions = protoEnum<AuditAction, (typeof AUDIT_ACTIONS)[number]>(
  'AuditAction',
  AuditAction,
  AUDIT_ACTIONS,
);
export const publicationRoles = protoEnum<PublicationRole, (typeof PUBLICATION_ROLES)[number]>(
  'PublicationRole',
  PublicationRole,
  PUBLICATION_ROLES,
);
export const publicationImageKinds = protoEnum<PublicationImageKind, (typeof PUBLICATION_IMAGE_KINDS)[number]>(
  'PublicationImageKind',
  PublicationImageKind,
  PUBLICATION_IMAGE_KINDS,
);
export const planIntervals = protoEnum<PlanInterval, (typeof PLAN_INTERVALS)[number]>(
  'PlanInterval',
  PlanInterval,
  PLAN_INTERVALS,
);
export const subscriptionTiers = protoEnum<SubscriptionTier, (typeof SUBSCRIPTION_TIERS)[number]>(
  'SubscriptionTier',
  SubscriptionTier,
  SUBSCRIPTION_TIERS,
);
export const payoutStates = protoEnum<PayoutState, (typeof PAYOUT_STATES)[number]>(
  'PayoutState',
  PayoutState,
  PAYOUT_STATES,
);
export const supportStates = protoEnum<SupportState, (typeof SUPPORT_STATES)[number]>(
  'SupportState',
  SupportState,
  SUPPORT_STATES,
);
export const eligibilityConditions = protoEnum<EligibilityCondition, (typeof ELIGIBILITY_CONDITIONS)[number]>(
  'EligibilityCondition',
  EligibilityCondition,
  ELIGIBILITY_CONDITIONS,
);
export const ledgerTransactionKinds = protoEnum<LedgerTransactionKind, (typeof LEDGER_TRANSACTION_KINDS)[number]>(
  'LedgerTransactionKind',
  LedgerTransactionKind,
  LEDGER_TRANSACTION_KINDS,
);
export const balanceAccountKinds = protoEnum<BalanceAccountKind, (typeof USER_ACCOUNT_KINDS)[number]>(
  'BalanceAccountKind',
  BalanceAccountKind,
  USER_ACCOUNT_KINDS,
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
export const articleRemovalReasons = protoEnum<ArticleRemovalReason, (typeof ARTICLE_REMOVAL_REASONS)[number]>(
  'ArticleRemovalReason',
  ArticleRemovalReason,
  ARTICLE_REMOVAL_REASONS,
);
export const webhookEventTypes = protoEnum<WebhookEventType, (typeof WEBHOOK_EVENT_TYPES)[number]>(
  'WebhookEventType',
  WebhookEventType,
  WEBHOOK_EVENT_TYPES,
);
export const webhookDeliveryStatuses = protoEnum<WebhookDeliveryStatus, (typeof WEBHOOK_DELIVERY_STATUSES)[number]>(
  'WebhookDeliveryStatus',
  WebhookDeliveryStatus,
  WEBHOOK_DELIVERY_STATUSES,
);
