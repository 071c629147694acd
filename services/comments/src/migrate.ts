import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'comments',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
