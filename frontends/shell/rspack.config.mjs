// The shell: Module Federation host. No static remotes: they are read at run time from /remotes.json.
import { frontendConfig, rspack } from '@pencraft/frontend-build';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `remotes.json` is a plain file in dist, so a deployment can mount its own. At build time it comes from
 * PC_REMOTES (a JSON object), else from PC_REMOTE_<NAME> variables, else the /mf/<name>/ defaults.
 */
function remotesJson() {
  const remotes = {
    reader: process.env.PC_REMOTE_READER || '/mf/reader/mf-manifest.json',
    editor: process.env.PC_REMOTE_EDITOR || '/mf/editor/mf-manifest.json',
  };
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
