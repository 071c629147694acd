import manifest from './routes.js';

// The shell's server answers these paths 200 and every other page 404 (packages/static-server, SPA_ROUTES): a page
// added here and not in system.json would answer 404 on a reload.
it('declares the routes system.json lists for the reader', async () => {
  const system = await readSystem();
  expect(manifest.routes.map((route) => route.path)).toEqual(system.frontends.reader?.routes);
});

/** The registry, read through Node's fs (named at run time: the frontend's type-check knows the DOM, not Node). */
async function readSystem() {
  const fs = (await import(['node', 'fs'].join(':'))) as { readFileSync(url: URL, encoding: 'utf8'): string };
  return JSON.parse(fs.readFileSync(new URL('../../../system.json', import.meta.url), 'utf8')) as {
    frontends: Record<string, { routes?: string[] }>;
  };
}
