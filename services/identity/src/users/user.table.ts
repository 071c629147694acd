import { sql } from 'drizzle-orm';
import { doublePrecision, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { identitySchema } from '../identity.schema.js';

export const users = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    theme: text('theme').notNull().default('system'),
    lang: text('lang').notNull().default('az'),
    rating: doublePrecision('rating').notNull().default(0),
    imageUrl: text('image_url'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
