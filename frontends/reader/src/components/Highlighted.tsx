import { Fragment } from 'react';

export interface TextRange {
  start: number;
  end: number;
}

/**
 * The parts of a text, marked or not, from the ranges search found (UTF-16 offsets): out-of-range, empty, unordered
 * or overlapping ranges are clipped and merged, so any answer renders as the text it was.
 */
export function highlightParts(text: string, ranges: readonly TextRange[]): { text: string; marked: boolean }[] {
  const sorted = ranges
    .map(({ start, end }) => ({ start: Math.max(0, Math.min(start, text.length)), end: Math.min(end, text.length) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const range of sorted) {
    const start = Math.max(range.start, at);
    if (range.end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, range.end), marked: true });
    at = range.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** A text with its matched words in <mark>: text nodes only, never markup from the server. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  return (
    <>
      {highlightParts(text, ranges).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}
