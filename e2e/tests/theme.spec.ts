import { expect, test, type Page } from '@playwright/test';
import { accountButton, createAccount, loginThroughPage, uniqueName } from '../helpers';

test.describe('theme', () => {
  test('follows the system until chosen, remembers the choice, and stores it only when it differs', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    const name = uniqueName('theme');
    await createAccount(baseURL!, name);
    await loginThroughPage(page, name);
    // Choose light while the system is dark: stored.
    await accountButton(page, name).click();
    // The account menu's switch: a sheet's switch on phones, a menu item elsewhere.
    const darkMode = (p: Page) =>
      info.project.name === 'phone'
        ? p.getByRole('switch', { name: 'Dark mode' })
        : p.getByRole('menuitemcheckbox', { name: 'Dark mode' });
    const toggle = darkMode(page);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    // The next visit, the system still dark: the choice holds. A new context that is dark from its
    // start, not a reload under emulateMedia: Chromium may re-apply the emulation to the new document
    // only after the app listens, which looks like the system switching and rightly drops the choice.
    const again = await browser.newContext({
      serviceWorkers: 'block',
      baseURL,
      viewport: page.viewportSize(),
      isMobile: info.project.use.isMobile,
      hasTouch: info.project.use.hasTouch,
      colorScheme: 'dark',
      storageState: await page.context().storageState(),
    });
    const next = await again.newPage();
    await next.goto('/');
    await expect(accountButton(next, name)).toBeVisible();
    await expect(next.locator('html')).toHaveAttribute('data-theme', 'light');

    // Choosing the system's own theme removes the stored choice.
    await accountButton(next, name).click();
    await darkMode(next).click();
    await expect(next.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await next.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await again.close();
  });
});
