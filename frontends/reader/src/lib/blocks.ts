// Reads Editor.js block data defensively: a malformed block is skipped, never rendered half-trusted.
import { parseYouTubeUrl, youTubeEmbedUrl } from '@pencraft/ui';

export interface ListItem {
  content: string;
  items: ListItem[];
}

export type ReadBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'header'; text: string; level: 1 | 2 | 3 }
  | { type: 'quote'; text: string; caption: string; alignment: 'left' | 'center' }
  | { type: 'list'; style: 'ordered' | 'unordered'; items: ListItem[] }
  | { type: 'image'; url: string; caption: string; withBorder: boolean; withBackground: boolean; stretched: boolean }
  | { type: 'link'; link: string; title: string; description: string }
  | { type: 'table'; withHeadings: boolean; content: string[][] }
  | { type: 'code'; code: string }
  | { type: 'video'; embed: string; caption: string };

type Data = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_LIST_DEPTH = 8;

function listItems(value: unknown, depth = 0): ListItem[] {
  if (!Array.isArray(value) || depth > MAX_LIST_DEPTH) return [];
  return value.flatMap((item): ListItem[] => {
    // @editorjs/list 1 stored plain strings; version 2 stores { content, items }.
    if (typeof item === 'string') return [{ content: item, items: [] }];
    if (!isData(item)) return [];
    return [{ content: str(item.content), items: listItems(item.items, depth + 1) }];
  });
}

/** An image address must be https or a path on this site. */
export function safeImageSrc(url: unknown): string | undefined {
  const value = str(url).trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function safeLink(url: unknown): string | undefined {
  try {
    const parsed = new URL(str(url).trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function readBlock(block: unknown): ReadBlock | null {
  if (!isData(block) || typeof block.type !== 'string' || !isData(block.data)) return null;
  const data = block.data;
  switch (block.type) {
    case 'paragraph':
      return { type: 'paragraph', text: str(data.text) };
    case 'header': {
      const level = Number(data.level);
      return { type: 'header', text: str(data.text), level: level === 1 || level === 3 ? level : 2 };
    }
    case 'quote':
      return {
        type: 'quote',
        text: str(data.text),
        caption: str(data.caption),
        alignment: data.alignment === 'center' ? 'center' : 'left',
      };
    case 'list':
      return { type: 'list', style: data.style === 'ordered' ? 'ordered' : 'unordered', items: listItems(data.items) };
    case 'image': {
      const url = safeImageSrc(data.url);
      if (!url) return null;
      return {
        type: 'image',
        url,
        caption: str(data.caption),
        withBorder: data.withBorder === true,
        withBackground: data.withBackground === true,
        stretched: data.stretched === true,
      };
    }
    case 'link': {
      const link = safeLink(data.link);
      if (!link) return null;
      const meta = isData(data.meta) ? data.meta : {};
      return { type: 'link', link, title: str(meta.title), description: str(meta.description) };
    }
    case 'table': {
      if (!Array.isArray(data.content)) return null;
      const content = data.content.filter(Array.isArray).map((row: unknown[]) => row.map(str));
      return { type: 'table', withHeadings: data.withHeadings === true, content };
    }
    case 'code':
      return { type: 'code', code: str(data.code) };
    case 'video': {
      // The address is rebuilt from the video id, never taken from the stored embed as is.
      const video = parseYouTubeUrl(str(data.embed)) ?? parseYouTubeUrl(str(data.source));
      return video ? { type: 'video', embed: youTubeEmbedUrl(video), caption: str(data.caption) } : null;
    }
    default:
      return null;
  }
}

/**
 * The HTML level of each heading of an article, in order. The title is the page's h1, so the largest heading
 * level the writer used becomes h2, the next h3 and so on, and no heading is more than one level below the one
 * before it (a document outline without gaps, whatever levels the writer picked).
 */
export function headingLevels(levels: readonly number[]): number[] {
  const ranks = [...new Set(levels)].sort((a, b) => a - b);
  let previous = 1;
  return levels.map((level) => {
    const html = Math.min(2 + ranks.indexOf(level), previous + 1, 6);
    previous = html;
    return html;
  });
}
