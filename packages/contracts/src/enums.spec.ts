import { describe, expect, it } from '@jest/globals';
import { AUDIENCES, AUDIT_ACTIONS, BAN_REASONS, LANGS, REPORT_REASONS } from '@pencraft/rules';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { audiences, banReasons, languages, protoEnum, reportReasons, type EnumCodec } from './enums.js';
import { auditActions } from './enums/moderation.js';
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

  it('loads every contract’s codecs (each agrees with its rules list), each from the module of its contract', async () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), 'enums');
    const modules = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
    expect(modules.length).toBeGreaterThanOrEqual(9);
    let codecs = 0;
    for (const file of modules) {
      const module = (await import(join(dir, file))) as Record<string, EnumCodec<number, string>>;
      for (const codec of Object.values(module)) {
        expect(codec.values.length).toBeGreaterThan(0);
        for (const value of codec.values) expect(codec.fromProto(codec.toProto(value))).toBe(value);
        codecs += 1;
      }
    }
    expect(codecs).toBe(27);
  });

  it('loads the generated code of the common contract alone (a service takes only the modules it uses)', () => {
    const imports = [
      ...readFileSync(fileURLToPath(new URL('./enums.ts', import.meta.url)), 'utf8').matchAll(/from '(\.[^']+)'/g),
    ].map((match) => match[1]);
    expect(imports).toEqual(['./gen/common/v1/common.js']);
  });
});
