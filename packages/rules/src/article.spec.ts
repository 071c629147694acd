import { describe, expect, it } from '@jest/globals';
import {
  ARTICLE_CONTENT_MAX_BYTES,
  contentLengthProblem,
  contentSizeProblem,
  descriptionProblem,
  normalizeArticleText,
  subCategoriesProblem,
  titleProblem,
  visibleCharacterCount,
  wordCount,
} from './index.js';

describe('article rules', () => {
  it('normalizes titles: tags gone, whitespace collapsed', () => {
    expect(normalizeArticleText(' Salam,   <b>dünya</b> ')).toBe('Salam, dünya');
    expect(normalizeArticleText('<b></b>')).toBe('');
  });

  it('allows a title of exactly 150 code points, not 151, whatever their UTF-16 length', () => {
    expect(titleProblem('ə'.repeat(150))).toBeUndefined();
    expect(titleProblem('😀'.repeat(150))).toBeUndefined();
    expect(titleProblem('ə'.repeat(151))).toBe('titleLength');
    expect(titleProblem('')).toBe('titleRequired');
  });

  it('allows a description of 300 code points', () => {
    expect(descriptionProblem('')).toBeUndefined();
    expect(descriptionProblem('ş'.repeat(300))).toBeUndefined();
    expect(descriptionProblem('ş'.repeat(301))).toBe('descriptionLength');
  });

  it('allows at most four distinct sub-categories, none the main category', () => {
    expect(subCategoriesProblem(['a', 'b', 'c', 'd'], 'tech')).toBeUndefined();
    expect(subCategoriesProblem(['a', 'a', 'b', 'c', 'd'], 'tech')).toBeUndefined();
    expect(subCategoriesProblem(['a', 'b', 'c', 'd', 'e'], 'tech')).toBe('subCategoriesCount');
    expect(subCategoriesProblem(['tech'], 'tech')).toBe('subCategoriesRepeatCategory');
  });

  it('counts visible characters with whitespace collapsed', () => {
    expect(visibleCharacterCount('  a \n\n b ')).toBe(3);
  });

  it('requires 50 to 30,000 visible characters', () => {
    expect(contentLengthProblem('   ')).toBe('contentRequired');
    expect(contentLengthProblem('x'.repeat(49))).toBe('contentMin');
    expect(contentLengthProblem('x'.repeat(50))).toBeUndefined();
    expect(contentLengthProblem('ə'.repeat(30_000))).toBeUndefined();
    expect(contentLengthProblem('ə'.repeat(30_001))).toBe('contentMax');
  });

  it('bounds the serialized content at 400 KB of UTF-8', () => {
    expect(contentSizeProblem('x'.repeat(ARTICLE_CONTENT_MAX_BYTES))).toBeUndefined();
    expect(contentSizeProblem('ə'.repeat(ARTICLE_CONTENT_MAX_BYTES / 2 + 1))).toBe('contentMax');
  });

  it('counts words as the runs of text that hold a letter or a digit', () => {
    expect(wordCount('Salam,  dünya — 2026 !')).toBe(3);
    expect(wordCount('')).toBe(0);
    expect(wordCount('Привет\nмир')).toBe(2);
  });
});
