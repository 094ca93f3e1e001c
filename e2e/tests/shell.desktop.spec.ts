import { expect, test } from '@playwright/test';

test.describe('the shell on a desktop', () => {
  test('sidebar, footer and search', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Communities', 'Guidelines', 'Terms', 'Privacy', 'About']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Bottom' })).toHaveCount(0);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const name of ['About', 'Site guidelines', 'Moderator guidelines', 'Terms', 'Privacy']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }

    // "/" focuses the search box; searching opens the built-in search page (issue 16).
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    const search = page.getByRole('banner').getByRole('searchbox');
    await expect(search).toBeFocused();
    await search.fill('gardening tips');
    await search.press('Enter');
    await expect(page).toHaveURL('/search?q=gardening%20tips');

    await sidebar.getByRole('link', { name: 'Guidelines' }).click();
    await expect(page).toHaveURL('/guidelines');
    await expect(sidebar.getByRole('link', { name: 'Guidelines' })).toHaveAttribute('aria-current', 'page');
  });
});
