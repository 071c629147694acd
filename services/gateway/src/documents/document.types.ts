import type { Lang } from '@pencraft/rules';

/** One part of a document: a heading and its paragraphs (plain text; the page renders it, never as markup). */
export interface DocumentSection {
  heading: string;
  paragraphs: readonly string[];
}

/** A document in one language. */
export interface DocumentText {
  title: string;
  summary: string;
  sections: readonly DocumentSection[];
}

export type DocumentTexts = Record<Lang, DocumentText>;
