import { describe, expect, it, jest } from '@jest/globals';
import { lazy, Suspense, useId } from 'react';
import { renderToHtml, streamToHtml } from './render.js';

function Page({ title }: { title: string }) {
  const id = useId();
  return (
    <article aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <Suspense fallback={<p>…</p>}>
        <p>
          Text with <b>markup</b> and {'<!--$!-->'} written by a user
        </p>
      </Suspense>
    </article>
  );
}

describe('renderToHtml', () => {
  it('gives the markup the stream render gives, at once', async () => {
    const page = <Page title={'A <title> & "quotes"'} />;
    const html = await renderToHtml(page);
    expect(html).toBe(await streamToHtml(page));
    expect(html).toContain('&lt;!--$!--&gt;');
  });

  it('waits, as the stream render does, for a part that suspends', async () => {
    const Late = lazy(async () => ({ default: () => <p>loaded</p> }));
    const page = (
      <Suspense fallback={<p>waiting</p>}>
        <Late />
      </Suspense>
    );
    const html = await renderToHtml(page);
    expect(html).toContain('loaded');
    expect(html).not.toContain('waiting');
    expect(html).toBe(await streamToHtml(page));
  });

  it('logs a part that fails inside a boundary and leaves it to the browser; a failure outside rejects', async () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const Boom = () => {
        throw new Error('boom');
      };
      const html = await renderToHtml(
        <div>
          <Suspense fallback={<i>later</i>}>
            <Boom />
          </Suspense>
        </div>,
      );
      expect(html).toContain('<i>later</i>');
      expect(String(write.mock.calls.at(-1)?.[0])).toContain('boom');
      await expect(renderToHtml(<Boom />)).rejects.toThrow('boom');
    } finally {
      write.mockRestore();
    }
  });
});
