import { languages } from '@pencraft/contracts/enums';
import type {
  FollowUser as FollowUserPb,
  GetAccountSummaryResponse,
  Preferences as PreferencesPb,
  Profile,
  ProfileLink,
  PublicProfile as PublicProfilePb,
} from '@pencraft/contracts/identity/v1/profile';
import {
  BIO_MAX,
  BIRTHDATE_MIN,
  DEFAULT_NOTIFICATION_MAIL,
  FULLNAME_MAX,
  FULLNAME_MIN,
  GENDERS,
  HEADLINE_MAX,
  HOME_MAX_PAGE,
  LANGS,
  LINK_PROVIDERS,
  LINK_URL_MAX,
  MIN_AGE_YEARS,
  NOTIFICATION_KEYS,
  type NotificationKey,
  THEMES,
  USERNAME_CHANGE_DAYS,
  USERNAME_MAX,
  USERNAME_MIN,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { ArticleCardJson } from '../articles/article.dto.js';
import { text } from '../http/text.js';

const USERNAME = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`);
// eslint-disable-next-line no-control-regex -- control characters are refused
const ONE_LINE_NO_MARKUP = /^[^\u0000-\u001F\u007F<>]*$/;
// eslint-disable-next-line no-control-regex -- control characters but line breaks are refused
const MULTI_LINE = /^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]*$/;

const iso = (ms: number) => (ms ? new Date(ms).toISOString() : null);

export const Gender = z.enum(GENDERS).meta({ id: 'Gender' });
export const Theme = z.enum(THEMES).meta({ id: 'Theme' });
export const Language = z.enum(LANGS).meta({ id: 'Language' });
export const LinkProvider = z.enum(LINK_PROVIDERS).meta({ id: 'LinkProvider' });

export const Link = z.object({ id: z.string(), provider: LinkProvider, url: z.string() }).meta({ id: 'ProfileLink' });

/** GET /api/me/settings/profile: the signed-in user's own profile. */
export const ProfileSettings = z
  .object({
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    headline: z.string(),
    bio: z.string(),
    birthdate: z.iso.date().nullable(),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2' }),
    gender: Gender,
    imageUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    links: z.array(Link),
    usernameChangeableAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: `When the username may change again (null: now; once every ${USERNAME_CHANGE_DAYS} days)` }),
  })
  .meta({ id: 'ProfileSettings' });

const fullname = text({ min: FULLNAME_MIN, max: FULLNAME_MAX, pattern: ONE_LINE_NO_MARKUP });
const headline = text({ max: HEADLINE_MAX, pattern: ONE_LINE_NO_MARKUP }).meta({
  description: 'Empty clears it.',
});
const bio = text({ max: BIO_MAX, pattern: MULTI_LINE }).meta({
  description: 'Line breaks allowed (at most 12 lines); empty clears it.',
});
const birthdate = z
  .string()
  .regex(/^(?:\d{4}-\d{2}-\d{2})?$/)
  .meta({
    description:
      `YYYY-MM-DD: a real date from ${BIRTHDATE_MIN}, not in the future, at least ${MIN_AGE_YEARS} years ago ` +
      '(InvalidBirthdate); empty clears it.',
  });
const country = z
  .string()
  .regex(/^(?:[A-Z]{2})?$/)
  .meta({ description: 'An ISO 3166-1 alpha-2 code of GET /api/ttin/country (InvalidCountry); empty clears it.' });

/** Every refused profile field answers its own catalogue code. */
export const PROFILE_FIELD_CODES = {
  fullname: 'InvalidFullname',
  headline: 'InvalidHeadline',
  bio: 'InvalidBio',
  birthdate: 'InvalidBirthdate',
  country: 'InvalidCountry',
  gender: 'InvalidGender',
} as const;

/** A change must change something: an empty (or missing) body is refused, as the document's minProperties says. */
const changesSomething = (value: object) => Object.keys(value).length > 0;

export const ProfilePatchBody = z
  .object({
    fullname: fullname.optional(),
    headline: headline.optional(),
    bio: bio.optional(),
    birthdate: birthdate.optional(),
    country: country.optional(),
    gender: Gender.optional(),
  })
  .strict()
  .refine(changesSomething, 'name at least one field')
  .meta({ id: 'ProfilePatchBody', minProperties: 1 });

export const FullnameBody = z.object({ fullname }).strict().meta({ id: 'FullnameBody' });
export const HeadlineBody = z.object({ headline }).strict().meta({ id: 'HeadlineBody' });
export const BioBody = z.object({ bio }).strict().meta({ id: 'BioBody' });
export const BirthdateBody = z.object({ birthdate }).strict().meta({ id: 'BirthdateBody' });
export const CountryBody = z.object({ country }).strict().meta({ id: 'CountryBody' });
export const GenderBody = z.object({ gender: Gender }).strict().meta({ id: 'GenderBody' });

export const LinkBody = z
  .object({
    provider: LinkProvider,
    url: text({ min: 1, max: LINK_URL_MAX }).meta({
      description: "An https URL on the provider's site (any site for website); one link per provider.",
    }),
  })
  .strict()
  .meta({ id: 'LinkBody' });
export const LinkParams = z.object({ id: z.string().regex(UUID_PATTERN) });

export const UsernameBody = z
  .object({ username: z.string().min(USERNAME_MIN).max(USERNAME_MAX).regex(USERNAME) })
  .strict()
  .meta({ id: 'UsernameBody' });
export const UsernameChange = z
  .object({ username: z.string(), usernameChangeableAt: z.iso.datetime().nullable() })
  .meta({ id: 'UsernameChange' });

export const PhoneBody = z
  .object({
    phone: z
      .string()
      .max(32)
      .regex(/^\+[0-9 ()-]{7,31}$/)
      .meta({ description: 'E.164, e.g. +994501234567 (spaces, brackets and dashes are ignored)' }),
  })
  .strict()
  .meta({ id: 'PhoneBody' });
export const PhoneCodeBody = z
  .object({ code: z.string().regex(/^\d{6}$/) })
  .strict()
  .meta({ id: 'PhoneCodeBody' });
export const PhoneState = z
  .object({
    phone: z.string().meta({ description: 'Masked: the country prefix and the last two digits' }),
    verified: z.boolean(),
  })
  .meta({ id: 'PhoneState' });

export const PictureUrl = z.object({ url: z.string() }).meta({ id: 'PictureUrl' });

export const NotificationSettings = z
  .object(
    Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean()])) as Record<NotificationKey, z.ZodBoolean>,
  )
  .meta({ id: 'NotificationSettings' });
export const NotificationSettingsBody = z
  .object(
    Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
      NotificationKey,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .refine(changesSomething, 'name at least one switch')
  .meta({ id: 'NotificationSettingsBody', minProperties: 1 });

export const Preferences = z
  .object({
    theme: Theme,
    language: Language,
    notifications: NotificationSettings,
    /** Which of them also go by e-mail. */
    notificationMail: NotificationSettings,
  })
  .meta({ id: 'Preferences' });
export const ThemeBody = z.object({ theme: Theme }).strict().meta({ id: 'ThemeBody' });
export const LanguageBody = z.object({ language: Language }).strict().meta({ id: 'LanguageBody' });

export const LanguageList = z
  .object({ items: z.array(z.object({ code: Language, name: z.string() })) })
  .meta({ id: 'LanguageList' });
export const CountryList = z
  .object({ items: z.array(z.object({ code: z.string(), name: z.string() })) })
  .meta({ id: 'CountryList' });

export const SettingsIndex = z
  .object({
    theme: Theme,
    language: Language,
    languageName: z.string(),
    notificationsOn: z.number().int(),
    notificationsTotal: z.number().int(),
  })
  .meta({ id: 'SettingsIndex' });

export const AccountSummary = z
  .object({
    email: z.string(),
    emailConfirmed: z.boolean(),
    username: z.string(),
    usernameChangeableAt: z.iso.datetime().nullable(),
    phone: z.string().nullable().meta({ description: 'Masked; null when none' }),
    phoneVerified: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountSummary' });

export const UserIdParams = z.object({ id: z.string().regex(UUID_PATTERN) });
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(HOME_MAX_PAGE).optional().default(1),
});
export const FollowState = z
  .object({ following: z.boolean(), followers: z.number().int() })
  .meta({ id: 'FollowState' });
export const FollowUser = z
  .object({
    uid: z.string(),
    username: z.string(),
    fullname: z.string(),
    headline: z.string(),
    imageUrl: z.string().nullable(),
    since: z.iso.datetime(),
  })
  .meta({ id: 'FollowUser' });
export const FollowPage = z
  .object({
    items: z.array(FollowUser),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    total: z.number().int(),
  })
  .meta({ id: 'FollowPage' });

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

/** The fields PUT /api/profile/edit/{v} may name (those with a PUT /api/me/settings/profile/{v} route). */
export const ProfileFieldParams = z.object({
  v: z.enum(Object.keys(PROFILE_FIELD_CODES) as (keyof typeof PROFILE_FIELD_CODES)[]),
});

export const ProfileArticlePage = z
  .object({
    items: z.array(ArticleCardJson),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    total: z.number().int(),
  })
  .meta({ id: 'ProfileArticlePage' });

export function toLink(link: ProfileLink): z.infer<typeof Link> {
  return { id: link.id, provider: link.provider as z.infer<typeof LinkProvider>, url: link.url };
}

export function toProfileSettings(profile: Profile): z.infer<typeof ProfileSettings> {
  return {
    uid: profile.uid,
    username: profile.username,
    fullname: profile.fullname,
    headline: profile.headline,
    bio: profile.bio,
    birthdate: profile.birthdate || null,
    country: profile.country || null,
    gender: profile.gender as z.infer<typeof Gender>,
    imageUrl: profile.imageUrl || null,
    bannerUrl: profile.bannerUrl || null,
    links: profile.links.map(toLink),
    usernameChangeableAt: iso(profile.usernameChangeableAtMs),
  };
}

export function toPreferences(preferences: PreferencesPb): z.infer<typeof Preferences> {
  const saved = preferences.notifications as Partial<Record<NotificationKey, boolean>> | undefined;
  const mail = preferences.notificationMail as Partial<Record<NotificationKey, boolean>> | undefined;
  return {
    theme: preferences.theme as z.infer<typeof Theme>,
    language: languages.require(preferences.lang, 'lang'),
    notifications: Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, saved?.[key] ?? true])) as Record<
      NotificationKey,
      boolean
    >,
    notificationMail: Object.fromEntries(
      NOTIFICATION_KEYS.map((key) => [key, mail?.[key] ?? DEFAULT_NOTIFICATION_MAIL[key]]),
    ) as Record<NotificationKey, boolean>,
  };
}

export function toAccountSummary(summary: GetAccountSummaryResponse): z.infer<typeof AccountSummary> {
  return {
    email: summary.email,
    emailConfirmed: summary.emailConfirmed,
    username: summary.username,
    usernameChangeableAt: iso(summary.usernameChangeableAtMs),
    phone: summary.phoneMasked || null,
    phoneVerified: summary.phoneVerified,
    createdAt: new Date(summary.createdAtMs).toISOString(),
  };
}

export function toFollowUser(user: FollowUserPb): z.infer<typeof FollowUser> {
  return {
    uid: user.uid,
    username: user.username,
    fullname: user.fullname,
    headline: user.headline,
    imageUrl: user.imageUrl || null,
    since: new Date(user.sinceMs).toISOString(),
  };
}

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
