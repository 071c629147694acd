import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '@pencraft/kit/schema';
import { GENDERS, LANGS, THEMES, type Gender, type Lang, type Theme } from '@pencraft/rules';
import { identitySchema } from '../identity.schema.js';

export const users = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    theme: text('theme').$type<Theme>().notNull().default('system'),
    lang: text('lang').$type<Lang>().notNull().default('az'),
    rating: doublePrecision('rating').notNull().default(0),
    imageUrl: text('image_url'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    // The profile (PROFILE): see services/identity/src/profile.
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    birthdate: date('birthdate', { mode: 'string' }),
    country: text('country'),
    gender: text('gender').$type<Gender>().notNull().default('notSpecified'),
    /** Object store keys of the pictures, so a replaced one is removed; the URLs are what readers get. */
    imageKey: text('image_key'),
    bannerKey: text('banner_key'),
    bannerUrl: text('banner_url'),
    usernameChangedAt: timestamp('username_changed_at', { withTimezone: true }),
    /** E.164, set only once verified by an SMS code. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    notifications: jsonb('notifications').$type<Record<string, boolean>>().notNull().default({}),
    /** Which notifications also go by e-mail; a key never saved has its default (DEFAULT_NOTIFICATION_MAIL). */
    notificationMail: jsonb('notification_mail').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    // The all-time leaderboard (standing): highest rating first.
    index('users_rating_idx').on(t.rating.desc(), t.id),
    check('users_theme_known', oneOf('theme', THEMES)),
    check('users_lang_known', oneOf('lang', LANGS)),
    check('users_gender_known', oneOf('gender', GENDERS)),
  ],
);

export type UserRow = typeof users.$inferSelect;
