// The page frame is the shell's own index.html, read from the shell at run time (its script tags change with each
// shell release, which must not need a reader release). It is kept for a few seconds and revalidated with its ETag;
// when the shell cannot be reached the last good copy is used, and before any, a bare frame without scripts.
import { randomUUID } from 'node:crypto';
import { escapeHtml, jsonForScript } from './escape.js';

const FALLBACK = `<!doctype html>
<html lang="az">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Pencraft</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export interface TemplateSource {
  /** The shell's index.html (the last good one, or the bare frame). */
  get(): Promise<string>;
}

export function shellTemplate(shellOrigin: string, options: { maxAgeMs?: number; timeoutMs?: number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 2000;
  let html: string | undefined;
  let etag: string | undefined;
  let checkedAt = 0;
  let pending: Promise<string> | undefined;

  async function refresh(): Promise<string> {
    try {
      const response = await fetch(new URL('/index.html', shellOrigin), {
        headers: etag && html ? { 'if-none-match': etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 304 && html) {
        checkedAt = Date.now();
      } else if (response.ok) {
        html = await response.text();
        etag = response.headers.get('etag') ?? undefined;
        checkedAt = Date.now();
      } else {
        throw new Error(`the shell answered ${response.status}`);
      }
    } catch (error) {
      process.stderr.write(
        `${JSON.stringify({ level: 'warn', msg: 'shell index.html unavailable', error: String(error) })}\n`,
      );
      checkedAt = Date.now() - maxAgeMs + 1000; // try again in a second
    }
    return html ?? FALLBACK;
  }

  return {
    get(): Promise<string> {
      if (html && Date.now() - checkedAt < maxAgeMs) return Promise.resolve(html);
      pending ??= refresh().finally(() => (pending = undefined));
      return html ? Promise.resolve(html) : pending;
    },
  } satisfies TemplateSource;
}

export interface PageParts {
  /** <html lang>. */
  language: string;
  /** Tags for <head> (headTags). */
  head: string;
  /** Stylesheets the page needs besides the shell's own (absolute paths). */
  styles: string[];
  /** Rendered markup for <div id="root">. */
  body: string;
  /** The initial data: `{ path, data }`, or none. */
  data?: { path: string; data: Record<string, unknown> } | undefined;
  /**
   * The first view's loader (e.g. `/first-view.js`): the shell's deferred scripts are not loaded with the
   * page but listed in `#pc-app`, and the loader starts them once the page has loaded (or at the first interaction).
   */
  loader?: string | undefined;
}

/** A page's own parts (PageParts less what the frame is compiled with). */
export type PageSlots = Omit<PageParts, 'styles' | 'loader'>;

/** What a frame is compiled with: the same for every page of one renderer. */
export interface FrameOptions {
  styles: string[];
  loader?: string | undefined;
}

/** A frame's slots, in the order a page's parts fill them. */
const SLOTS = ['language', 'head', 'body', 'data'] as const;
type Slot = (typeof SLOTS)[number];
/** Where a slot is while the frame is made: a token no template holds (new with each process). */
const MARK = `pc-slot-${randomUUID()}-`;
const markOf = (slot: Slot) => `${MARK}${SLOTS.indexOf(slot)}.`;
const MARKS = new RegExp(`${MARK}(\\d)\\.`);

/**
 * The shell's index.html made into a page frame once: its generic head tags dropped, the reader's stylesheets and the
 * first view's loader put in, and split where a page's language, head tags, markup and initial data go. A page is then
 * the frame's pieces joined with its parts (no pass over the page's markup), so a page's own text, whatever it holds,
 * never changes the frame around it.
 */
export function compileFrame(template: string, options: FrameOptions): (parts: PageSlots) => string {
  let html = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<noscript[^>]*>[\s\S]*?<\/noscript\s*>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/gi, '')
    .replace(/<meta\s+property="og:[^"]*"[^>]*>\s*/gi, '')
    .replace(/<html([^>]*)\slang="[^"]*"/i, '<html$1')
    .replace(/<html/i, `<html lang="${markOf('language')}"`);
  const present = new Set([...html.matchAll(/href="[^"]*?([^/"]+\.css)"/g)].map((m) => m[1]));
  const styles = options.styles
    .filter((href) => !present.has(href.slice(href.lastIndexOf('/') + 1)))
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`)
    .join('\n    ');
  html = html.replace(/<\/head>/i, () => `    ${markOf('head')}\n    ${styles}\n  </head>`);
  html = html.replace(/<div id="root">\s*<\/div>/i, () => `<div id="root">${markOf('body')}</div>`);
  if (options.loader) {
    const scripts: string[] = [];
    html = html.replace(/<script\s+defer(?:="[^"]*")?\s+src="(\/[^"]*)"\s*><\/script>\s*/gi, (_tag, src: string) => {
      scripts.push(src);
      return '';
    });
    html = html.replace(
      /<\/head>/i,
      () =>
        `<script id="pc-app" type="application/json">${jsonForScript(scripts)}</script>\n    <script defer src="${escapeHtml(options.loader!)}"></script>\n  </head>`,
    );
  }
  html = html.replace(/<\/body>/i, () => `${markOf('data')}</body>`);
  // [text, slot, text, slot, ..., text]: a slot the template has no place for (no root element) is left out.
  const pieces = html.split(MARKS);
  return (parts) => {
    const values: Record<Slot, string> = {
      language: escapeHtml(parts.language),
      head: parts.head,
      body: parts.body,
      data: parts.data ? `<script id="pc-data" type="application/json">${jsonForScript(parts.data)}</script>\n  ` : '',
    };
    let page = pieces[0]!;
    for (let i = 1; i < pieces.length; i += 2) page += values[SLOTS[Number(pieces[i])]!] + pieces[i + 1]!;
    return page;
  };
}

/**
 * The frames of the templates seen last (the shell's index.html changes with a shell release, rarely): a page is the
 * latest frame filled in.
 */
export function frames(options: FrameOptions): (template: string) => (parts: PageSlots) => string {
  let last: { template: string; fill: (parts: PageSlots) => string } | undefined;
  return (template) => {
    if (last?.template !== template) last = { template, fill: compileFrame(template, options) };
    return last.fill;
  };
}

/** Puts a page into the shell's index.html: its head tags replace the shell's generic ones. */
export function fillTemplate(template: string, parts: PageParts): string {
  return compileFrame(template, { styles: parts.styles, loader: parts.loader })(parts);
}
