import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from '../helpers';
import { repoRoot, startServer, type RunningServer } from '../server';

/**
 * The update flow at phone width (secondary §4): a server whose build changes while the page is open
 * serves a new worker; the page finds it (the tab becoming visible asks for an update), the waiting
 * worker is seen by the 10-second check, and 'Update available!' offers the reload that activates it.
 * The server serves a copy of the build, so the test changes the copy's worker as a new deploy would.
 */

let server: RunningServer;
let dist: string;

test.beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-pwa-dist-'));
  fs.cpSync(path.join(repoRoot, 'packages/web/dist'), dist, { recursive: true });
  server = await startServer({ WEB_DIST_DIR: dist, CAPTCHA: 'off', RATE_LIMITS: 'off' });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A new deploy: the same files with a worker that differs (its build version). */
function deployNewWorker(): void {
  const file = path.join(dist, 'service-worker.js');
  const source = fs
    .readFileSync(file, 'utf8')
    .replace(/"version":"([0-9a-f]+)"/, (_all, version: string) => `"version":"${version}-next"`);
  fs.writeFileSync(file, source);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
}

/** The worker's caches: each worker version has one, and the active one deletes the others. */
function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test('a new build shows Update available! at phone width, and Reload starts the new worker', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await page.goto(`${server.url}/`);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  const first = await cacheNames(page);
  expect(first).toEqual([expect.stringMatching(/^commons-[0-9a-f]+$/)]);
  // The first install is not an update: no prompt.
  await expect(page.getByRole('dialog', { name: 'Update available!' })).toHaveCount(0);

  deployNewWorker();
  // The tab becoming visible asks the browser to look for a new worker.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const dialog = page.getByRole('dialog', { name: 'Update available!' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const shownAt = Number(await page.evaluate(() => localStorage.getItem('update_prompt_displayed_at')));
  expect(Date.now() - shownAt).toBeLessThan(60_000);
  await screenshot(page, 'update-prompt', info.project.name);
  await expectAccessible(page, 'update prompt');

  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.waiting === null && navigator.serviceWorker.controller !== null;
  });
  // The new worker is in charge: its cache is the only one left.
  await expect.poll(() => cacheNames(page)).toEqual([`${first[0]}-next`]);
  // Shown less than 20 minutes ago: not again, even with an update waiting.
  await expect(page.getByRole('dialog', { name: 'Update available!' })).toHaveCount(0);
});
