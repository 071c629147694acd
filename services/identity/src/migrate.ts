import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'identity',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
