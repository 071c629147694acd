import { api } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { useReaderTranslation } from '../i18n.js';

interface PublicationName {
  name: string;
  domain: string;
}

/** One request per publication for the page's life (a list names the same one on many cards); a failure retries. */
const names = new Map<string, Promise<PublicationName | null>>();

function publicationName(id: string): Promise<PublicationName | null> {
  let found = names.get(id);
  if (!found) {
    found = api.get('/api/core-publications/{id}', { params: { path: { id } } }).then(
      ({ publication }) => ({ name: publication.name, domain: publication.domain }),
      () => {
        names.delete(id);
        return null;
      },
    );
    names.set(id, found);
  }
  return found;
}

/**
 * "Publication: <name>", the name linking to the publication's home on its subdomain, for an article that belongs to
 * one (GET /api/core-publications/{id}, once the page runs in the browser); nothing for the personal blog or while
 * the name is unknown.
 */
export function PublicationLink({ publicationId }: { publicationId: string | null | undefined }) {
  const { t } = useReaderTranslation();
  // The name found, with the id it belongs to: a name found for another id is not shown (no reset in the effect).
  const [named, setNamed] = useState<{ id: string; publication: PublicationName | null } | null>(null);
  useEffect(() => {
    if (!publicationId) return;
    let live = true;
    void publicationName(publicationId).then((found) => {
      if (live) setNamed({ id: publicationId, publication: found });
    });
    return () => {
      live = false;
    };
  }, [publicationId]);
  const publication = named && named.id === publicationId ? named.publication : null;
  if (!publicationId || !publication) return null;
  return (
    <span className="pc-meta__publication">
      {t('article.publication')} <a href={`//${publication.domain}/`}>{publication.name}</a>
    </span>
  );
}
