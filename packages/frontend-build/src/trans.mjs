// The markup of a <Trans> translation made React elements (see ../react-i18next.mjs).
import { cloneElement, createElement, Fragment, isValidElement } from 'react';

const TAG = /<([A-Za-z0-9_.-]+)\s*(\/?)>/;
const BASIC = new Set(['br', 'strong', 'i', 'b', 'em', 'p']);

/** Where the `</name>` closing the tag just opened is in `text` (same-named tags may nest), else -1. */
function closing(text, name) {
  const open = `<${name}>`;
  const close = `</${name}>`;
  let depth = 0;
  for (let at = 0; at < text.length;) {
    const nextClose = text.indexOf(close, at);
    if (nextClose < 0) return -1;
    const nextOpen = text.indexOf(open, at);
    if (nextOpen >= 0 && nextOpen < nextClose) {
      depth += 1;
      at = nextOpen + open.length;
    } else if (depth > 0) {
      depth -= 1;
      at = nextClose + close.length;
    } else return nextClose;
  }
  return -1;
}

/**
 * A translation's text with its tags made elements: `<name>…</name>` becomes `components[name]` with those children,
 * `<name/>` the component itself; br, strong, i, b, em and p without a component stay those elements; any other tag
 * keeps its text; an unclosed tag stays text.
 */
export function renderMarkup(text, components, key = '') {
  const nodes = [];
  let rest = text;
  let n = 0;
  while (rest) {
    const match = TAG.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const [tag, name, selfClosing] = match;
    const component = components?.[name];
    const after = rest.slice(match.index + tag.length);
    const id = `${key}${n++}`;
    if (selfClosing) {
      if (isValidElement(component)) nodes.push(cloneElement(component, { key: id }));
      else if (BASIC.has(name)) nodes.push(createElement(name, { key: id }));
      rest = after;
      continue;
    }
    const end = closing(after, name);
    if (end < 0) {
      nodes.push(rest.slice(match.index));
      break;
    }
    const children = renderMarkup(after.slice(0, end), components, `${id}.`);
    if (isValidElement(component)) nodes.push(cloneElement(component, { key: id }, ...children));
    else if (BASIC.has(name)) nodes.push(createElement(name, { key: id }, ...children));
    else nodes.push(createElement(Fragment, { key: id }, ...children));
    rest = after.slice(end + name.length + 3);
  }
  return nodes;
}
