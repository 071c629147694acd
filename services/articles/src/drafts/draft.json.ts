import type { Author } from '@pencraft/contracts/articles/v1/articles';
import type { Draft } from '@pencraft/contracts/articles/v1/drafts';
import { previewLinkExpiresAt, visibleCharacterCount } from '@pencraft/rules';
import type { DraftOwner } from './draft.repository.js';
import { mediaUrl } from './draft.rules.js';
import type { DraftRow } from './draft.table.js';
import { audiences, languages } from '@pencraft/contracts/enums';

export type DraftRole = 'owner' | 'coAuthor' | 'preview';

/** What a stored draft's content counts (kept out of the table: it is cheap to count on read). */
function counts(content: unknown): { wordCount: number; symbolCount: number } {
  const stored = content as { blocks?: { data?: Record<string, unknown> }[] } | null;
  if (!stored?.blocks) return { wordCount: 0, symbolCount: 0 };
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value.replace(/<[^>]*>/g, ''));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const block of stored.blocks) {
    const data = { ...block.data };
    // URLs are not text a reader counts.
    for (const key of ['url', 'link', 'source', 'embed', 'service', 'style', 'alignment', 'level']) delete data[key];
    walk(data);
  }
  const text = texts.join('\n');
  return {
    wordCount: text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
    symbolCount: visibleCharacterCount(text),
  };
}

/**
 * The gRPC Draft of a row. Only the owner sees when the preview link expires (nobody sees its token, which is not
 * stored); a preview shows no role; a list leaves the content out (the counts still come with it).
 */
export function toDraft(
  row: Partial<DraftRow> & Omit<DraftRow, 'content'>,
  owner: DraftOwner | Author | null,
  role: DraftRole,
  options: { withContent?: boolean } = {},
): Draft {
  const withContent = options.withContent ?? true;
  const content = row.content ?? null;
  return {
    id: row.id,
    owner: owner ?? { uid: row.ownerId, username: '', fullname: '', imageUrl: '' },
    articleId: row.articleId ?? '',
    translationOf: row.translationOf ?? '',
    language: languages.toProto(row.language),
    title: row.title,
    description: row.description,
    contentJson: withContent && content ? JSON.stringify(content) : '',
    category: row.category,
    subCategories: row.subCategories,
    coverKey: row.coverKey ?? '',
    coverUrl: mediaUrl(row.coverKey),
    target: row.target,
    publicationId: row.publicationId ?? '',
    audience: audiences.toProto(row.audience),
    version: row.version,
    createdAtMs: row.createdAt.getTime(),
    updatedAtMs: row.updatedAt.getTime(),
    ...counts(content),
    role: role === 'preview' ? '' : role,
    previewExpiresAtMs:
      role === 'owner' && row.previewTokenCreatedAt ? previewLinkExpiresAt(row.previewTokenCreatedAt).getTime() : 0,
  };
}
