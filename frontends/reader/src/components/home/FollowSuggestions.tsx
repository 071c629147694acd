import { api, ApiError, Button, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useHomeTranslation } from './i18n.js';

type Suggestions = Schemas['FollowSuggestions'];
type Kind = 'user' | 'category' | 'publication';

/** A follow button for one suggestion: follows (a user, a category) or subscribes free (a publication). */
function FollowButton({ kind, id, name }: { kind: Kind; id: string; name: string }) {
  const { t } = useHomeTranslation();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function follow() {
    setBusy(true);
    setError(undefined);
    try {
      const params = { params: { path: { id } } };
      if (kind === 'user') await api.post('/api/users/{id}/follow', params);
      else if (kind === 'category')
        await api.post('/api/categories/{id}/follow', { params: { path: { id: id as Schemas['CategoryId'] } } });
      else await api.post('/api/core-publications/{id}/sub', params);
      setDone(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('suggestions.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant={done ? 'secondary' : 'primary'}
        busy={busy}
        disabled={done}
        aria-label={done ? `${t('suggestions.following')}: ${name}` : t('suggestions.followName', { name })}
        onClick={() => void follow()}
      >
        {done ? t('suggestions.following') : t('suggestions.follow')}
      </Button>
      {error && (
        <p className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Whom and what to follow: people, categories and publications the reader does not follow yet. */
export function FollowSuggestions() {
  const { t } = useHomeTranslation();
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/follow/suggestions', { signal: controller.signal }).then(setSuggestions, () => undefined);
    return () => controller.abort();
  }, []);

  if (!suggestions) return null;
  const groups = [
    {
      kind: 'user' as const,
      title: t('suggestions.people'),
      items: suggestions.users.map((user) => ({
        id: user.uid,
        name: user.fullname || user.username,
        to: `/@${encodeURIComponent(user.username)}`,
        articles: user.articles,
      })),
    },
    {
      kind: 'category' as const,
      title: t('suggestions.categories'),
      items: suggestions.categories.map((c) => ({ id: c.id, name: c.name, to: `/c/${c.id}`, articles: c.articles })),
    },
    {
      kind: 'publication' as const,
      title: t('suggestions.publications'),
      items: suggestions.publications.map((p) => ({ id: p.id, name: p.name, to: null, articles: p.articles })),
    },
  ].filter((group) => group.items.length > 0);

  return (
    <section className="pc-home__suggest" aria-labelledby="pc-suggest-title" data-testid="follow-suggestions">
      <h2 id="pc-suggest-title" className="pc-section-title">
        {t('suggestions.title')}
      </h2>
      {groups.length === 0 && <p className="pc-home__hint">{t('suggestions.empty')}</p>}
      {groups.map((group) => (
        <div key={group.kind}>
          <h3 className="pc-home__group">{group.title}</h3>
          <ul className="pc-home__people">
            {group.items.map((item) => (
              <li key={item.id}>
                <span>
                  {item.to ? <Link to={item.to}>{item.name}</Link> : item.name}
                  <span className="pc-home__hint"> · {t('suggestions.articles', { count: item.articles })}</span>
                </span>
                <FollowButton kind={group.kind} id={item.id} name={item.name} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
