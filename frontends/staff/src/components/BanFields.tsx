import { BAN_DAYS_MAX, BAN_DAYS_MIN, BAN_NOTE_MAX, BAN_REASONS, type BanReason } from '@pencraft/rules';
import { Select, TextField } from '@pencraft/ui';
import type { TFunction } from 'i18next';
import { useStaffTranslation } from '../i18n.js';
import { BAN_PRESETS, banDays, type BanPreset } from '../lib/decisions.js';
import type { BanRequest } from '../lib/types.js';

export interface BanDraft {
  reason: BanReason | '';
  preset: BanPreset;
  custom: string;
  note: string;
}

export const EMPTY_BAN: BanDraft = { reason: '', preset: '1', custom: '', note: '' };

export type BanErrors = Partial<Record<'reason' | 'custom' | 'note', string>>;

/** The ban a draft describes, or the problems of its fields (messages in the page's language). */
export function banRequest(draft: BanDraft, t: TFunction<'staff'>): { request?: BanRequest; errors: BanErrors } {
  const errors: BanErrors = {};
  if (!draft.reason) errors.reason = t('ban.errors.reason');
  const { days, problem } = banDays(draft.preset, draft.custom);
  if (problem) errors.custom = t('ban.errors.days', { min: BAN_DAYS_MIN, max: BAN_DAYS_MAX });
  if (draft.note.length > BAN_NOTE_MAX) errors.note = t('ban.errors.note', { max: BAN_NOTE_MAX });
  if (Object.keys(errors).length > 0 || !draft.reason) return { errors };
  const note = draft.note.trim();
  return { request: { reason: draft.reason, days, ...(note ? { note } : {}) }, errors };
}

/** Reason (the seven of SPEC.md), duration (1, 2, 5, 30 days, permanent or custom days) and a note. */
export function BanFields({
  draft,
  errors,
  onChange,
}: {
  draft: BanDraft;
  errors: BanErrors;
  onChange: (draft: BanDraft) => void;
}) {
  const { t } = useStaffTranslation();
  return (
    <>
      <Select
        label={t('ban.reason')}
        placeholder={t('ban.chooseReason')}
        value={draft.reason}
        required
        error={errors.reason}
        onChange={(event) => onChange({ ...draft, reason: event.target.value as BanReason | '' })}
        options={BAN_REASONS.map((reason) => ({ value: reason, label: t(`banReasons.${reason}`) }))}
      />
      <Select
        label={t('ban.duration')}
        value={draft.preset}
        onChange={(event) => onChange({ ...draft, preset: event.target.value as BanPreset })}
        options={BAN_PRESETS.map((preset) => ({ value: preset, label: t(`ban.presets.${preset}`) }))}
      />
      {draft.preset === 'custom' && (
        <TextField
          label={t('ban.customDays')}
          inputMode="numeric"
          pattern="[0-9]*"
          value={draft.custom}
          required
          error={errors.custom}
          hint={t('ban.customHint', { min: BAN_DAYS_MIN, max: BAN_DAYS_MAX })}
          onChange={(event) => onChange({ ...draft, custom: event.target.value })}
        />
      )}
      <TextField
        multiline
        rows={2}
        label={t('ban.note')}
        value={draft.note}
        maxLength={BAN_NOTE_MAX}
        error={errors.note}
        onChange={(event) => onChange({ ...draft, note: event.target.value })}
      />
    </>
  );
}
