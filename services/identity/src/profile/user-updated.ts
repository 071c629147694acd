import { EVENTS, outboxEvent } from '@pencraft/contracts/events';
import type { UserRow } from '../users/user.table.js';

/** identity.user.updated: what other services show of a user (name, username, picture) as it is now. */
export function userUpdatedEvent(user: Pick<UserRow, 'id' | 'username' | 'fullname' | 'imageUrl'>, at: Date) {
  return outboxEvent(EVENTS.userUpdated, {
    uid: user.id,
    username: user.username,
    fullname: user.fullname,
    imageUrl: user.imageUrl ?? '',
    updatedAtMs: at.getTime(),
  });
}

/** A phone number as the settings show it: the country prefix and the last two digits. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const visibleStart = Math.min(4, phone.length - 2);
  return `${phone.slice(0, visibleStart)}${'•'.repeat(Math.max(0, phone.length - visibleStart - 2))}${phone.slice(-2)}`;
}
