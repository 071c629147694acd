import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pencraft/kit';
import { eq, sql } from 'drizzle-orm';
import { notifications } from '../notifications/notification.table.js';
import { people, type PersonRow } from './person.table.js';

export interface PersonNames {
  username: string;
  fullname: string;
  imageUrl: string | null;
}

export interface PersonPreferences {
  lang: string;
  settings: Record<string, boolean>;
  mail: Record<string, boolean>;
}

/** The people read model: each write keeps the newer of what it holds and what it is given. */
@Injectable()
export class PersonRepository {
  async find(tx: Queryable, uid: string): Promise<PersonRow | undefined> {
    const [row] = await tx.select().from(people).where(eq(people.uid, uid));
    return row;
  }

  /** A new account: its names and language, unless newer ones are known already. */
  async registered(tx: Queryable, uid: string, names: Omit<PersonNames, 'imageUrl'>, lang: string, at: Date) {
    await tx
      .insert(people)
      .values({ uid, ...names, lang, profileAt: at })
      .onConflictDoUpdate({
        target: people.uid,
        set: {
          username: sql`case when ${people.profileAt} is null or ${people.profileAt} < excluded.profile_at then excluded.username else ${people.username} end`,
          fullname: sql`case when ${people.profileAt} is null or ${people.profileAt} < excluded.profile_at then excluded.fullname else ${people.fullname} end`,
          lang: sql`case when ${people.preferencesAt} is null then excluded.lang else ${people.lang} end`,
          profileAt: sql`greatest(${people.profileAt}, excluded.profile_at)`,
        },
      });
  }

  async namesChanged(tx: Queryable, uid: string, names: PersonNames, at: Date) {
    await tx
      .insert(people)
      .values({ uid, ...names, profileAt: at })
      .onConflictDoUpdate({
        target: people.uid,
        set: { username: names.username, fullname: names.fullname, imageUrl: names.imageUrl, profileAt: at },
        setWhere: sql`${people.profileAt} is null or ${people.profileAt} <= ${at.toISOString()}::timestamptz`,
      });
  }

  /**
   * A deleted account: its notifications and its row go; where it was the actor, its names go too (the
   * notifications stay, with no actor).
   */
  async deleted(tx: Queryable, uid: string) {
    await tx.delete(notifications).where(eq(notifications.uid, uid));
    await tx.update(notifications).set({ actorUid: null, actor: null }).where(eq(notifications.actorUid, uid));
    await tx.delete(people).where(eq(people.uid, uid));
  }

  async preferencesChanged(tx: Queryable, uid: string, preferences: PersonPreferences, at: Date) {
    await tx
      .insert(people)
      .values({ uid, ...preferences, preferencesAt: at })
      .onConflictDoUpdate({
        target: people.uid,
        set: { ...preferences, preferencesAt: at },
        setWhere: sql`${people.preferencesAt} is null or ${people.preferencesAt} <= ${at.toISOString()}::timestamptz`,
      });
  }
}
