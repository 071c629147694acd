// The public profile page's small rules: which tab, what a link is called.

/** The profile's tabs (badges: the standing namespace names it). */
export const PROFILE_TABS = [
  'articles',
  'comments',
  'followers',
  'following',
  'bookmarks',
  'collections',
  'supporters',
  'badges',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** Bookmarks are private: only the owner of the profile has that tab. */
const OWN_TABS: readonly ProfileTab[] = ['bookmarks'];

/** The tabs a viewer sees on a profile (their own, or someone else's). */
export function profileTabs(own: boolean): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => own || !OWN_TABS.includes(tab));
}

export function profileTab(value: string | null, own = false): ProfileTab {
  return (profileTabs(own) as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'articles';
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
