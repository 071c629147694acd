// Independent shipping, proved: a next version of the reader with one more page and one more string is built
// into a directory of its own and served as the reader, while the shell keeps running from the dist it was built
// with (its files are hashed before and after). Chromium then shows the new page, its header entry and the new
// string in each language — no shell release involved.
// A remote mounted under its own prefix (/remotes.json `{ entry, mount }`: the staff console at /staff) is not
// loaded on the other pages, and is loaded when the page is opened under its prefix or navigated into.
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
      // The header's language select (the search box beside it is a combobox too).
      await page.locator('.pc-language select').selectOption(language);
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

describe('a remote mounted under its own prefix (the staff console at /staff)', () => {
  let staffPage: Page;
  /** Paths of the staff console's files the page asked for. */
  let staffFiles: string[];

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      localStorage.setItem('pc_lang', 'en');
      localStorage.setItem('pc_consent', 'true');
    });
    staffPage = await context.newPage();
    staffPage.setDefaultTimeout(15_000);
    staffFiles = [];
    staffPage.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/mf/staff/')) staffFiles.push(path);
    });
  });

  afterAll(async () => {
    await staffPage?.context().close();
  });

  it('is listed with its mount in the remotes.json the shell was built with', () => {
    expect(JSON.parse(readFileSync(join(SHELL_DIST, 'remotes.json'), 'utf8')).staff).toEqual({
      entry: '/mf/staff/mf-manifest.json',
      mount: '/staff',
    });
  });

  it('is not loaded on the other pages, nor on a path that only begins like its prefix', async () => {
    await staffPage.goto(SITE);
    await staffPage.locator('.pc-hero').waitFor();
    await staffPage.waitForFunction(() => !document.getElementById('pc-ssr-frame'));
    // The other remotes are there: the header shows their entries.
    await staffPage.getByRole('navigation').getByRole('link', { name: EXTRA.en.title }).waitFor();
    await staffPage.waitForLoadState('networkidle');
    await staffPage.goto(`${SITE}/staffing`);
    await staffPage.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await staffPage.waitForLoadState('networkidle');
    expect(staffFiles).toEqual([]);
  });

  it('is loaded on a navigation into its prefix, and shows its page', async () => {
    await staffPage.goto(SITE);
    await staffPage.locator('.pc-hero').waitFor();
    await staffPage.waitForLoadState('networkidle');
    expect(staffFiles).toEqual([]);
    // A navigation inside the app (no page load): the shell's router follows the history.
    await staffPage.evaluate(() => {
      history.pushState(null, '', '/staff');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await staffPage.getByRole('heading', { level: 1, name: 'Staff console' }).waitFor();
    expect(staffFiles).toContain('/mf/staff/remoteEntry.js');
    expect(staffPage.url()).toBe(`${SITE}/staff`);
  });

  it('is loaded when a page under its prefix is opened directly', async () => {
    const page = await staffPage.context().newPage();
    await page.goto(`${SITE}/staff/queue`);
    await page.getByRole('heading', { level: 1, name: 'Staff console' }).waitFor();
    await page.getByRole('button', { name: 'Sign in as staff' }).waitFor();
    // The page of the shell's own (the header) and the other remotes keep working beside it.
    await page.getByRole('navigation').getByRole('link', { name: EXTRA.en.title }).waitFor();
    await page.close();
  });
});
