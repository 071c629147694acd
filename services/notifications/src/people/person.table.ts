import { oneOf } from '@pencraft/kit/schema';
import { LANGS } from '@pencraft/rules';
import { check, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationsSchema } from '../notifications.schema.js';

/**
 * What notifications need of each user, fed by identity's events: the names shown as an actor, the language of
 * mails, and the switches (in the app and by e-mail; an empty object means every default).
 */
export const people = notificationsSchema.table(
  'people',
  {
    uid: uuid('uid').primaryKey(),
    username: text('username').notNull().default(''),
    fullname: text('fullname').notNull().default(''),
    imageUrl: text('image_url'),
    lang: text('lang').notNull().default('az'),
    settings: jsonb('settings').$type<Record<string, boolean>>().notNull().default({}),
    mail: jsonb('mail').$type<Record<string, boolean>>().notNull().default({}),
    /** When the names were last changed at identity (older updates never overwrite newer ones). */
    profileAt: timestamp('profile_at', { withTimezone: true }),
    /** When the preferences were last changed at identity. */
    preferencesAt: timestamp('preferences_at', { withTimezone: true }),
  },
  () => [check('people_lang_known', oneOf('lang', LANGS))],
);

export type PersonRow = typeof people.$inferSelect;
