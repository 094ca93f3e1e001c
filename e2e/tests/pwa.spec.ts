import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from '../helpers';

// These journeys are about the worker: let it run (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
/**
 * The installable app (issue 13): Chromium finds the manifest and the service worker and judges the
 * site installable; the app then works offline to the offline page and comes back by itself.
 */

/** Waits until the service worker controls the page (it claims it when it activates). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test.describe('the installable app', () => {
  test('Chromium finds the manifest and the worker, and the site is installable', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await controlledByWorker(page);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
    });
    expect(new URL(worker.script).pathname).toBe('/service-worker.js');
    expect(new URL(worker.scope).pathname).toBe('/');

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(new URL(manifest.url).pathname).toBe('/manifest.json');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}');
    expect(parsed).toMatchObject({
      name: 'Commons',
      short_name: 'Commons',
      start_url: '/',
      display: 'standalone',
    });
    expect(parsed.icons.map((icon: { sizes: string }) => icon.sizes)).toContain('512x512');
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chromium never installs: the only error allowed.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // The worker never stores API answers: only the shell, the manifest and static files.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached).toContain('/manifest.json');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
  });

  test.describe('offline', () => {
    // The Retry below leaves a try in flight when the connection comes back. That try clears the error
    // while it runs, and the page used to drop its wait for the connection then: when the `online` event
    // came in that moment, nothing tried again (in most runs' first try at 390 px; Bootstrap.tsx).
    test("offline, the app shows You're offline, and comes back 2 s after the connection does", async ({
      page,
      context,
    }, info) => {
      await page.goto('/');
      await controlledByWorker(page);
      await expect(page.getByRole('link', { name: 'Communities' }).first()).toBeVisible();

      await context.setOffline(true);
      await page.goto('/communities');
      await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await screenshot(page, 'offline', info.project.name);
      await expectAccessible(page, 'offline page');

      // Retry while still offline keeps the page.
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();

      await context.setOffline(false);
      const back = Date.now();
      await expect(page.getByRole('heading', { name: 'Communities' })).toBeVisible({ timeout: 15_000 });
      expect(Date.now() - back).toBeGreaterThanOrEqual(1_900);
      await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
    });
  });
});
