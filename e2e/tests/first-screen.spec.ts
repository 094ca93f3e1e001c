import { expect, test, type Page } from '@playwright/test';
import { accountButton, screenshot } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

/**
 * The first screen needs no request of its own (issue 15): the page carries the bootstrap and the
 * first feed page or post, so a fresh load shows them without `/api/_initial`, `/api/posts` or the
 * post's request; what the reader does next asks the API as before.
 */

/** The API paths (with queries) the page asked for, from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname + url.search);
  });
  return seen;
}

const FIRST_SCREEN_CALLS = /^\/api\/(_initial|posts(\?|\/[^/?]+(\?|$)))/;

test('a guest sees the home feed and a post page on the first load with no request for them', async ({
  page,
  baseURL,
}, info) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const title = `Spring tides ${Date.now()}`;
  const post = await textPost(admin, community.name, title);
  const reader = await newMember(baseURL!, 'rd');
  await reader.api.ok('POST', `/api/posts/${post.publicId}/comments`, { body: 'Highest in March.' });

  const requests = apiRequests(page);
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Highest in March.')).toBeVisible();
  expect(requests.filter((url) => FIRST_SCREEN_CALLS.test(url))).toEqual([]);
  await screenshot(page, 'first-screen-post', info.project.name);

  requests.length = 0;
  await page.goto('/');
  const feed = page.getByRole('region', { name: 'Posts' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  expect(requests.filter((url) => FIRST_SCREEN_CALLS.test(url))).toEqual([]);

  // The community's page, reached inside the app, asks the API: the page's data was for its first screen.
  requests.length = 0;
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(requests.filter((url) => FIRST_SCREEN_CALLS.test(url))).toEqual([]);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByText('Highest in March.')).toBeVisible();
  expect(requests).toContain(`/api/posts/${post.publicId}?fetchCommunity=true`);
});

test("a member's first screen is theirs: their account and their vote, with no request for them", async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const title = `Neap tides ${Date.now()}`;
  const post = await textPost(admin, community.name, title);
  const voter = await newMember(baseURL!, 'vt');
  await voter.api.ok('POST', '/api/_postVote', { postId: post.id, up: true });

  await logInAs(page, voter);
  const requests = apiRequests(page);
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(accountButton(page, voter.name)).toBeVisible();
  const upvote = page.getByRole('main').getByRole('button', { name: 'Upvote' }).first();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
  expect(requests.filter((url) => FIRST_SCREEN_CALLS.test(url))).toEqual([]);
});

/** A phone's browser: the server lays the page out for a phone by the client's rule (lib/device.ts). */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test('the page shows its first screen before any script runs, and the app takes that markup over', async ({
  browser,
  baseURL,
}, info) => {
  const phone = info.project.name === 'phone';
  const device = {
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 860 },
    isMobile: phone,
    hasTouch: phone,
    ...(phone ? { userAgent: PHONE_USER_AGENT } : {}),
  };
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const title = `King tides ${Date.now()}`;
  const post = await textPost(admin, community.name, title);
  const reader = await newMember(baseURL!, 'kt');
  await reader.api.ok('POST', `/api/posts/${post.publicId}/comments`, { body: 'Watch the harbour wall.' });

  // Without scripts at all: what the HTML itself shows, styled, and inert until the app takes it over
  // (so no role queries here: it stays out of the accessibility tree until then).
  const bare = await browser.newContext({ ...device, javaScriptEnabled: false });
  try {
    const html = await bare.newPage();
    await html.goto(`${baseURL!}/${community.name}/post/${post.publicId}`);
    await expect(html.locator('#root[inert] h1', { hasText: title })).toBeVisible();
    await expect(html.getByText('Watch the harbour wall.')).toBeVisible();
    await screenshot(html, 'first-screen-without-scripts', info.project.name);
    await html.goto(`${baseURL!}/${community.name}`);
    await expect(html.locator('#root article a', { hasText: title })).toBeVisible();
    // Laid out for the device without a script to say so: nothing wider than the window, and on a
    // phone the bottom bar in view.
    expect(await html.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      device.viewport.width,
    );
    if (phone) await expect(html.locator('#root nav[aria-label="Bottom"]')).toBeInViewport();
  } finally {
    await bare.close();
  }

  // A dark system gets the dark theme without a script to choose it (the build's copy of the dark rules).
  const dark = await browser.newContext({ ...device, javaScriptEnabled: false, colorScheme: 'dark' });
  try {
    const html = await dark.newPage();
    await html.goto(`${baseURL!}/${community.name}`);
    await expect(html.locator('#root article a', { hasText: title })).toBeVisible();
    const colours = await html.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    expect(colours).toEqual({ page: 'rgb(15, 18, 21)', text: 'rgb(231, 234, 238)' });
    await screenshot(html, 'first-screen-without-scripts-dark', info.project.name);
  } finally {
    await dark.close();
  }

  // With them: the feed's first card is the very element the HTML brought, and it works.
  const context = await browser.newContext({ ...device, baseURL: baseURL!, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { firstCard?: Element | null }).firstCard = document.querySelector('#root article');
    });
  });
  await page.goto(`/${community.name}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  // The phone's layout came from the server already (its User-Agent says phone).
  if (phone) await expect(page.getByRole('navigation', { name: 'Bottom' })).toBeVisible();
  await card.getByRole('button', { name: 'Upvote' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
  expect(
    await page.evaluate(() => {
      const first = (window as { firstCard?: Element | null }).firstCard;
      return first !== null && first !== undefined && first === document.querySelector('#root article');
    }),
  ).toBe(true);
  await context.close();
});
