import type { NavIcon } from '@pencraft/ui';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useNavEntries } from '../remotes/context.js';
import { PenIcon, SearchIcon } from './icons.js';

const NAV_ICONS: Record<NavIcon, ComponentType> = { pen: PenIcon, search: SearchIcon };

/** The labels live in each remote's namespace: they suspend until it is loaded, the frame does not. */
export function useEntryLabels(labels: readonly string[]) {
  const namespaces = [...new Set(labels.map((label) => label.split(':')[0]!))];
  return useTranslation(namespaces.length ? namespaces : 'shell');
}

function NavLinks() {
  const entries = useNavEntries('header');
  const { t } = useEntryLabels(entries.map((entry) => entry.label));
  return entries.map((entry) => {
    const Icon = entry.icon ? NAV_ICONS[entry.icon] : undefined;
    return (
      <NavLink
        key={`${entry.remote}:${entry.id}`}
        to={entry.path}
        end={entry.path === '/'}
        className="pc-nav__link"
        data-nav={`${entry.remote}:${entry.id}`}
      >
        {Icon && <Icon />}
        <span>{t(entry.label)}</span>
      </NavLink>
    );
  });
}

/** The header links every remote declares (placement `header`), in their order. */
export function Navigation() {
  const { t } = useTranslation('shell');
  return (
    <nav className="pc-nav" aria-label={t('nav.label')}>
      <Suspense fallback={null}>
        <NavLinks />
      </Suspense>
    </nav>
  );
}
