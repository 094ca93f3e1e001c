import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from '../helpers';
import { repoRoot, startServer, type RunningServer } from '../server';

// These journeys are about the worker: let it run (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
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

test.describe('on iPhone Safari, which has no install prompt', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('the home page offers the install steps; dismissing the banner is remembered', async ({
    page,
  }, info) => {
    await page.goto(`${server.url}/`);
    const banner = page.getByRole('region', { name: 'Install Commons' });
    await expect(banner).toBeVisible();
    await screenshot(page, 'install-banner', info.project.name);
    await expectAccessible(page, 'install banner');

    await banner.getByRole('button', { name: 'Install' }).click();
    const steps = page.getByRole('dialog', { name: 'Install on iPhone or iPad' });
    await expect(steps).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveText([
      "Tap the Share button in Safari's toolbar.",
      'Scroll down and tap Add to Home Screen.',
      'Tap Add. The app appears on your home screen.',
    ]);
    await screenshot(page, 'install-steps', info.project.name);
    await expectAccessible(page, 'install steps');
    await steps.getByRole('button', { name: 'Done' }).click();
    await expect(steps).toBeHidden();

    // Only on the home page.
    await page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: 'Communities' }).click();
    await expect(page.getByRole('heading', { name: 'Communities' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goBack();
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
    // The prompts start after the load event; give them the time to (not) show.
    await page.waitForFunction(() => document.getElementById('pwa-prompts') !== null);
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('neverShowInstallBanner'))).toBe('true');
  });
});
