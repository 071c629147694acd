// The console's own checks before a call (the server decides anyway): which decisions an item allows, when a note
// is required, and the ban durations offered.
import { BAN_DAYS_MAX, BAN_DAYS_MIN, DECISION_NOTE_MAX, isOpenQueueState, STAFF_DECISIONS } from '@pencraft/rules';
import type { Decision, ItemKind, ItemState } from './types.js';

/** The preset durations of SPEC.md: 1, 2, 5 and 30 days, permanent; or a custom number of days. */
export const BAN_PRESETS = ['1', '2', '5', '30', 'permanent', 'custom'] as const;
export type BanPreset = (typeof BAN_PRESETS)[number];

/** Requesting a revision is for articles, translations and edits; comments are approved or rejected. */
export function decisionsFor(kind: ItemKind): Decision[] {
  return STAFF_DECISIONS.filter((decision) => kind !== 'comment' || decision !== 'requestRevision');
}

/** A human decides items that wait for moderation (and may still correct an automatic review in progress). */
export function isOpen(state: ItemState): boolean {
  return isOpenQueueState(state);
}

/** A rejection and a revision request tell the author why: the note is required. */
export function needsNote(decision: Decision): boolean {
  return decision !== 'approve';
}

export type NoteProblem = 'required' | 'tooLong' | undefined;

export function checkNote(decision: Decision, note: string): NoteProblem {
  if (note.length > DECISION_NOTE_MAX) return 'tooLong';
  if (needsNote(decision) && note.trim() === '') return 'required';
  return undefined;
}

export type DaysProblem = 'invalid' | undefined;

/** The ban's `days`: a preset, null for permanent, or the custom number typed (a whole number 1..3650). */
export function banDays(preset: BanPreset, custom: string): { days: number | null; problem: DaysProblem } {
  if (preset === 'permanent') return { days: null, problem: undefined };
  if (preset !== 'custom') return { days: Number(preset), problem: undefined };
  const text = custom.trim();
  const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(days) || days < BAN_DAYS_MIN || days > BAN_DAYS_MAX) return { days: null, problem: 'invalid' };
  return { days, problem: undefined };
}
