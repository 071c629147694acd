import type { ProfileLink, PublicProfile as PublicProfilePb } from '@pencraft/contracts/identity/v1/profile';
import { HOME_MAX_PAGE, LINK_PROVIDERS, USERNAME_MAX, USERNAME_MIN } from '@pencraft/rules';
import { z } from 'zod';
import { ArticleCardJson } from '../articles/article.dto.js';

/*
 * Shared by the profile areas (profile-settings, account-settings and follows import them from here): the username
 * pattern, a profile's links, the page query and two helpers. The public profile's own schemas follow.
 */

export const USERNAME = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`);

export const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);

/** A change must change something: an empty (or missing) body is refused, as the document's minProperties says. */
export const changesSomething = (value: object) => Object.keys(value).length > 0;

export const LinkProvider = z.enum(LINK_PROVIDERS).meta({ id: 'LinkProvider' });

export const Link = z.object({ id: z.string(), provider: LinkProvider, url: z.string() }).meta({ id: 'ProfileLink' });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1),
});

export function toLink(link: ProfileLink): z.infer<typeof Link> {
  return { id: link.id, provider: link.provider as z.infer<typeof LinkProvider>, url: link.url };
}

export const UsernameParams = z.object({ username: z.string().min(1).max(USERNAME_MAX).regex(USERNAME) });
export const PublicProfile = z
  .object({
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    headline: z.string(),
    bio: z.string(),
    country: z.string().nullable(),
    imageUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    links: z.array(Link),
    followers: z.number().int(),
    following: z.number().int(),
    articles: z.number().int().meta({ description: 'Published articles' }),
    rating: z.number(),
    joinedAt: z.iso.datetime(),
    followedByMe: z.boolean().meta({ description: 'Whether the signed-in user follows them (false for a visitor)' }),
  })
  .meta({ id: 'PublicProfile' });
/** GET /api/profile/{username}/stats: the counts of a public profile (its own shape, so the two cannot drift). */
export const ProfileStats = PublicProfile.pick({
  followers: true,
  following: true,
  articles: true,
  rating: true,
  joinedAt: true,
}).meta({ id: 'ProfileStats' });

export const ProfileArticlePage = z
  .object({
    items: z.array(ArticleCardJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    total: z.number().int(),
  })
  .meta({ id: 'ProfileArticlePage' });

export function toPublicProfile(profile: PublicProfilePb, articles: number): z.infer<typeof PublicProfile> {
  return {
    uid: profile.uid,
    username: profile.username,
    fullname: profile.fullname,
    headline: profile.headline,
    bio: profile.bio,
    country: profile.country || null,
    imageUrl: profile.imageUrl || null,
    bannerUrl: profile.bannerUrl || null,
    links: profile.links.map(toLink),
    followers: profile.followers,
    following: profile.following,
    articles,
    rating: profile.rating,
    joinedAt: new Date(profile.joinedAtMs).toISOString(),
    followedByMe: profile.followedByViewer,
  };
}
