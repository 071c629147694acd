import { AppError } from '@pencraft/errors';
import {
  ARTICLE_CONTENT_MAX_BLOCKS,
  ARTICLE_CONTENT_MAX_BYTES,
  contentLengthProblem,
  contentSizeProblem,
  plainText,
  visibleCharacterCount,
} from '@pencraft/rules';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

// The limits and plain-text rule are shared with the editor; sanitizing inline HTML stays on the server.
export { plainText };

const INLINE_TAGS = ['b', 'strong', 'i', 'em', 'u', 'a', 'code', 'mark', 'br', 's'];

const inlineOptions: sanitizeHtml.IOptions = {
  allowedTags: INLINE_TAGS,
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: /^(https?:|mailto:)/i.test(attribs.href?.trim() ?? '')
        ? { href: attribs.href!.trim(), rel: 'noopener noreferrer nofollow', target: '_blank' }
        : ({} as sanitizeHtml.Attributes),
    }),
  },
};
// rel and target are added by us, so they must survive the attribute filter that runs after transformTags.
inlineOptions.allowedAttributes = { a: ['href', 'rel', 'target'] };

/** Inline rich text of Editor.js: a few formatting tags, links with safe schemes only; everything else removed. */
export function sanitizeInline(html: string): string {
  return sanitizeHtml(html, inlineOptions).trim();
}

