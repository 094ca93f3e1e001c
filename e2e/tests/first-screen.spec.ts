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
