/** Injection tokens of what the platform provides to every service. */
export const CONFIG = Symbol('pencraft.config');
export const LOGGER = Symbol('pencraft.logger');
export const DATABASE = Symbol('pencraft.database');
export const REDIS = Symbol('pencraft.redis');
export const NATS = Symbol('pencraft.nats');
export const EVENT_TABLES = Symbol('pencraft.eventTables');
