import { expect, test } from '@playwright/test';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

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

test('the longest names and a long code line never make a page wider than the window', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  // 21 wide letters, the longest a username may be.
  const wide = await newMember(baseURL!, 'wwwwwwwwwwwww');
  const post = await textPost(wide, community.name, 'A post with a wide comment');
  await wide.api.ok('POST', `/api/posts/${post.publicId}/comments`, {
    body: `\`\`\`\n${'code'.repeat(200)}\n\`\`\``,
  });
  await logInAs(page, wide);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  for (const path of ['/', `/${community.name}/post/${post.publicId}`, `/@${wide.name}`]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect.poll(overflow, { message: path }).toBe(0);
  }
});
