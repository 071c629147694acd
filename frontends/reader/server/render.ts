// React's server rendering of a page into a string. Pages render from their initial data, so nothing suspends on
// the server: renderToString gives the markup in one synchronous pass (the stream render's TextEncoder chunks, Node
// stream and microtasks were about a tenth of the renderer's CPU per page). A tree that does suspend, or fails inside a
// Suspense boundary, leaves a client-rendered boundary (`<!--$!-->`) in that string: such a page is rendered again by
// the stream render, which waits for everything (at most timeoutMs) and logs the failure, as before.
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Writable } from 'node:stream';

/** React's mark of a Suspense boundary left to the browser (text and attributes never hold it: "<" is escaped). */
const CLIENT_RENDERED = '<!--$!-->';

export async function renderToHtml(element: ReactNode, timeoutMs = 5000): Promise<string> {
  const html = renderToString(element);
  return html.includes(CLIENT_RENDERED) ? streamToHtml(element, timeoutMs) : html;
}

/** The stream render, once everything is ready (a shell error rejects; the rest is logged). */
export function streamToHtml(element: ReactNode, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        process.stderr.write(
          `${JSON.stringify({ level: 'error', msg: 'render error', error: String(error).slice(0, 300) })}\n`,
        );
      },
    });
    setTimeout(() => stream.abort(), timeoutMs).unref();
  });
}
