import { describe, expect, it } from '@jest/globals';
import { AUDIENCES, AUDIT_ACTIONS, BAN_REASONS, LANGS, REPORT_REASONS } from '@pencraft/rules';
import { auditActions, audiences, banReasons, languages, protoEnum, reportReasons } from './enums.js';
import { Language, ReportReason } from './gen/common/v1/common.js';
import { AuditAction } from './gen/moderation/v1/moderation.js';

describe('protoEnum', () => {
  it('maps each rules name to its proto value and back', () => {
    expect(languages.toProto('ru')).toBe(Language.LANGUAGE_RU);
    expect(languages.fromProto(Language.LANGUAGE_AZ)).toBe('az');
    expect(reportReasons.toProto('hateSpeech')).toBe(ReportReason.REPORT_REASON_HATE_SPEECH);
    expect(reportReasons.fromProto(ReportReason.REPORT_REASON_FALSE_INFO)).toBe('falseInfo');
  });

  it('maps a dotted rules name by its parts (AUDIT_ACTION_ITEM_AUTO_PASS is item.autoPass)', () => {
    expect(auditActions.values).toEqual(AUDIT_ACTIONS);
    expect(auditActions.toProto('item.autoPass')).toBe(AuditAction.AUDIT_ACTION_ITEM_AUTO_PASS);
    expect(auditActions.fromProto(AuditAction.AUDIT_ACTION_REPORT_REMOVE_COMMENT)).toBe('report.removeComment');
    const Step = { STEP_UNSPECIFIED: 0, STEP_ITEM_GO: 1 };
    expect(() => protoEnum('Step', Step, ['item.go', 'itemGo'])).toThrow(/same proto name/);
  });

  it('has the rules list as its values, in its order', () => {
    expect(languages.values).toEqual(LANGS);
    expect(reportReasons.values).toEqual(REPORT_REASONS);
    expect(audiences.values).toEqual(AUDIENCES);
    expect(banReasons.values).toEqual(BAN_REASONS);
    for (const codec of [languages, reportReasons, audiences, banReasons, auditActions]) {
      for (const value of codec.values as readonly string[]) {
        expect(codec.fromProto(codec.toProto(value as never) as never)).toBe(value);
      }
    }
  });

  it('answers UNSPECIFIED and unknown numbers as undefined, and require refuses them with InvalidModel', () => {
    expect(languages.fromProto(Language.LANGUAGE_UNSPECIFIED)).toBeUndefined();
    expect(languages.fromProto(99 as Language)).toBeUndefined();
    expect(() => languages.require(Language.LANGUAGE_UNSPECIFIED, 'language')).toThrow(
      expect.objectContaining({ code: 'InvalidModel', details: [{ field: 'language', code: 'InvalidModel' }] }),
    );
  });

  it('refuses to load when the proto enum and the rules list differ', () => {
    const Colour = { COLOUR_UNSPECIFIED: 0, COLOUR_RED: 1, COLOUR_DARK_BLUE: 2, UNRECOGNIZED: -1 };
    expect(protoEnum('Colour', Colour, ['red', 'darkBlue']).toProto('darkBlue')).toBe(2);
    expect(() => protoEnum('Colour', Colour, ['red'])).toThrow(/darkBlue/);
    expect(() => protoEnum('Colour', Colour, ['red', 'darkBlue', 'green'])).toThrow(/no value for green/);
    expect(() => protoEnum('Colour', { COLOUR_UNSPECIFIED: 0, SHADE_RED: 1 }, ['red'])).toThrow(/COLOUR_/);
  });
});
