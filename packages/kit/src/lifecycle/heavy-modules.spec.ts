// Every service imports the kit; the S3 and SMTP clients are loaded only by the processes that use an ObjectStore or
// make a Mailer (issue #19, memory: minio held about 10 MiB and nodemailer about 5 MiB of V8 heap in every process), sharp
// and file-type only with the first picture (sharp adds about 20 MiB resident), and
// the preload's instrumentations only with a trace exporter (about 2 MiB). Run
// against the built kit (dist), as the services load it, in a fresh Node process that records the packages it loads.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const KIT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const INDEX = join(KIT, 'dist', 'index.js');

/** The packages (under node_modules) a Node process has loaded after running `body` with the kit as `kit`. */
function packagesLoaded(body: string, env: Record<string, string> = {}, module = INDEX): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({
      load(url, context, next) {
        const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
        if (match) loaded.add(match[1]);
        return next(url, context);
      },
    });
    const kit = await import(${JSON.stringify(module)});
    ${body}
    process.stdout.write(JSON.stringify([...loaded]));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: KIT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(output) as string[];
}

describe('the kit loads heavy clients only where they are used', () => {
  beforeAll(() => {
    if (!existsSync(INDEX)) throw new Error(`the kit is not built (no ${INDEX}): run \`make build\``);
  });

  it('importing the kit loads neither the S3 client (minio) nor the mail client (nodemailer)', () => {
    const loaded = packagesLoaded('');
    expect(loaded).toEqual(expect.arrayContaining(['@nestjs/core', 'zod']));
    expect(loaded).not.toContain('minio');
    expect(loaded).not.toContain('nodemailer');
    expect(loaded).not.toContain('sharp');
    expect(loaded).not.toContain('file-type');
  });

  it('loads sharp and file-type with the first picture (loadImageCodecs), not before', () => {
    const loaded = packagesLoaded('await kit.loadImageCodecs();');
    expect(loaded).toEqual(expect.arrayContaining(['sharp', 'file-type']));
  });

  it('the preload loads the instrumentations and their loader hooks only with an exporter', () => {
    const preload = join(KIT, 'dist', 'tracing', 'instrument.js');
    const without = packagesLoaded('', {}, preload);
    expect(without).toContain('@opentelemetry/core');
    expect(without).not.toContain('@opentelemetry/instrumentation');
    expect(without).not.toContain('import-in-the-middle');
    const exporting = packagesLoaded('', { OTEL_TRACES_EXPORTER: 'console' }, preload);
    expect(exporting).toEqual(
      expect.arrayContaining([
        '@opentelemetry/instrumentation',
        '@opentelemetry/instrumentation-http',
        'import-in-the-middle',
      ]),
    );
  });

  it('loads minio at an ObjectStore’s first call and nodemailer at a Mailer’s first mail, not when they are made', () => {
    const store = `kit.ObjectStore.fromConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY: 'access', S3_SECRET_KEY: 'secret-key',
      S3_BUCKET: 'bucket', S3_REGION: 'us-east-1', MEDIA_PUBLIC_PATH: '/media',
    })`;
    const mailer = `kit.Mailer.fromConfig({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Pencraft <no-reply@pencraft.local>' })`;
    // The gateway makes a store for the pictures it serves, and identity a mailer for its codes: made, not used yet.
    const made = packagesLoaded(`${store}; ${mailer};`);
    expect(made).not.toContain('minio');
    expect(made).not.toContain('nodemailer');
    // (A store and a mail server that listen on no port: the calls fail, after the clients are loaded.)
    const used = packagesLoaded(`
      await ${store}.get('a/b.png').catch(() => undefined);
      await ${mailer}.send({ to: 'a@example.az', subject: 's', text: 't', html: '<p>t</p>' }).catch(() => undefined);
    `);
    expect(used).toEqual(expect.arrayContaining(['minio', 'nodemailer']));
  });
});
