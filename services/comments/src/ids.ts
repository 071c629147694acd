const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else names nothing (and must never reach PostgreSQL as a uuid). */
export function isUuid(id: string | undefined): id is string {
  return !!id && UUID.test(id);
}
