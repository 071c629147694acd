import type { ReactNode } from 'react';

/** A titled section of the editor page (cover, preview link, co-authors). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="pc-write__panel" aria-labelledby={id}>
      <h2 id={id} className="pc-write__panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
