// Independent shipping, proved: a next version of the reader with one more page and one more string is built
// into a directory of its own and served as the reader, while the shell keeps running from the dist it was built
// with (its files are hashed before and after). Chromium then shows the new page, its header entry and the new
// string in each language — no shell release involved.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, stopApp } from '../../packages/devstack/src/index.ts';
import { expectAccessible, launchBrowser } from '../support/browser.ts';
import { PROFILE, stack } from '../support/stack.ts';
import { EXTRA } from './fixtures/reader-next/strings.ts';

const SITE = `http://localhost:${stack.gateway.httpPort}`;
const SHELL_DIST = join(stack.root, 'frontends', 'shell', 'dist');

/** Every file of a directory with its content hash and modification time. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    files[file.slice(dir.length + 1)] = `${hash} ${statSync(file).mtimeMs}`;
  }
  return files;
}

let browser: Browser;
let page: Page;
let output: string;
let shellBefore: Record<string, string>;

beforeAll(async () => {
  shellBefore = snapshot(SHELL_DIST);
  output = mkdtempSync(join(tmpdir(), 'pencraft-reader-next-'));
  execFileSync(
    process.execPath,
    [
      join(stack.root, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'),
      'build',
      '--config',
      join(stack.root, 'tests', 'e2e', 'fixtures', 'reader-next', 'rspack.config.mjs'),
    ],
    { cwd: stack.root, env: { ...process.env, PC_OUTPUT_DIR: output }, stdio: 'pipe' },
  );
  // Ship it: the reader's server now serves the new build; the shell's server and files are left alone.
  await stopApp('reader', PROFILE);
  const reader = await startApp('reader', PROFILE, { ROOT: output });
  await reader.waitReady();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await stopApp('reader', PROFILE);
  const reader = await startApp('reader', PROFILE);
  await reader.waitReady();
  rmSync(output, { recursive: true, force: true });
});

describe('a remote shipped without a shell release', () => {
  it('serves the new page of the reader, with its new string, in Azerbaijani', async () => {
    await page.goto(`${SITE}/whats-new`);
    await page.getByRole('heading', { level: 1, name: EXTRA.az.title }).waitFor();
    expect(await page.getByTestId('whats-new').textContent()).toBe(EXTRA.az.text);
    await expectAccessible(page, '/whats-new');
  });

  it('lists the new page in the header and reaches it from there', async () => {
    await page.goto(SITE);
    await page.locator('.pc-hero').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: EXTRA.az.title }).click();
    await page.waitForURL(/\/whats-new$/);
    await page.getByTestId('whats-new').waitFor();
  });

  it('loads the new string in each language it switches to', async () => {
    for (const language of ['en', 'ru', 'az'] as const) {
      await page.getByRole('combobox').first().selectOption(language);
      await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
      await page.getByRole('heading', { level: 1, name: EXTRA[language].title }).waitFor();
      expect(await page.getByTestId('whats-new').textContent()).toBe(EXTRA[language].text);
    }
  });

  it('keeps the reader pages it already had', async () => {
    await page.goto(`${SITE}/search`);
    await page.getByRole('searchbox').first().waitFor();
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('did not touch the shell: the same files, byte for byte, with the same times', () => {
    expect(snapshot(SHELL_DIST)).toEqual(shellBefore);
    expect(readFileSync(join(SHELL_DIST, 'remotes.json'), 'utf8')).toContain('/mf/reader/mf-manifest.json');
  });
});
