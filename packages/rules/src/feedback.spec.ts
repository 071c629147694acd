import { describe, expect, it } from '@jest/globals';
import {
  checkFeedback,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_DESCRIPTION_MIN,
  FEEDBACK_MESSAGES,
  FEEDBACK_RULE_CODES,
  FEEDBACK_TITLE_MAX,
  feedbackRuleOf,
  isFeedbackStatus,
  isFeedbackType,
  normalizeFeedbackText,
  normalizeFeedbackTitle,
  type FeedbackValues,
} from './feedback.js';

const GOOD: FeedbackValues = {
  title: 'Dark theme',
  type: 'enhancement',
  description: 'The code blocks are hard to read in the dark theme.',
};

describe('checkFeedback', () => {
  it('accepts a complete form', () => {
    expect(checkFeedback(GOOD, { emailRequired: false })).toEqual({});
    expect(checkFeedback({ ...GOOD, email: 'Guest@Example.az ' }, { emailRequired: true })).toEqual({});
  });

  it('names every broken field at once', () => {
    expect(checkFeedback({ title: '  ', type: '', description: '', email: '' }, { emailRequired: true })).toEqual({
      title: 'titleMissing',
      type: 'typeMissing',
      description: 'descriptionMissing',
      email: 'emailMissing',
    });
  });

  it('counts the description in characters after normalizing, from 20 to 1000', () => {
    const at = (description: string) => checkFeedback({ ...GOOD, description }, { emailRequired: false }).description;
    expect(at('ə'.repeat(FEEDBACK_DESCRIPTION_MIN - 1))).toBe('descriptionTooShort');
    expect(at(`  ${'ə'.repeat(FEEDBACK_DESCRIPTION_MIN - 1)}  \n\n`)).toBe('descriptionTooShort');
    expect(at('ə'.repeat(FEEDBACK_DESCRIPTION_MIN))).toBeUndefined();
    expect(at('😀'.repeat(FEEDBACK_DESCRIPTION_MAX))).toBeUndefined();
    expect(at('😀'.repeat(FEEDBACK_DESCRIPTION_MAX + 1))).toBe('descriptionTooLong');
    expect(at('\u200B\u200B')).toBe('descriptionMissing');
  });

  it('limits the subject and knows the three types', () => {
    expect(checkFeedback({ ...GOOD, title: 'a'.repeat(FEEDBACK_TITLE_MAX + 1) }, { emailRequired: false })).toEqual({
      title: 'titleTooLong',
    });
    expect(checkFeedback({ ...GOOD, type: 'praise' }, { emailRequired: false })).toEqual({ type: 'typeMissing' });
    expect(['enhancement', 'question', 'bug'].every(isFeedbackType)).toBe(true);
    expect(isFeedbackType('Bug')).toBe(false);
    expect(['new', 'answered', 'closed'].every(isFeedbackStatus)).toBe(true);
    expect(isFeedbackStatus('open')).toBe(false);
  });

  it("checks a visitor's e-mail address only when one is required", () => {
    expect(checkFeedback({ ...GOOD, email: 'not-an-address' }, { emailRequired: true })).toEqual({
      email: 'emailInvalid',
    });
    expect(checkFeedback({ ...GOOD, email: 'not-an-address' }, { emailRequired: false })).toEqual({});
  });
});

describe('normalizing', () => {
  it('makes the subject one line and keeps the line breaks of a description', () => {
    expect(normalizeFeedbackTitle(' Dark\n\ttheme\u0000 ')).toBe('Dark theme');
    expect(normalizeFeedbackText('first  \r\nsecond\u202E\r\n\r\n\r\n\r\nthird ')).toBe('first\nsecond\n\nthird');
  });
});

describe('the messages', () => {
  it('are the exact Azerbaijani ones of SPEC.md section 5', () => {
    expect(FEEDBACK_MESSAGES.az.titleMissing).toBe('Mövzu qeyd edin');
    expect(FEEDBACK_MESSAGES.az.descriptionMissing).toBe('Rəyi təsvir edin');
    expect(FEEDBACK_MESSAGES.az.descriptionTooShort).toBe('Rəyi geniş təsvir edin. Ən azı 20 simvol.');
    expect(FEEDBACK_MESSAGES.az.descriptionTooLong).toBe('Rəyi qısa təsvir edin. Maksimum 1000 simvol.');
  });

  it('say the same in English and Russian', () => {
    expect(FEEDBACK_MESSAGES.en).toMatchObject({
      titleMissing: 'Enter a subject',
      descriptionMissing: 'Describe your feedback',
      descriptionTooShort: 'Describe your feedback in more detail. At least 20 characters.',
      descriptionTooLong: 'Describe your feedback more briefly. At most 1000 characters.',
    });
    expect(FEEDBACK_MESSAGES.ru).toMatchObject({
      titleMissing: 'Укажите тему',
      descriptionMissing: 'Опишите отзыв',
      descriptionTooShort: 'Опишите отзыв подробнее. Не менее 20 символов.',
      descriptionTooLong: 'Опишите отзыв короче. Максимум 1000 символов.',
    });
  });

  it('exist for every rule in every language', () => {
    const rules = Object.keys(FEEDBACK_RULE_CODES).sort();
    for (const messages of Object.values(FEEDBACK_MESSAGES)) {
      expect(Object.keys(messages).sort()).toEqual(rules);
      expect(Object.values(messages).every((message) => message.length > 0)).toBe(true);
    }
  });
});

describe('feedbackRuleOf', () => {
  it("turns the server's codes back into the rule the browser would have named", () => {
    const short = { ...GOOD, description: 'too short' };
    const long = { ...GOOD, description: 'x'.repeat(FEEDBACK_DESCRIPTION_MAX + 1) };
    expect(feedbackRuleOf('title', 'NullOrEmpty', GOOD)).toBe('titleMissing');
    expect(feedbackRuleOf('title', 'InvalidTitle', GOOD)).toBe('titleTooLong');
    expect(feedbackRuleOf('description', 'NullOrEmpty', GOOD)).toBe('descriptionMissing');
    expect(feedbackRuleOf('description', 'InvalidDescription', short)).toBe('descriptionTooShort');
    expect(feedbackRuleOf('description', 'InvalidDescription', long)).toBe('descriptionTooLong');
    expect(feedbackRuleOf('type', 'InvalidModel', GOOD)).toBe('typeMissing');
    expect(feedbackRuleOf('email', 'InvalidEmail', GOOD)).toBe('emailInvalid');
    expect(feedbackRuleOf('body', 'InvalidModel', GOOD)).toBeUndefined();
  });

  it('agrees with the codes the server sends for each rule', () => {
    const cases: [FeedbackValues, 'title' | 'description'][] = [
      [{ ...GOOD, title: '' }, 'title'],
      [{ ...GOOD, title: 'a'.repeat(FEEDBACK_TITLE_MAX + 1) }, 'title'],
      [{ ...GOOD, description: '' }, 'description'],
      [{ ...GOOD, description: 'short' }, 'description'],
      [{ ...GOOD, description: 'x'.repeat(FEEDBACK_DESCRIPTION_MAX + 1) }, 'description'],
    ];
    for (const [values, field] of cases) {
      const rule = checkFeedback(values, { emailRequired: false })[field]!;
      expect(feedbackRuleOf(field, FEEDBACK_RULE_CODES[rule], values)).toBe(rule);
    }
  });
});
