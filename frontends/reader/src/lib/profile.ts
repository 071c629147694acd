// The public profile page's small rules: which tab, what a link is called.

/** The tabs that exist now; comments, bookmarks, collections, badges and supporters come with their issues. */
export const PROFILE_TABS = ['articles', 'followers', 'following'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function profileTab(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'articles';
}

const PROVIDERS: Record<string, string> = {
  github: 'GitHub',
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  telegram: 'Telegram',
};

/** A link's visible name: the provider's, or the site's host for a personal site. */
export function linkLabel(provider: string, url: string): string {
  const named = PROVIDERS[provider];
  if (named) return named;
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
