import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { expectAccessible, screenshot } from '../helpers';
import { newAdmin, newCommunity, newMember, textPost, type Member } from '../world';

const POSTS = 23; // three pages of ten

/** A community with POSTS posts, some of them voted on so the sorts differ. */
async function busyCommunity(baseURL: string): Promise<{ name: string; titles: string[] }> {
  const admin = await newAdmin(baseURL);
  const community = await newCommunity(admin);
  const author = await newMember(baseURL, 'au');
  const voters: Member[] = [await newMember(baseURL, 'v'), await newMember(baseURL, 'v')];
  const titles: string[] = [];
  for (let i = 1; i <= POSTS; i++) {
    const title = `Low tide report number ${i}`;
    const post = await textPost(author, community.name, title);
    titles.push(title);
    for (const [n, voter] of voters.entries()) {
      if (i % (n + 3) === 0)
        await voter.api.ok('POST', '/api/_postVote', { postId: post.id, up: i % 2 === 0 });
    }
  }
  return { name: community.name, titles };
}

/** Scrolls (or presses More) until the feed says it has no more posts; returns the titles shown. */
async function readToTheEnd(page: Page, useMoreButton: boolean): Promise<string[]> {
  const feed = page.getByRole('region', { name: 'Posts' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  const end = feed.getByText(messages.common.noMorePosts);
  await expect(async () => {
    if (useMoreButton) {
      const more = feed.getByRole('button', { name: messages.common.more });
      if (await more.isVisible()) await more.click();
    } else {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    }
    await expect(end).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return feed.getByRole('article').getByRole('heading').allTextContents();
}

test('a guest reads a community in every sort, to the end of its feed', async ({ page, baseURL }, info) => {
  test.setTimeout(150_000);
  const { name, titles } = await busyCommunity(baseURL!);
  const sorts: { label: string; sort: string; inTopMenu: boolean }[] = [
    { label: 'Hot', sort: 'hot', inTopMenu: false },
    { label: 'Active', sort: 'activity', inTopMenu: false },
    { label: 'New', sort: 'latest', inTopMenu: false },
    { label: 'Today', sort: 'day', inTopMenu: true },
    { label: 'This week', sort: 'week', inTopMenu: true },
    { label: 'This month', sort: 'month', inTopMenu: true },
    { label: 'This year', sort: 'year', inTopMenu: true },
    { label: 'All time', sort: 'all', inTopMenu: true },
  ];
  await page.goto(`/${name}`);
  const nav = page.getByRole('navigation', { name: 'Sort posts' });
  for (const { label, sort, inTopMenu } of sorts) {
    if (sort !== 'hot') {
      if (inTopMenu) {
        await nav.getByRole('button', { name: /^Top/ }).click();
        await page
          .getByRole('menuitem', { name: label, exact: true })
          .or(page.getByRole('dialog').getByRole('button', { name: label, exact: true }))
          .click();
      } else {
        await nav.getByRole('link', { name: label, exact: true }).click();
      }
      await expect(page).toHaveURL(new RegExp(`\\?sort=${sort}$`));
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const shown = await readToTheEnd(page, false);
    expect(shown.toSorted(), `every post once, sorted by ${sort}`).toEqual(titles.toSorted());
    if (sort === 'latest') expect(shown, 'newest first').toEqual(titles.toReversed());
  }
  await screenshot(page, 'feed-end', info.project.name);

  // Readers who turned infinite scrolling off get a More button instead.
  await page.evaluate(() => localStorage.setItem('infinite_scrolling_disabled', 'true'));
  await page.goto(`/${name}?sort=latest`);
  const feed = page.getByRole('region', { name: 'Posts' });
  await expect(feed.getByRole('button', { name: messages.common.more })).toBeVisible();
  expect(await readToTheEnd(page, true)).toEqual(titles.toReversed());

  // `?page=3` starts at the third page of ten.
  await page.goto(`/${name}?sort=latest&page=3`);
  await expect(feed.getByRole('article').first()).toContainText(titles[2]!);
  await expect(feed.getByRole('article')).toHaveCount(3);
  await expect(feed.getByText(messages.common.noMorePosts)).toBeVisible();
});

test('an empty community says so, and the site-wide feeds list posts for guests', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const empty = await newCommunity(admin);
  await page.goto(`/${empty.name}`);
  await expect(page.getByText(messages.common.nothingToShow)).toBeVisible();

  const community = await newCommunity(admin);
  await textPost(admin, community.name, 'A post everyone can see');
  for (const path of ['/', '/all', '/?sort=latest', '/all?sort=week']) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  }
  // Other tests post at the same time, so the post is looked for where only it can be.
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('heading', { name: 'A post everyone can see' })).toBeVisible();
  await page.goto('/');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `home with posts (${scheme})`);
  }
});
