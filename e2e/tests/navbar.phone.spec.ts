import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../helpers';
import { newAdmin, newCommunity, textPost } from '../world';

const backButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Back', exact: true });

/** The guest's navbar controls, each whole, inside the screen and clear of the others. */
async function expectRoomyNavbar(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const controls: Locator[] = [
    banner.getByRole('button', { name: 'Open menu' }),
    banner.getByRole('link', { name: /home$/ }),
    banner.getByRole('button', { name: 'Search' }),
    banner.getByRole('link', { name: 'Login' }),
    banner.getByRole('button', { name: 'Create account' }),
  ];
  if (await backButton(page).isVisible()) controls.splice(1, 0, backButton(page));
  const width = page.viewportSize()!.width;
  const boxes = [];
  for (const control of controls) {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.x, 'inside the screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'inside the screen').toBeLessThanOrEqual(width);
    expect(box.height, 'tall enough to tap').toBeGreaterThanOrEqual(34);
    // Nothing is squeezed: the text fits its button and the logo keeps its size.
    const squeezed = await control.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(squeezed, `${await control.textContent()} is not cut`).toBe(false);
    boxes.push(box);
  }
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.x, 'in order, without overlapping').toBeGreaterThanOrEqual(
      boxes[i - 1]!.x + boxes[i - 1]!.width,
    );
  }
  const logo = (await banner.getByRole('link', { name: /home$/ }).locator('svg').boundingBox())!;
  expect(Math.round(logo.width), 'the logo at full size').toBe(30);
  expect(Math.round(logo.height)).toBe(30);
}

test('the navbar shows Back only where there is somewhere to go back to, and its controls have room', async ({
  page,
  baseURL,
}, info) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const post = await textPost(admin, community.name, 'Where the river meets the sea');

  // A first page has nowhere in the app to go back to.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(backButton(page)).toHaveCount(0);
  await screenshot(page, 'navbar-guest-home', info.project.name);
  await expectRoomyNavbar(page);

  // Root pages reached in the app have none either.
  const bar = page.getByRole('navigation', { name: 'Bottom' });
  await bar.getByRole('link', { name: 'Communities' }).click();
  await expect(page).toHaveURL('/communities');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(backButton(page)).toHaveCount(0);
  await expectRoomyNavbar(page);
  await screenshot(page, 'navbar-guest-communities', info.project.name);

  // An unknown address is a dead end, not a place in the app to step back from.
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(backButton(page)).toBeVisible();
  await page.evaluate(() => window.history.pushState(null, '', '/no/such/page'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
  await expect(backButton(page)).toHaveCount(0);

  // A post reached from a feed has one, and it goes back to the feed.
  await page.goto(`/${community.name}`);
  await page.getByRole('link', { name: post.title }).click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(backButton(page)).toBeVisible();
  await expectRoomyNavbar(page);
  await screenshot(page, 'navbar-guest-post', info.project.name);
  await backButton(page).click();
  await expect(page).toHaveURL(`/${community.name}`);
  await expect(backButton(page)).toHaveCount(0);

  // Search opens from its icon into a full-width field.
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('searchbox', { name: /^Search/ })).toBeFocused();
  await screenshot(page, 'navbar-guest-search', info.project.name);
});

test('the navbar slides away while reading down, returns on the way up, and stays put when the device setting says so', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  for (let i = 1; i <= 12; i++) await textPost(admin, community.name, `Long enough feed, post ${i}`);
  const banner = page.getByRole('banner');
  const bannerBottom = async () => {
    const box = await banner.boundingBox();
    return box ? box.y + box.height : 0;
  };

  await page.goto(`/${community.name}`);
  await expect(page.getByRole('link', { name: 'Long enough feed, post 12', exact: true })).toBeVisible();
  await expect.poll(bannerBottom).toBeGreaterThan(30);
  // Down: away once past the threshold. Up again: back.
  await page.mouse.wheel(0, 600);
  await expect.poll(bannerBottom).toBeLessThanOrEqual(1);
  await page.mouse.wheel(0, -200);
  await expect.poll(bannerBottom).toBeGreaterThan(30);

  // top_navbar_autohide_disabled (Settings > device preferences) keeps it in place.
  await page.evaluate(() => window.localStorage.setItem('top_navbar_autohide_disabled', 'true'));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Long enough feed, post 12', exact: true })).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // Give a slide time to happen, then check it did not (the navbar's transition is well under 1 s).
  await page.waitForTimeout(600);
  expect(await bannerBottom()).toBeGreaterThan(30);
});
