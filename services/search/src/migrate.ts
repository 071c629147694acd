import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({ schema: 'search', migrationsFolder: new URL('../migrations', import.meta.url).pathname });
