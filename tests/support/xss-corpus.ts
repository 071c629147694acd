// The XSS corpus of issue #8: what a hostile writer may type into any text field of an article and any field of
// any Editor.js block, and the check that what a page shows from it is inert. The browser suite (xss.e2e.ts) and the
// server-rendering suite (ssr.e2e.ts) both use it: every payload that runs would set `window[XSS_FLAG]` (or open a
// dialog), and `dangerousMarkup` names any element or attribute of the rendered page that could run script or
// navigate to a script URL, whatever the payload was.

/** The window property an executed payload sets. */
export const XSS_FLAG = '__pcXss';

const RUN = `window.${XSS_FLAG}=1`;
const RUN_B64 = btoa(`<script>parent.${RUN};${RUN}</script>`);

/**
 * Markup payloads: script elements, event handlers, script and data URLs in every attribute that takes one, SVG
 * and MathML, malformed, nested and unterminated markup, look-alike schemes (tabs, newlines, entities, case,
 * leading spaces) and breaking out of attributes, comments and raw-text elements. No raw control characters: the
 * gateway refuses those before any sanitizer sees them (their entity forms are here instead). Each fits an
 * article title (150 characters).
 */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>${RUN}</script>`,
  `<SCRIPT SRC=data:text/javascript,${RUN}></SCRIPT>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="x" onerror="${RUN}"`,
  `<svg onload="${RUN}"></svg>`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg><a xlink:href="javascript:${RUN}"><text y="20">svg link</text></a></svg>`,
  `<svg><animate attributeName="href" values="javascript:${RUN}"/></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<a href="javascript:${RUN}">plain javascript</a>`,
  `<a href="jav&#x09;ascript:${RUN}">tab entity</a>`,
  `<a href="jav&#x0A;ascript:${RUN}">newline entity</a>`,
  `<a href="&#106;&#97;vascript:${RUN}">decimal entities</a>`,
  `<a href="JaVaScRiPt:${RUN}">mixed case</a>`,
  `<a href="  javascript:${RUN}">leading spaces</a>`,
  `<a href="java&#0;script:${RUN}">nul entity</a>`,
  `<a href="vbscript:msgbox(1)">vbscript</a>`,
  `<a href="data:text/html;base64,${RUN_B64}">data url</a>`,
  `<a href="https://example.com/ok" onclick="${RUN}">handler on a good link</a>`,
  `<b onmouseover="${RUN}" style="background:url(javascript:${RUN})">bold</b>`,
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<object data="javascript:${RUN}"></object><embed src="javascript:${RUN}">`,
  `<form action="javascript:${RUN}"><button formaction="javascript:${RUN}">go</button></form>`,
  `<input autofocus onfocus="${RUN}"><details open ontoggle="${RUN}">`,
  `<body onload="${RUN}"><base href="javascript:${RUN}//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<<script>script>${RUN}<</script>/script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<i><b><u><a href="javascript:${RUN}"><mark>deeply <code>nested</code></mark></a></u></b></i>`,
  `"><img src=x onerror=${RUN}>`,
  `'><svg/onload=${RUN}>`,
  `</textarea></title></style><script>${RUN}</script>`,
  `<template><script>${RUN}</script></template>`,
  `<style>*{background:url("javascript:${RUN}")}</style>`,
  `<!--<img src=x onerror=${RUN}>-->`,
  `<!--><img src=x onerror=${RUN}>-->`,
  `&lt;script&gt;${RUN}&lt;/script&gt;`,
  `<img src=x:y onerror=eval(src)>`,
  `<video><source onerror="${RUN}"></video><audio src=x onerror="${RUN}">`,
];

/**
 * URLs for the fields that hold one (an image's address, a link block's link, a video's source): script, data and
 * look-alike schemes, protocol-relative and attribute-breaking values. The server refuses most; those it keeps
 * must still not be live on the page.
 */
export const XSS_URLS: readonly string[] = [
  `javascript:${RUN}`,
  `JAVASCRIPT:${RUN}`,
  ` javascript:${RUN}`,
  `jav&#x09;ascript:${RUN}`,
  `java\\tscript:${RUN}`,
  `vbscript:msgbox(1)`,
  `data:text/html;base64,${RUN_B64}`,
  `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`,
  `//evil.example/x.png`,
  `https://example.com/x.png" onerror="${RUN}`,
  `https://www.youtube.com/watch?v=dQw4w9WgXcQ" onload="${RUN}`,
  `https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&x="><script>${RUN}</script>`,
  `https://evil.example/embed/dQw4w9WgXcQ`,
];

/** A paragraph of plain text long enough for the content minimum, whatever the payloads leave. */
export const XSS_FILLER =
  'This article carries hostile markup in every field; a reader must see it as text or not at all, never run it.';

