// The part of the kit that service schemas import: only Drizzle table helpers, so drizzle-kit can load it alone.
export { eventTables } from './events/event-tables.js';
export { bytea } from './database/columns.js';
export { oneOf } from './database/checks.js';
