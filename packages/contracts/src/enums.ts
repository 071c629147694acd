// Closed sets of values cross gRPC and events as proto enums; the public API, the tables and the screens use the
// same values as short lowerCamel names from @pencraft/rules ('az', 'hateSpeech', or dotted: 'item.autoPass'). A
// codec maps between the two by the enum's own names (LANGUAGE_AZ is 'az', REPORT_REASON_HATE_SPEECH is
// 'hateSpeech', AUDIT_ACTION_ITEM_AUTO_PASS is 'item.autoPass'), so no service writes a mapping table by hand, and it
// refuses to load when the proto enum and the rules' list disagree.
//
// This module holds the codec maker and the codecs of the common contract; each other contract's codecs are in
// enums/<contract>.ts, so that a service loads the generated code of the contracts it uses, not every one's.
import { AppError } from '@pencraft/errors';
import { AUDIENCES, BAN_REASONS, LANGS, PAYOUT_STATES, QUEUE_KINDS, REPORT_REASONS } from '@pencraft/rules';
import { Audience, BanReason, Language, PayoutState, QueueKind, ReportReason } from './gen/common/v1/common.js';

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
export const queueKinds = protoEnum<QueueKind, (typeof QUEUE_KINDS)[number]>('QueueKind', QueueKind, QUEUE_KINDS);
export const payoutStates = protoEnum<PayoutState, (typeof PAYOUT_STATES)[number]>(
  'PayoutState',
  PayoutState,
  PAYOUT_STATES,
);
