import { linkLabel, profileTab, profileTabs } from './profile.js';

describe('public profile', () => {
  it('opens the articles tab unless another existing tab is asked for', () => {
    expect(profileTab(null)).toBe('articles');
    expect(profileTab('followers')).toBe('followers');
    expect(profileTab('badges')).toBe('badges');
    expect(profileTab('trophies')).toBe('articles');
    expect(profileTab('collections')).toBe('collections');
    expect(profileTab('comments')).toBe('comments');
    expect(profileTab('supporters')).toBe('supporters');
  });

  it('shows the bookmarks tab to the owner only', () => {
    expect(profileTab('bookmarks')).toBe('articles');
    expect(profileTab('bookmarks', true)).toBe('bookmarks');
    expect(profileTabs(false)).not.toContain('bookmarks');
    expect(profileTabs(true)).toContain('bookmarks');
  });

  it('names links by provider, a personal site by its host', () => {
    expect(linkLabel('github', 'https://github.com/aysel')).toBe('GitHub');
    expect(linkLabel('website', 'https://www.aysel.az/blog')).toBe('aysel.az');
    expect(linkLabel('website', 'not a url')).toBe('not a url');
  });
});
