// Feedback (SPEC.md sections 3, 5 and 9): the reader's form, the gateway and identity refuse alike, and the form shows
// the exact messages of SPEC.md section 5 for the rule a field broke, whether it was broken in the browser or reported
// by the server as a catalogue code.
import { emailProblem, normalizeEmail } from './account.js';
import type { Lang } from './languages.js';
import { codePointLength } from './text.js';

export const FEEDBACK_TYPES = ['enhancement', 'question', 'bug'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
/** new: sent; answered: staff wrote an answer (mailed to the sender); closed: nothing more will happen. */
export const FEEDBACK_STATUSES = ['new', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_TITLE_MAX = 150;
export const FEEDBACK_DESCRIPTION_MIN = 20;
export const FEEDBACK_DESCRIPTION_MAX = 1000;
export const FEEDBACK_ANSWER_MAX = 2000;
/** Feedback one account, or one visitor's e-mail address, may send in FEEDBACK_WINDOW_MS (Flood beyond). */
export const FEEDBACK_PER_WINDOW = 3;
export const FEEDBACK_WINDOW_MS = 3_600_000;

export type FeedbackField = 'title' | 'type' | 'description' | 'email';
export type FeedbackRule =
  | 'titleMissing'
  | 'titleTooLong'
  | 'typeMissing'
  | 'descriptionMissing'
  | 'descriptionTooShort'
  | 'descriptionTooLong'
  | 'emailMissing'
  | 'emailInvalid';

/** The catalogue code (SPEC.md section 8) the server answers for each rule, in the field's detail. */
export const FEEDBACK_RULE_CODES = {
  titleMissing: 'NullOrEmpty',
  titleTooLong: 'InvalidTitle',
  typeMissing: 'NullOrEmpty',
  descriptionMissing: 'NullOrEmpty',
  descriptionTooShort: 'InvalidDescription',
  descriptionTooLong: 'InvalidDescription',
  emailMissing: 'NullOrEmpty',
  emailInvalid: 'InvalidEmail',
} as const satisfies Record<FeedbackRule, string>;

/** The form's message for each rule; the four of SPEC.md section 5 word for word in Azerbaijani. */
export const FEEDBACK_MESSAGES: Record<Lang, Record<FeedbackRule, string>> = {
  az: {
    titleMissing: 'Mövzu qeyd edin',
    titleTooLong: `Mövzu ən çox ${FEEDBACK_TITLE_MAX} simvol ola bilər.`,
    typeMissing: 'Rəyin növünü seçin',
    descriptionMissing: 'Rəyi təsvir edin',
    descriptionTooShort: `Rəyi geniş təsvir edin. Ən azı ${FEEDBACK_DESCRIPTION_MIN} simvol.`,
    descriptionTooLong: `Rəyi qısa təsvir edin. Maksimum ${FEEDBACK_DESCRIPTION_MAX} simvol.`,
    emailMissing: 'E-poçt ünvanını qeyd edin',
    emailInvalid: 'Düzgün e-poçt ünvanı daxil edin.',
  },
  en: {
    titleMissing: 'Enter a subject',
    titleTooLong: `The subject can be at most ${FEEDBACK_TITLE_MAX} characters.`,
    typeMissing: 'Choose the type of feedback',
    descriptionMissing: 'Describe your feedback',
    descriptionTooShort: `Describe your feedback in more detail. At least ${FEEDBACK_DESCRIPTION_MIN} characters.`,
    descriptionTooLong: `Describe your feedback more briefly. At most ${FEEDBACK_DESCRIPTION_MAX} characters.`,
    emailMissing: 'Enter your e-mail address',
    emailInvalid: 'Enter a valid e-mail address.',
  },
  ru: {
    titleMissing: 'Укажите тему',
    titleTooLong: `Тема может содержать не более ${FEEDBACK_TITLE_MAX} символов.`,
    typeMissing: 'Выберите тип отзыва',
    descriptionMissing: 'Опишите отзыв',
    descriptionTooShort: `Опишите отзыв подробнее. Не менее ${FEEDBACK_DESCRIPTION_MIN} символов.`,
    descriptionTooLong: `Опишите отзыв короче. Максимум ${FEEDBACK_DESCRIPTION_MAX} символов.`,
    emailMissing: 'Укажите адрес электронной почты',
    emailInvalid: 'Введите корректный адрес электронной почты.',
  },
};

export function isFeedbackType(value: unknown): value is FeedbackType {
  return typeof value === 'string' && (FEEDBACK_TYPES as readonly string[]).includes(value);
}

export function isFeedbackStatus(value: unknown): value is FeedbackStatus {
  return typeof value === 'string' && (FEEDBACK_STATUSES as readonly string[]).includes(value);
}

// eslint-disable-next-line no-control-regex -- control characters (but the line feed) are what is removed
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A subject as stored: one line, runs of whitespace as one space, no control characters, trimmed. */
export function normalizeFeedbackTitle(title: string): string {
  return title.replace(CONTROL_BUT_NEWLINE, ' ').replace(/\s+/g, ' ').trim();
}

/** A description (or a staff answer) as stored: plain text with line breaks, at most one empty line in a row. */
export function normalizeFeedbackText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_BUT_NEWLINE, '')
    .replace(/[ \t\u00A0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface FeedbackValues {
  title: string;
  /** '' when none was chosen. */
  type: string;
  description: string;
  /** A visitor's address for the reply; signed-in users are answered at their account's address. */
  email?: string;
}

/** The rule each field breaks (none: the field is fine), on the normalized values. */
export function checkFeedback(
  values: FeedbackValues,
  { emailRequired }: { emailRequired: boolean },
): Partial<Record<FeedbackField, FeedbackRule>> {
  const problems: Partial<Record<FeedbackField, FeedbackRule>> = {};
  const title = normalizeFeedbackTitle(values.title);
  if (!title) problems.title = 'titleMissing';
  else if (codePointLength(title) > FEEDBACK_TITLE_MAX) problems.title = 'titleTooLong';
  if (!isFeedbackType(values.type)) problems.type = 'typeMissing';
  const description = descriptionRule(values.description);
  if (description) problems.description = description;
  if (emailRequired) {
    const problem = emailProblem(normalizeEmail(values.email ?? ''));
    if (problem) problems.email = problem === 'required' ? 'emailMissing' : 'emailInvalid';
  }
  return problems;
}

function descriptionRule(value: string): FeedbackRule | undefined {
  const length = codePointLength(normalizeFeedbackText(value));
  if (length === 0) return 'descriptionMissing';
  if (length < FEEDBACK_DESCRIPTION_MIN) return 'descriptionTooShort';
  if (length > FEEDBACK_DESCRIPTION_MAX) return 'descriptionTooLong';
  return undefined;
}

/**
 * The rule behind a field's code in the server's answer, so the form shows the same message it would have shown
 * itself: the description's InvalidDescription is too short or too long by the value that was sent.
 */
export function feedbackRuleOf(field: string, code: string, sent: FeedbackValues): FeedbackRule | undefined {
  if (field === 'title')
    return code === 'NullOrEmpty' ? 'titleMissing' : code === 'InvalidTitle' ? 'titleTooLong' : undefined;
  if (field === 'type') return 'typeMissing';
  if (field === 'email') return code === 'NullOrEmpty' ? 'emailMissing' : 'emailInvalid';
  if (field === 'description') {
    if (code === 'NullOrEmpty') return 'descriptionMissing';
    return descriptionRule(sent.description) ?? (code === 'InvalidDescription' ? 'descriptionTooShort' : undefined);
  }
  return undefined;
}