export interface Block {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Every block type of SPEC.md section 3 with `payload` in each of its text fields and a safe address in its URL
 * fields (`imageUrl` for the image). The URL payloads go through `urlBlocks` instead, one at a time, because the
 * server refuses a whole article for one bad address.
 */
export function payloadBlocks(payload: string, imageUrl: string): Block[] {
  return [
    { type: 'paragraph', data: { text: XSS_FILLER } },
    { type: 'paragraph', data: { text: payload } },
    { type: 'header', data: { text: payload, level: 1 } },
    { type: 'header', data: { text: payload, level: 2 } },
    { type: 'header', data: { text: payload, level: 3 } },
    { type: 'quote', data: { text: payload, caption: payload, alignment: 'left' } },
    {
      type: 'list',
      data: { style: 'unordered', items: [{ content: payload, items: [{ content: payload, items: [] }] }] },
    },
    { type: 'list', data: { style: 'ordered', items: [payload, `${payload} (legacy item)`] } },
    { type: 'image', data: { url: imageUrl, caption: payload, withBorder: true } },
    { type: 'link', data: { link: 'https://example.com/article', meta: { title: payload, description: payload } } },
    {
      type: 'table',
      data: {
        withHeadings: true,
        content: [
          [payload, 'head'],
          ['cell', payload],
        ],
      },
    },
    { type: 'code', data: { code: payload } },
    {
      type: 'video',
      data: { service: 'youtube', source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', caption: payload },
    },
  ];
}

/** The blocks that take `url` in their address fields (each its own article: the server may refuse it). */
export function urlBlocks(url: string): Block[][] {
  return [
    [{ type: 'image', data: { url, caption: 'image with a hostile address' } }],
    [{ type: 'link', data: { link: url, meta: { title: 'link with a hostile address', description: '' } } }],
    [{ type: 'video', data: { service: 'youtube', source: url, embed: url, caption: 'video with a hostile address' } }],
    [
      {
        type: 'paragraph',
        data: { text: `<a href="${url.replace(/"/g, '&quot;')}">inline link with a hostile address</a>` },
      },
    ],
  ];
}

/** An element of a rendered page as the checks see it (from the browser's DOM or a server HTML parser). */
export interface RenderedElement {
  tag: string;
  attributes: Record<string, string>;
}

/** Elements that never belong in rendered user content. */
const FORBIDDEN_TAGS = new Set([
  'script',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'style',
  'form',
  'frame',
  'frameset',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'foreignobject',
  'use',
  'math',
]);
/** Attributes whose value is an address the browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'srcset',
  'ping',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'values',
  'to',
  'from',
  'by',
]);
const LINK_RELS = new Set(['preload', 'canonical', 'alternate', 'icon', 'modulepreload', 'stylesheet', 'manifest']);
/** The one embed the reader makes: YouTube's privacy-enhanced player, rebuilt from the video id. */
const ALLOWED_FRAME = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/;

/** A URL's scheme as a browser reads it: whitespace and control characters inside it are ignored, case too. */
function scheme(value: string): string {
  const compact = [...value]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1] ?? '';
}

/**
 * What is dangerous about one rendered element: forbidden elements, event handler attributes, srcdoc, script-like
 * styles, and addresses with a scheme other than http(s) or mailto (relative addresses are fine). `[]` when inert.
 */
export function dangerousElement({ tag, attributes }: RenderedElement): string[] {
  const name = tag.toLowerCase();
  const problems: string[] = [];
  if (FORBIDDEN_TAGS.has(name)) problems.push(`<${name}>`);
  // React hoists <link rel="preload"> for images; pages carry canonical and alternate links. Anything else is not ours.
  if (name === 'link' && !LINK_RELS.has((attributes.rel ?? '').toLowerCase()))
    problems.push(`<link rel="${attributes.rel ?? ''}">`);
  if (name === 'iframe' && !ALLOWED_FRAME.test(attributes.src ?? '')) {
    problems.push(`<iframe src="${attributes.src ?? ''}">`);
  }
  for (const [rawName, value] of Object.entries(attributes)) {
    const attribute = rawName.toLowerCase();
    if (attribute.startsWith('on')) problems.push(`<${name} ${attribute}>`);
    else if (attribute === 'srcdoc') problems.push(`<${name} srcdoc>`);
    else if (attribute === 'style' && /javascript:|expression\s*\(|url\s*\(/i.test(value)) {
      problems.push(`<${name} style="${value}">`);
    } else if (URL_ATTRIBUTES.has(attribute)) {
      const found = scheme(value);
      if (found && !['http', 'https', 'mailto'].includes(found)) problems.push(`<${name} ${attribute}="${value}">`);
    }
  }
  return problems;
}

/** Every problem of a page's elements (see dangerousElement). */
export function dangerousMarkup(elements: readonly RenderedElement[]): string[] {
  return elements.flatMap(dangerousElement);
}
