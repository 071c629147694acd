import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'donations',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