/** The text a reader sees in inline HTML. */
export function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const HTTP_URL = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  });
const IMAGE_URL = z
  .string()
  .max(2048)
  .refine((value) => (value.startsWith('/') && !value.startsWith('//')) || HTTP_URL.safeParse(value).success);

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, embed, shorts, live), or undefined for anything else. */
export function youtubeId(source: string): string | undefined {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return undefined;
  let id: string | undefined;
  if (url.hostname.toLowerCase() === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (url.pathname === '/watch') id = url.searchParams.get('v') ?? undefined;
  else {
    const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
    id = match?.[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

interface ListItem {
  content: string;
  items: ListItem[];
}

const blockId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .optional();
const inlineText = z.string().max(ARTICLE_CONTENT_MAX_BYTES);

type LegacyOrNested = string | { content?: unknown; items?: unknown };
const listItems: z.ZodType<LegacyOrNested[]> = z
  .array(z.union([z.string(), z.looseObject({ content: z.unknown(), items: z.unknown() })]))
  .max(500);

const blockSchemas = {
  paragraph: z.object({ text: inlineText }),
  header: z.object({ text: inlineText, level: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  quote: z.object({
    text: inlineText,
    caption: inlineText.optional().default(''),
    alignment: z.enum(['left', 'center']).optional().default('left'),
  }),
  list: z.object({ style: z.enum(['ordered', 'unordered']), items: listItems }),
  image: z.object({
    url: IMAGE_URL,
    caption: inlineText.optional().default(''),
    withBorder: z.boolean().optional().default(false),
    withBackground: z.boolean().optional().default(false),
    stretched: z.boolean().optional().default(false),
  }),
  link: z.object({
    link: HTTP_URL,
    meta: z
      .object({
        title: z.string().max(300).optional().default(''),
        description: z.string().max(1000).optional().default(''),
      })
      .optional()
      .default({ title: '', description: '' }),
  }),
  table: z.object({
    withHeadings: z.boolean().optional().default(false),
    content: z.array(z.array(inlineText).max(20)).max(100),
  }),
  code: z.object({ code: z.string().max(ARTICLE_CONTENT_MAX_BYTES) }),
  video: z.object({
    service: z.string().optional(),
    source: z.string().max(2048),
    caption: inlineText.optional().default(''),
  }),
} as const;

export type BlockType = keyof typeof blockSchemas;
export const BLOCK_TYPES = Object.keys(blockSchemas) as BlockType[];

export interface Block {
  id?: string;
  type: BlockType;
  data: Record<string, unknown>;
}

export interface ArticleContent {
  time: number;
  version: string;
  blocks: Block[];
}

export interface CheckedContent {
  content: ArticleContent;
  /** Visible text of every block, one block a line: what search indexes and the limits count. */
  text: string;
  wordCount: number;
  symbolCount: number;
}

const envelope = z.object({
  time: z.number().int().nonnegative().optional(),
  version: z.string().max(32).optional(),
  blocks: z
    .array(z.object({ id: blockId, type: z.string(), data: z.record(z.string(), z.unknown()) }))
    .max(ARTICLE_CONTENT_MAX_BLOCKS),
});

function invalid(): never {
  throw new AppError('InvalidArticleContent', { details: [{ field: 'content', code: 'InvalidArticleContent' }] });
}

function sanitizeList(items: LegacyOrNested[], depth: number, texts: string[]): ListItem[] {
  if (depth > 5) invalid();
  return items.map((item) => {
    if (typeof item === 'string') {
      const content = sanitizeInline(item);
      texts.push(visibleText(content));
      return { content, items: [] };
    }
    const content = typeof item.content === 'string' ? sanitizeInline(item.content) : invalid();
    texts.push(visibleText(content));
    const nested = item.items === undefined ? [] : listItems.safeParse(item.items);
    const children = Array.isArray(nested) ? nested : nested.success ? nested.data : invalid();
    return { content, items: sanitizeList(children, depth + 1, texts) };
  });
}

/** Sanitizes one block and collects its visible text. */
function checkBlock(raw: { id?: string; type: string; data: Record<string, unknown> }, texts: string[]): Block {
  if (!(raw.type in blockSchemas)) invalid();
  const type = raw.type as BlockType;
  const parsed = blockSchemas[type].safeParse(raw.data);
  if (!parsed.success) {
    if (type === 'video' || type === 'link') {
      throw new AppError('InvalidLinkUrl', { details: [{ field: 'content', code: 'InvalidLinkUrl' }] });
    }
    invalid();
  }
  const base = raw.id ? { id: raw.id } : {};
  switch (type) {
    case 'paragraph':
    case 'header': {
      const data = parsed.data as { text: string; level?: number };
      const text = sanitizeInline(data.text);
      texts.push(visibleText(text));
      return { ...base, type, data: type === 'header' ? { text, level: data.level } : { text } };
    }
    case 'quote': {
      const data = parsed.data as { text: string; caption: string; alignment: string };
      const text = sanitizeInline(data.text);
      const caption = sanitizeInline(data.caption);
      texts.push(visibleText(text), visibleText(caption));
      return { ...base, type, data: { text, caption, alignment: data.alignment } };
    }
    case 'list': {
      const data = parsed.data as { style: string; items: LegacyOrNested[] };
      return { ...base, type, data: { style: data.style, items: sanitizeList(data.items, 1, texts) } };
    }
    case 'image': {
      const data = parsed.data as {
        url: string;
        caption: string;
        withBorder: boolean;
        withBackground: boolean;
        stretched: boolean;
      };
      const caption = sanitizeInline(data.caption);
      texts.push(visibleText(caption));
      return { ...base, type, data: { ...data, caption } };
    }
    case 'link': {
      const data = parsed.data as { link: string; meta: { title: string; description: string } };
      const meta = { title: plainText(data.meta.title), description: plainText(data.meta.description) };
      texts.push(meta.title, meta.description);
      return { ...base, type, data: { link: data.link, meta } };
    }
    case 'table': {
      const data = parsed.data as { withHeadings: boolean; content: string[][] };
      const content = data.content.map((row) => row.map((cell) => sanitizeInline(cell)));
      texts.push(...content.map((row) => row.map(visibleText).join(' ')));
      return { ...base, type, data: { withHeadings: data.withHeadings, content } };
    }
    case 'code': {
      const data = parsed.data as { code: string };
      texts.push(data.code);
      return { ...base, type, data: { code: data.code } };
    }
    case 'video': {
      const data = parsed.data as { source: string; caption: string };
      const id = youtubeId(data.source);
      if (!id) throw new AppError('InvalidLinkUrl', { details: [{ field: 'content', code: 'InvalidLinkUrl' }] });
      const caption = sanitizeInline(data.caption);
      texts.push(visibleText(caption));
      return {
        ...base,
        type,
        data: {
          service: 'youtube',
          source: `https://www.youtube.com/watch?v=${id}`,
          embed: `https://www.youtube-nocookie.com/embed/${id}`,
          caption,
        },
      };
    }
  }
}

/**
 * Checks Editor.js output against the block types of SPEC.md section 3 and the content limits,
 * and returns it sanitized: only known blocks and fields, inline HTML reduced to safe formatting.
 * A draft (`mode: 'draft'`, what autosave stores) is sanitized and held to the upper limits only: it may be empty
 * or short until it is submitted.
 */
export function checkContent(raw: unknown, mode: 'submit' | 'draft' = 'submit'): CheckedContent {
  const serialized = typeof raw === 'string' ? raw : JSON.stringify(raw ?? null);
  if (contentSizeProblem(serialized)) {
    throw new AppError('InvalidContentMax', { details: [{ field: 'content', code: 'InvalidContentMax' }] });
  }
  let value: unknown;
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    invalid();
  }
  const parsed = envelope.safeParse(value);
  if (!parsed.success || (mode === 'submit' && parsed.data.blocks.length === 0)) invalid();
  const texts: string[] = [];
  const blocks = parsed.data.blocks.map((block) => checkBlock(block, texts));
  const text = texts.filter((t) => t.trim().length > 0).join('\n');
  const symbolCount = visibleCharacterCount(text);
  const lengthProblem = contentLengthProblem(text);
  if (lengthProblem === 'contentMax')
    throw new AppError('InvalidContentMax', { details: [{ field: 'content', code: 'InvalidContentMax' }] });
  if (lengthProblem && mode === 'submit')
    throw new AppError('InvalidContentMin', { details: [{ field: 'content', code: 'InvalidContentMin' }] });
  const wordCount = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return {
    content: { time: parsed.data.time ?? Date.now(), version: parsed.data.version ?? '2.31.0', blocks },
    text,
    wordCount,
    symbolCount,
  };
}

/** About 200 words a minute, at least one minute. */
export function readingMinutes(wordCount: number) {
  return Math.max(1, Math.round(wordCount / 200));
}

/**
 * The visible text of each block of stored (already sanitized) content, in order: what the paid teaser rule counts. A
 * block that no longer passes the checks counts as text-less.
 */
export function blockTexts(blocks: readonly Block[]): string[] {
  return blocks.map((block) => {
    const texts: string[] = [];
    try {
      checkBlock(block, texts);
    } catch (error) {
      if (!AppError.is(error)) throw error;
      return '';
    }
    return texts.filter((t) => t.trim().length > 0).join('\n');
  });
}
