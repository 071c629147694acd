import { useEffect } from 'react';

function descriptionElement(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/** Sets the document title and meta description while the calling page is shown. */
export function useDocumentMeta(title: string | undefined, description?: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const meta = descriptionElement();
    const previous = { title: document.title, description: meta.content };
    document.title = title;
    if (description !== undefined) meta.content = description;
    return () => {
      document.title = previous.title;
      meta.content = previous.description;
    };
  }, [title, description]);
}
