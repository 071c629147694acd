const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else names nothing (and must never reach PostgreSQL as a uuid). */
export function isUuid(id: string | undefined): id is string {
  return !!id && UUID.test(id);
}

/** Stands for "nobody" where a query compares with a viewer's uid (a visitor has none). */
export const NOBODY = '00000000-0000-0000-0000-000000000000';
