import { expect, test } from '@playwright/test';
import { accountButton, createAccount, loginThroughPage, uniqueName } from '../helpers';

test.describe('theme', () => {
  test('follows the system until chosen, remembers the choice, and stores it only when it differs', async ({
    page,
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
    const toggle =
      info.project.name === 'phone'
        ? page.getByRole('switch', { name: 'Dark mode' })
        : page.getByRole('menuitemcheckbox', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    // Choosing the system's own theme removes the stored choice.
    await accountButton(page, name).click();
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });
});
