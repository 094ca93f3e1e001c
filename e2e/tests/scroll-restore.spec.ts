import { expect, test, type Page } from '@playwright/test';
import { newAdmin, newCommunity, newMember, textPost } from '../world';

const POSTS = 45; // more than four pages of ten, so the reader's place needs later pages
const PLACE = 1800;

/** A community long enough that 1800 px down sits among posts loaded by infinite scrolling. */
async function longCommunity(baseURL: string): Promise<string> {
  const author = await newMember(baseURL, 'sr');
  const community = await newCommunity(await newAdmin(baseURL));
  const body = 'A few lines about the tide, enough to give each card some height.';
  for (let i = 1; i <= POSTS; i++) await textPost(author, community.name, `Tide table ${i}`, body);
  return community.name;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Puts the page at `y` as a reader would: a turn of the wheel first, which ends any restoring still
 * holding the page where the bar put it (a script's scroll alone would be undone by it).
 */
async function placeAt(page: Page, y: number): Promise<void> {
  await expect(async () => {
    await page.mouse.wheel(0, 100);
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(200);
    expect(await scrollY(page)).toBe(y);
  }).toPass({ timeout: 10_000 });
}
const titles = (page: Page) =>
  page.getByRole('region', { name: 'Posts' }).getByRole('article').getByRole('heading').allTextContents();

/** Scrolls down by wheel, as a reader would, until the feed holds `PLACE` and has stopped loading. */
async function readDownTo(page: Page): Promise<{ y: number; shown: string[] }> {
  const feed = page.getByRole('region', { name: 'Posts' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    expect(await scrollY(page)).toBeGreaterThanOrEqual(PLACE);
  }).toPass({ timeout: 20_000 });
  // A wheel turn still under way when the loop ends scrolls on after it: place the page until it stays.
  await expect(async () => {
    await page.evaluate((y) => window.scrollTo(0, y), PLACE);
    await page.waitForTimeout(300);
    expect(await scrollY(page)).toBe(PLACE);
  }).toPass({ timeout: 10_000 });
  await expect(feed).toHaveAttribute('aria-busy', 'false');
  // Let a page that the sentinel asked for arrive before noting what is shown.
  await page.waitForTimeout(500);
  await expect(feed).toHaveAttribute('aria-busy', 'false');
  return { y: await scrollY(page), shown: await titles(page) };
}

/** Opens a post whose title is on screen. */
async function openPostOnScreen(page: Page): Promise<void> {
  const links = page
    .getByRole('region', { name: 'Posts' })
    .getByRole('article')
    .getByRole('heading')
    .getByRole('link');
  const viewport = page.viewportSize()!;
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    if (box && box.y > 80 && box.y + box.height < viewport.height - 80) {
      await link.click();
      await expect(page).toHaveURL(/\/post\//);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return;
    }
  }
  throw new Error('no post title on screen');
}

async function expectSamePlace(page: Page, place: { y: number; shown: string[] }): Promise<void> {
  await expect(page).not.toHaveURL(/\/post\//);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(place.y - 2);
  expect(Math.abs((await scrollY(page)) - place.y)).toBeLessThanOrEqual(2);
  // It stays there once the page has settled.
  await page.waitForTimeout(800);
  expect(Math.abs((await scrollY(page)) - place.y)).toBeLessThanOrEqual(2);
  expect(await titles(page)).toEqual(place.shown);
}

test('Back from a post returns to the same place in the feed, with the same posts loaded', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const name = await longCommunity(baseURL!);
  await page.goto(`/${name}?sort=latest`);
  const place = await readDownTo(page);
  expect(place.y).toBe(PLACE);

  await openPostOnScreen(page);
  await page.goBack();
  await expectSamePlace(page, place);

  // Again from the same entry: the place is kept per visit, not only once.
  await openPostOnScreen(page);
  await page.goBack();
  await expectSamePlace(page, place);

  // Phones have a Back button in the navbar (core §2); it does the same.
  if (info.project.name === 'phone') {
    await openPostOnScreen(page);
    await page.getByRole('banner').getByRole('button', { name: 'Back', exact: true }).click();
    await expectSamePlace(page, place);

    // The bottom bar brings the reader back to where they last left its page, however they left it.
    const bar = page.getByRole('navigation', { name: 'Bottom' });
    await bar.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').nth(5)).toBeVisible();
    await placeAt(page, 600);
    await bar.getByRole('link', { name: 'Communities' }).click();
    await bar.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => scrollY(page)).toBe(600);
    // The reader scrolls back up (a wheel, as a reader's own scrolling, which ends any restoring).
    await expect(async () => {
      await page.mouse.wheel(0, -1000);
      expect(await scrollY(page)).toBe(0);
    }).toPass({ timeout: 10_000 });
    await openPostOnScreen(page);
    await bar.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await page.waitForTimeout(800);
    expect(await scrollY(page)).toBe(0);

    // Left by Forward: the bar brings the reader back to where they were then, not to an older place.
    await placeAt(page, 700);
    await bar.getByRole('link', { name: 'Communities' }).click();
    await expect(page).toHaveURL('/communities');
    await page.goBack();
    await expect.poll(() => scrollY(page)).toBe(700);
    await expect(async () => {
      await page.mouse.wheel(0, -300);
      await page.waitForTimeout(200);
      expect(await scrollY(page)).toBeLessThanOrEqual(400);
    }).toPass({ timeout: 10_000 });
    const left = await scrollY(page);
    await page.goForward();
    await expect(page).toHaveURL('/communities');
    await bar.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => scrollY(page)).toBe(left);
  }
});
