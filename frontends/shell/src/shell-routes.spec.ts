import { SHELL_ROUTES } from './shell-routes.js';

// The shell's server answers every frontend's routes 200 and every other page 404 (SPA_ROUTES from system.json).
it('declares the routes system.json lists for the shell', async () => {
  const system = await readSystem();
  expect([...SHELL_ROUTES]).toEqual(system.frontends.shell?.routes);
});

/** The registry, read through Node's fs (named at run time: the frontend's type-check knows the DOM, not Node). */
async function readSystem() {
  const fs = (await import(['node', 'fs'].join(':'))) as { readFileSync(url: URL, encoding: 'utf8'): string };
  return JSON.parse(fs.readFileSync(new URL('../../../system.json', import.meta.url), 'utf8')) as {
    frontends: Record<string, { routes?: string[] }>;
  };
}
