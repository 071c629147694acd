import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// @ts-expect-error: a plain ES module of the build package, without types
import { renderMarkup } from './trans.mjs';

const html = (text: string, components?: unknown) =>
  renderToStaticMarkup(createElement(Fragment, null, ...(renderMarkup(text, components) as never[])));

describe('renderMarkup (the shared <Trans>)', () => {
  it('puts a named component around its text, wherever it is', () => {
    const doc = createElement('a', { href: '/docs/agreement' });
    expect(html('I accept the <doc>user agreement</doc>', { doc })).toBe(
      'I accept the <a href="/docs/agreement">user agreement</a>',
    );
    expect(html('<doc>İstifadəçi razılaşmasını</doc> qəbul edirəm', { doc })).toBe(
      '<a href="/docs/agreement">İstifadəçi razılaşmasını</a> qəbul edirəm',
    );
  });

  it('takes an array by index, nests, and renders self-closing tags', () => {
    const components = [createElement('strong'), createElement('em')];
    expect(html('a <0>b <1>c</1></0> d', components)).toBe('a <strong>b <em>c</em></strong> d');
    expect(html('one<br/>two')).toBe('one<br/>two');
    expect(html('x <0/> y', [createElement('hr')])).toBe('x <hr/> y');
  });

  it('keeps the text of a tag without a component, and an unclosed tag as text', () => {
    expect(html('a <unknown>b</unknown> c')).toBe('a b c');
    expect(html('a <doc>b', { doc: createElement('a') })).toBe('a &lt;doc&gt;b');
    expect(html('<script>alert(1)</script>')).toBe('alert(1)');
  });

  it('nests the same tag name', () => {
    expect(html('<b>1 <b>2</b> 3</b>')).toBe('<b>1 <b>2</b> 3</b>');
  });
});
