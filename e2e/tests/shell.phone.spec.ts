import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot } from '../helpers';
import { logInAs, newModerator, textPost } from '../world';

test.describe('the shell on a phone', () => {
  test('bottom bar, drawer, back button and the navbar that hides on scroll', async ({ page }, info) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Bottom' });
    await expect(bar).toBeVisible();
    for (const name of ['Home', 'Communities', 'New post', 'Search', 'Notifications']) {
      await expect(bar.getByRole('link', { name })).toBeVisible();
    }
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);

    // The search box waits behind the navbar's Search button; "/" (a keyboard on a tablet) opens it.
    await expect(page.getByRole('banner').getByRole('searchbox')).toHaveCount(0);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect(page.getByRole('banner').getByRole('searchbox')).toBeFocused();
    await expect(page.getByRole('banner').getByRole('searchbox')).toHaveValue('');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('banner').getByRole('searchbox')).toHaveCount(0);

    // The drawer holds the sidebar; it keeps focus inside and returns it on close.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Guidelines' })).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.width)).toBe(300);
    await expectAccessible(page, 'drawer');
    await screenshot(page, 'drawer', info.project.name);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // It can be dragged shut.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    const y = box.y + 200;
    await page.mouse.move(250, y);
    await page.mouse.down();
    for (let x = 240; x >= 60; x -= 20) await page.mouse.move(x, y);
    await page.mouse.up();
    await expect(drawer).toBeHidden();

    // A link in the drawer navigates and closes it; Back returns.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(drawer).toBeHidden();

    // The navbar slides away while scrolling down and comes back on the way up.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const navbar = page.getByRole('banner');
    await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? 0).toBeLessThan(-40);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? -100).toBeGreaterThanOrEqual(0);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Tapping the current tab scrolls to the top.
    await page.goto('/terms');
    await bar.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});

test('a control focused under the bottom bar is scrolled clear of it', async ({ page, baseURL }) => {
  const { mod, community } = await newModerator(baseURL!);
  const body = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of a long post.`).join('\n\n');
  const post = await textPost(mod, community.name, 'A long post with a comment box below it', body);
  // Comments below the box, so that the page scrolls far enough to put the box under the bar.
  for (let i = 0; i < 6; i++) {
    await mod.api.ok('POST', `/api/posts/${post.publicId}/comments`, {
      body: `Comment ${i + 1} below the box.`,
    });
  }
  await logInAs(page, mod);
  await page.goto(`/${community.name}/post/${post.publicId}`);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await expect(box).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Bottom' });
  const barTop = (await bar.boundingBox())!.y;
  // The box half under the bar, inside the window: the browser's own focus scroll does nothing here.
  await page.evaluate((top) => {
    const field = document.querySelector<HTMLElement>('textarea')!;
    window.scrollBy(0, field.getBoundingClientRect().top - (top - 30));
  }, barTop);
  const before = (await box.boundingBox())!;
  expect(before.y).toBeLessThan(barTop);
  expect(before.y + before.height).toBeGreaterThan(barTop);
  await box.evaluate((field) => field.focus({ preventScroll: true }));
  await expect
    .poll(async () => {
      const after = (await box.boundingBox())!;
      return after.y + after.height <= barTop;
    })
    .toBe(true);
});
