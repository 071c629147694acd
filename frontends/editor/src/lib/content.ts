// Turns Editor.js output into the content the articles API accepts (the shapes of the shared brief):
// known block types only, no tool-internal fields, video addresses rebuilt from the YouTube id.
import { parseYouTubeUrl, youTubeEmbedUrl, type Schemas } from '@pencraft/ui';

export interface EditorBlock {
  id?: string;
  type: string;
  data: unknown;
}

export interface EditorOutput {
  time?: number;
  version?: string;
  blocks: EditorBlock[];
}

export interface ApiListItem {
  content: string;
  items: ApiListItem[];
}

export type ApiBlock =
  | { id?: string; type: 'paragraph'; data: { text: string } }
  | { id?: string; type: 'header'; data: { text: string; level: 1 | 2 | 3 } }
  | { id?: string; type: 'quote'; data: { text: string; caption: string; alignment: 'left' | 'center' } }
  | { id?: string; type: 'list'; data: { style: 'ordered' | 'unordered'; items: ApiListItem[] } }
  | {
      id?: string;
      type: 'image';
      data: { url: string; caption: string; withBorder: boolean; withBackground: boolean; stretched: boolean };
    }
  | { id?: string; type: 'link'; data: { link: string; meta: { title?: string } } }
  | { id?: string; type: 'table'; data: { withHeadings: boolean; content: string[][] } }
  | { id?: string; type: 'code'; data: { code: string } }
  | { id?: string; type: 'video'; data: { service: 'youtube'; source: string; embed: string; caption?: string } };

/** The API's Content (Schemas['Content']) with blocks narrowed to the types Pencraft knows. */
export type ArticleContent = Omit<Schemas['Content'], 'blocks'> & { blocks: ApiBlock[] };

type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** Editor.js escapes `&` in string fields it sanitizes; addresses need the plain character back. */
const unescapeUrl = (v: unknown) => str(v).trim().replace(/&amp;/g, '&');

/** True when inline HTML has visible text (not only tags, spaces, &nbsp; or <br>). */
export function hasVisibleText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim() !== ''
  );
}

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** https addresses, or paths on this site (the origin is dropped from same-origin addresses). */
export function toImageUrl(value: string, origin?: string): string | null {
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    if (origin && parsed.origin === origin) return `${parsed.pathname}${parsed.search}`;
    return parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function listItems(value: unknown, depth = 0): ApiListItem[] {
  if (!Array.isArray(value) || depth > 8) return [];
  return value.flatMap((item): ApiListItem[] => {
    if (typeof item === 'string') return [{ content: item, items: [] }];
    if (!isData(item)) return [];
    return [{ content: str(item.content), items: listItems(item.items, depth + 1) }];
  });
}

export function toApiBlock(block: EditorBlock, origin?: string): ApiBlock | null {
  if (!isData(block) || !isData(block.data)) return null;
  const d = block.data;
  const id = typeof block.id === 'string' ? { id: block.id } : {};
  switch (block.type) {
    case 'paragraph':
      return hasVisibleText(str(d.text)) ? { ...id, type: 'paragraph', data: { text: str(d.text) } } : null;
    case 'header': {
      const level = Number(d.level);
      if (!hasVisibleText(str(d.text))) return null;
      return { ...id, type: 'header', data: { text: str(d.text), level: level === 1 || level === 3 ? level : 2 } };
    }
    case 'quote':
      if (!hasVisibleText(str(d.text))) return null;
      return {
        ...id,
        type: 'quote',
        data: { text: str(d.text), caption: str(d.caption), alignment: d.alignment === 'center' ? 'center' : 'left' },
      };
    case 'list': {
      const items = listItems(d.items);
      if (items.length === 0) return null;
      // Checklists are not a Pencraft block type; they read as unordered lists.
      return { ...id, type: 'list', data: { style: d.style === 'ordered' ? 'ordered' : 'unordered', items } };
    }
    case 'image': {
      const url = toImageUrl(unescapeUrl(d.url), origin);
      if (!url) return null;
      return {
        ...id,
        type: 'image',
        data: {
          url,
          caption: str(d.caption),
          withBorder: d.withBorder === true,
          withBackground: d.withBackground === true,
          stretched: d.stretched === true,
        },
      };
    }
    case 'link': {
      const link = unescapeUrl(d.link);
      if (!isHttpUrl(link)) return null;
      const title = isData(d.meta) ? str(d.meta.title).trim() : '';
      return { ...id, type: 'link', data: { link, meta: title ? { title } : {} } };
    }
    case 'table': {
      if (!Array.isArray(d.content)) return null;
      const content = d.content.filter(Array.isArray).map((row: unknown[]) => row.map(str));
      if (content.length === 0) return null;
      return { ...id, type: 'table', data: { withHeadings: d.withHeadings === true, content } };
    }
    case 'code':
      return str(d.code).trim() ? { ...id, type: 'code', data: { code: str(d.code) } } : null;
    case 'video': {
      const source = unescapeUrl(d.source);
      const video = parseYouTubeUrl(source) ?? parseYouTubeUrl(unescapeUrl(d.embed));
      if (!video) return null;
      const caption = str(d.caption);
      return {
        ...id,
        type: 'video',
        data: { service: 'youtube', source, embed: youTubeEmbedUrl(video), ...(caption ? { caption } : {}) },
      };
    }
    default:
      return null;
  }
}

export function toArticleContent(output: EditorOutput | null | undefined, origin?: string): ArticleContent {
  const blocks = (output?.blocks ?? []).map((b) => toApiBlock(b, origin)).filter((b): b is ApiBlock => b !== null);
  return {
    ...(output?.time !== undefined ? { time: output.time } : {}),
    ...(output?.version !== undefined ? { version: output.version } : {}),
    blocks,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text a reader sees in inline HTML: tags removed, entities decoded. */
export function inlineText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code === 0xa0 ? ' ' : code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

function listText(items: ApiListItem[], texts: string[]) {
  for (const item of items) {
    texts.push(inlineText(item.content));
    listText(item.items, texts);
  }
}

/**
 * The visible text of an article, gathered from the same fields as the articles service gathers it (texts,
 * captions, list items, link titles, table cells, code), for the content-length rule of @pencraft/rules.
 */
export function visibleContentText(content: ArticleContent): string {
  const texts: string[] = [];
  for (const block of content.blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'header':
        texts.push(inlineText(block.data.text));
        break;
      case 'quote':
        texts.push(inlineText(block.data.text), inlineText(block.data.caption));
        break;
      case 'list':
        listText(block.data.items, texts);
        break;
      case 'image':
        texts.push(inlineText(block.data.caption));
        break;
      case 'link':
        texts.push(block.data.meta.title ?? '');
        break;
      case 'table':
        texts.push(...block.data.content.map((row) => row.map(inlineText).join(' ')));
        break;
      case 'code':
        texts.push(block.data.code);
        break;
      case 'video':
        texts.push(inlineText(block.data.caption ?? ''));
        break;
    }
  }
  return texts.filter((t) => t.trim().length > 0).join('\n');
}
