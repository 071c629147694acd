import { paidTeaser } from '@pencraft/rules';
import { blockTexts, type ArticleContent, type Block } from './article-content.js';

export interface Teaser {
  /** Editor.js JSON of the teaser: the leading blocks the rule allows, or one paragraph of the excerpt. */
  contentJson: string;
  /** Its visible text, blocks joined by new lines (what the search index and the feeds may hold). */
  text: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The teaser of a paid article's stored content (paidTeaser of the rules): never a block past the bound, so the paid
 * part is not in it in any form. Unreadable content is an empty teaser.
 */
export function teaserOf(contentJson: string): Teaser {
  let content: Partial<ArticleContent>;
  try {
    content = JSON.parse(contentJson) as Partial<ArticleContent>;
  } catch {
    return { contentJson: JSON.stringify({ time: 0, version: '2.31.0', blocks: [] }), text: '' };
  }
  const blocks: Block[] = Array.isArray(content?.blocks) ? content.blocks : [];
  const texts = blockTexts(blocks);
  const plan = paidTeaser(texts);
  const kept: Block[] =
    plan.blocks > 0
      ? blocks.slice(0, plan.blocks)
      : plan.excerpt
        ? [{ type: 'paragraph', data: { text: escapeHtml(plan.excerpt) } }]
        : [];
  const text =
    plan.blocks > 0
      ? texts
          .slice(0, plan.blocks)
          .filter((t) => t.trim())
          .join('\n')
      : plan.excerpt;
  return {
    contentJson: JSON.stringify({ time: content.time ?? 0, version: content.version ?? '2.31.0', blocks: kept }),
    text,
  };
}
