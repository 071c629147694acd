import { createElement, type ReactNode } from 'react';
import { sanitizeInline, type InlineNode } from '../lib/sanitize.js';

function render(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return <br key={index} />;
    if (node.tag === 'a') {
      return (
        <a key={index} href={node.href} rel="noopener nofollow ugc" target="_blank">
          {render(node.children)}
        </a>
      );
    }
    return createElement(node.tag, { key: index }, ...render(node.children));
  });
}

/** Renders the inline HTML of a block through the allow-list sanitizer: elements and escaped text only. */
export function InlineHtml({ html }: { html: unknown }) {
  return <>{render(sanitizeInline(html))}</>;
}
