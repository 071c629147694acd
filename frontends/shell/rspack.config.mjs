// The shell: Module Federation host. No static remotes: they are read at run time from /remotes.json.
import { frontendConfig, rspack } from '@pencraft/frontend-build';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `remotes.json`, the one list of remotes the shell loads, comes from system.json's `frontends` (every frontend
 * but the shell, at `<path>mf-manifest.json`; a frontend with a `mount` — the path prefix all its pages live
 * under — as `{ entry, mount }`, which the shell loads only under that prefix). PC_REMOTES (a JSON object) adds or
 * replaces entries for a build; a deployment may also mount its own file (the chart does, from the same registry).
 */
function remotesJson() {
  const system = JSON.parse(readFileSync(new URL('../../system.json', import.meta.url), 'utf8'));
  const remotes = Object.fromEntries(
    Object.entries(system.frontends)
      .filter(([, frontend]) => frontend.path !== '/')
      .map(([name, frontend]) => {
        const entry = `${frontend.path}mf-manifest.json`;
        if (frontend.mount === undefined) return [name, entry];
        if (typeof frontend.mount !== 'string' || !/^(\/[a-z0-9][a-z0-9-]*)+$/.test(frontend.mount))
          throw new Error(`system.json frontends.${name}.mount must be a path prefix like /staff`);
        return [name, { entry, mount: frontend.mount }];
      }),
  );
  if (process.env.PC_REMOTES) Object.assign(remotes, JSON.parse(process.env.PC_REMOTES));
  return `${JSON.stringify(remotes, null, 2)}\n`;
}

class RemotesJsonPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemotesJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemotesJsonPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('remotes.json', new compiler.webpack.sources.RawSource(remotesJson())),
      );
    });
  }
}

export default frontendConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'shell',
  publicPath: '/',
  plugins: [
    new rspack.HtmlRspackPlugin({
      template: './index.html',
      templateParameters: { mainHost: process.env.PC_MAIN_HOST || 'pencraft.az' },
      scriptLoading: 'defer',
    }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
    new RemotesJsonPlugin(),
  ],
});
