import { expect, test } from '@playwright/test';

test.describe('the shell on a desktop', () => {
  test('sidebar, footer and search', async ({ page, context }) => {
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

    // "/" focuses the search box; searching opens a web search limited to this site in a new tab.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox');
    await expect(search).toBeFocused();
    await context.route('https://duckduckgo.com/**', (route) => route.fulfill({ body: 'search results' }));
    await search.fill('gardening tips');
    const [popup] = await Promise.all([context.waitForEvent('page'), search.press('Enter')]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.host).toBe('duckduckgo.com');
    expect(url.searchParams.get('q')).toBe(`site:${new URL(page.url()).host} gardening tips`);

    await sidebar.getByRole('link', { name: 'Guidelines' }).click();
    await expect(page).toHaveURL('/guidelines');
    await expect(sidebar.getByRole('link', { name: 'Guidelines' })).toHaveAttribute('aria-current', 'page');
  });
});
