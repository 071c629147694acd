import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'notifications',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
