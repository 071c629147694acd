import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'publications',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
