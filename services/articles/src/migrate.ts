import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'articles',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
