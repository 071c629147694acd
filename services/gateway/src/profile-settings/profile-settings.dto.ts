import type { Profile } from '@pencraft/contracts/identity/v1/profile';
import {
  BIO_MAX,
  BIRTHDATE_MIN,
  FULLNAME_MAX,
  FULLNAME_MIN,
  GENDERS,
  HEADLINE_MAX,
  LINK_URL_MAX,
  MIN_AGE_YEARS,
  USERNAME_CHANGE_DAYS,
  USERNAME_MAX,
  USERNAME_MIN,
  UUID_PATTERN,
} from '@pencraft/rules';
import { z } from 'zod';
import { JS_SPACE } from '../docs/patterns.js';
import { text, TEXT_CHAR } from '../http/text.js';
import { changesSomething, iso, Link, LinkProvider, toLink, USERNAME } from '../profiles/profiles.dto.js';

// eslint-disable-next-line no-control-regex -- control characters are refused
const ONE_LINE_NO_MARKUP = /^[^\u0000-\u001F\u007F<>]*$/;
// eslint-disable-next-line no-control-regex -- control characters but line breaks are refused
const MULTI_LINE = /^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]*$/;

export const Gender = z.enum(GENDERS).meta({ id: 'Gender' });

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
      // checkLink (packages/rules) trims it and parses it as a URL: an https one, which a pattern can say; the host
      // of the provider's, which one pattern for every provider cannot.
      pattern: `^[${JS_SPACE}]*[hH][tT][tT][pP][sS]:${TEXT_CHAR}*$`,
      description:
        "An https URL on the provider's site (any site for website: a named host with a dot); one link per provider.",
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

export const PictureUrl = z.object({ url: z.string() }).meta({ id: 'PictureUrl' });

/** The fields PUT /api/profile/edit/{v} may name (those with a PUT /api/me/settings/profile/{v} route). */
export const ProfileFieldParams = z.object({
  v: z.enum(Object.keys(PROFILE_FIELD_CODES) as (keyof typeof PROFILE_FIELD_CODES)[]),
});

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
