import { codePointLength, collapseWhitespace, hasControlCharacters } from './text.js';

/** SPEC.md section 3 (the user's profile) and section 9 (a username changes once every 14 days). */
export const HEADLINE_MAX = 100;
export const BIO_MAX = 500;
export const BIO_MAX_LINES = 12;
export const LINK_URL_MAX = 300;
/** Age limit of the terms: a birthdate younger than this is refused. */
export const MIN_AGE_YEARS = 13;
/** The earliest birthdate accepted: older dates are typing mistakes. */
export const BIRTHDATE_MIN = '1900-01-01';
export const USERNAME_CHANGE_DAYS = 14;
/** A profile's pictures. */
export const PICTURE_KINDS = ['avatar', 'banner'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];
/** Profile picture and banner uploads: JPEG or PNG of at most 3 MB, stored as JPEG of these sizes. */
export const PICTURE_MAX_BYTES = 3 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
export const AVATAR_SIZE = { width: 200, height: 200 } as const;
export const BANNER_SIZE = { width: 1200, height: 240 } as const;

export const GENDERS = ['notSpecified', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** SPEC.md section 3's notification settings keys; each is on or off, on by default. */
export const NOTIFICATION_KEYS = ['ar', 'ac', 'ara', 'at', 'atra', 'cr', 'cc', 'cra'] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
export type NotificationSettings = Record<NotificationKey, boolean>;
export const DEFAULT_NOTIFICATIONS: Readonly<NotificationSettings> = Object.freeze(
  Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, true])) as NotificationSettings,
);

/**
 * The services a profile may link to and the hosts each link must be on (the host itself or a subdomain of it).
 * `website` is the personal site: any https host with a dot in its name.
 */
export const LINK_PROVIDER_HOSTS = {
  github: ['github.com'],
  linkedin: ['linkedin.com'],
  x: ['x.com', 'twitter.com'],
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  youtube: ['youtube.com', 'youtu.be'],
  telegram: ['t.me', 'telegram.me'],
  website: [],
} as const satisfies Record<string, readonly string[]>;
export type LinkProvider = keyof typeof LINK_PROVIDER_HOSTS;
export const LINK_PROVIDERS = Object.keys(LINK_PROVIDER_HOSTS) as LinkProvider[];
/** One link per provider, so at most one of each. */
export const LINKS_MAX = LINK_PROVIDERS.length;

/** ISO 3166-1 alpha-2 shape; whether the code is assigned is the server's to check against its country list. */
export const COUNTRY_CODE = /^[A-Z]{2}$/;
/** E.164 shape; the server checks the number itself (libphonenumber-js). */
export const PHONE_E164 = /^\+[1-9][0-9]{6,14}$/;

export type HeadlineProblem = 'headlineLength' | 'headlineChars';
export type BioProblem = 'bioLength' | 'bioLines' | 'bioChars';
export type BirthdateProblem = 'birthdate' | 'birthdateFuture' | 'birthdateTooYoung' | 'birthdateTooOld';
export type LinkProblem = 'linkProvider' | 'linkUrl' | 'linkHost';

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function isLinkProvider(value: unknown): value is LinkProvider {
  return typeof value === 'string' && Object.hasOwn(LINK_PROVIDER_HOSTS, value);
}

export function normalizeHeadline(headline: string): string {
  return collapseWhitespace(headline);
}

/** Trims the bio and its lines' ends; inner line breaks are kept (at most one empty line in a row). */
export function normalizeBio(bio: string): string {
  return bio
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Of a normalized headline (empty clears it): at most 100 characters, no markup or control characters. */
export function headlineProblem(headline: string): HeadlineProblem | undefined {
  if (codePointLength(headline) > HEADLINE_MAX) return 'headlineLength';
  return /[<>]/.test(headline) || hasControlCharacters(headline) ? 'headlineChars' : undefined;
}

/** Of a normalized bio (empty clears it): at most 500 characters on 12 lines, no control characters but breaks. */
export function bioProblem(bio: string): BioProblem | undefined {
  if (codePointLength(bio) > BIO_MAX) return 'bioLength';
  if (bio.split('\n').length > BIO_MAX_LINES) return 'bioLines';
  return hasControlCharacters(bio.replace(/\n/g, ' ')) ? 'bioChars' : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date YYYY-MM-DD that exists (2001-02-29 does not), as UTC parts; undefined otherwise. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Whole years between a birthdate and today (both calendar dates, UTC). */
export function ageOn(birthdate: { year: number; month: number; day: number }, today: Date): number {
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const hadBirthday = m > birthdate.month || (m === birthdate.month && d >= birthdate.day);
  return y - birthdate.year - (hadBirthday ? 0 : 1);
}

/** A real date, not in the future, not before 1900, and the person at least 13 years old today. */
export function birthdateProblem(value: string, today: Date): BirthdateProblem | undefined {
  const date = parseIsoDate(value);
  if (!date) return 'birthdate';
  if (value < BIRTHDATE_MIN) return 'birthdateTooOld';
  if (value > today.toISOString().slice(0, 10)) return 'birthdateFuture';
  return ageOn(date, today) < MIN_AGE_YEARS ? 'birthdateTooYoung' : undefined;
}

/**
 * The WHATWG URL parser, which browsers and Node both have; declared here because this package compiles without
 * DOM or Node types.
 */
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  port: string;
  hostname: string;
  href: string;
};

/** Whether a host is one of the provider's hosts or a subdomain of one (www.github.com, az.linkedin.com). */
function hostMatches(host: string, hosts: readonly string[]): boolean {
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * A profile link: a known provider and an https URL (no credentials, no port) on that provider's hosts; a website
 * on any named host. The URL is returned as the URL parser normalizes it.
 */
export function checkLink(provider: string, url: string): { url: string; problem?: LinkProblem } {
  if (!isLinkProvider(provider)) return { url, problem: 'linkProvider' };
  const trimmed = url.trim();
  if (!trimmed || trimmed.length > LINK_URL_MAX || hasControlCharacters(trimmed)) {
    return { url: trimmed, problem: 'linkUrl' };
  }
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(trimmed);
  } catch {
    return { url: trimmed, problem: 'linkUrl' };
  }
  const host = parsed.hostname.toLowerCase();
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port || !host.includes('.')) {
    return { url: trimmed, problem: 'linkUrl' };
  }
  if (/^[0-9.]+$/.test(host) || host.startsWith('[')) return { url: trimmed, problem: 'linkUrl' };
  const hosts: readonly string[] = LINK_PROVIDER_HOSTS[provider];
  if (hosts.length > 0 && !hostMatches(host, hosts)) return { url: parsed.href, problem: 'linkHost' };
  return { url: parsed.href };
}

/** When a username changed at `changedAt` may change again (undefined: it never changed, so now). */
export function nextUsernameChange(changedAt: Date | undefined): Date | undefined {
  if (!changedAt) return undefined;
  return new Date(changedAt.getTime() + USERNAME_CHANGE_DAYS * 24 * 60 * 60 * 1000);
}
