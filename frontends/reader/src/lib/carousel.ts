// The image viewer's carousel arithmetic (SPEC.md section 4: it wraps around at both ends).

/** The index `step` places from `index` in a ring of `count` items (0 when there are none). */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
