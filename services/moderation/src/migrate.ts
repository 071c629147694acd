import { runMigrationsFromEnv } from '@pencraft/kit';

await runMigrationsFromEnv({
  schema: 'moderation',
  migrationsFolder: new URL('../migrations', import.meta.url).pathname,
});
