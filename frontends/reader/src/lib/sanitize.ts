// An allow-list parser for the inline HTML of Editor.js blocks. It never hands HTML to the browser: the
// result is a small tree that React renders as elements and escaped text. Allowed: b, i, u, code, mark,
// br and a[href] with an absolute http(s) address; strong/em become b/i. Everything else is dropped —
// the tags of unknown elements (their text stays) and, for script-like elements, their content too.

export type InlineTag = 'b' | 'i' | 'u' | 'a' | 'code' | 'mark' | 'br';

export interface InlineElement {
  tag: InlineTag;
  href?: string;
  children: InlineNode[];
}

export type InlineNode = string | InlineElement;

const ALIASES: Record<string, InlineTag> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  a: 'a',
  code: 'code',
  mark: 'mark',
  br: 'br',
};

/** Elements whose content is not text for the reader and is dropped with the element. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'plaintext',
]);

const MAX_DEPTH = 16;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  copy: '©',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Only absolute http(s) addresses survive; the URL parser also removes tabs and newlines tricks. */
export function safeHref(raw: string): string | undefined {
  const value = decodeEntities(raw).trim();
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    if (name && !attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Index of the `>` that closes a tag starting at `from`, ignoring `>` inside quoted values; -1 if none. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

export function sanitizeInline(html: unknown): InlineNode[] {
  if (typeof html !== 'string' || html === '') return [];
  const root: InlineNode[] = [];
  const stack: InlineElement[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;
  const pushText = (text: string) => {
    if (!text) return;
    const children = current();
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      pushText(decodeEntities(html.slice(i)));
      break;
    }
    pushText(decodeEntities(html.slice(i, lt)));
    i = lt;

    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end < 0 ? html.length : end + 1;
      continue;
    }

    const endTag = /^<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/.exec(html.slice(i, i + 256));
    if (endTag) {
      i += endTag[0].length;
      const tag = ALIASES[endTag[1]!.toLowerCase()];
      const index = tag ? stack.map((e) => e.tag).lastIndexOf(tag) : -1;
      if (index >= 0) stack.length = index;
      continue;
    }

    const startTag = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 256));
    if (!startTag) {
      pushText('<');
      i += 1;
      continue;
    }
    const end = tagEnd(html, i + startTag[0].length);
    if (end < 0) break; // An unterminated tag: drop the rest.
    const name = startTag[1]!.toLowerCase();
    const rawAttributes = html.slice(i + startTag[0].length, end);
    const selfClosing = rawAttributes.trimEnd().endsWith('/');
    i = end + 1;

    if (DROP_WITH_CONTENT.has(name)) {
      if (selfClosing) continue;
      const close = new RegExp(`</${name}[\\s/>]`, 'i').exec(html.slice(i));
      if (!close) break;
      const closeEnd = html.indexOf('>', i + close.index);
      i = closeEnd < 0 ? html.length : closeEnd + 1;
      continue;
    }

    const tag = ALIASES[name];
    if (!tag || stack.length >= MAX_DEPTH) continue;
    if (tag === 'br') {
      current().push({ tag: 'br', children: [] });
      continue;
    }
    if (selfClosing) continue;
    const element: InlineElement = { tag, children: [] };
    if (tag === 'a') {
      // Links do not nest, and a link without a safe address is just its text.
      if (stack.some((e) => e.tag === 'a')) continue;
      const href = safeHref(parseAttributes(rawAttributes).get('href') ?? '');
      if (!href) continue;
      element.href = href;
    }
    current().push(element);
    stack.push(element);
  }
  return root;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Serialises a sanitized tree (used by tests and wherever an HTML string is needed). */
export function toHtml(nodes: InlineNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeHtml(node);
      if (node.tag === 'br') return '<br>';
      const attributes = node.href ? ` href="${escapeHtml(node.href)}" rel="noopener nofollow ugc"` : '';
      return `<${node.tag}${attributes}>${toHtml(node.children)}</${node.tag}>`;
    })
    .join('');
}

export function plainText(nodes: InlineNode[]): string {
  return nodes
    .map((node) => (typeof node === 'string' ? node : node.tag === 'br' ? ' ' : plainText(node.children)))
    .join('');
}

export function sanitizeToHtml(html: unknown): string {
  return toHtml(sanitizeInline(html));
}
