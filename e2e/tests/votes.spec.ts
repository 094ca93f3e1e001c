import { expect, test, type Locator } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { accountButton, chooseFromMenu, expectAccessible, screenshot } from '../helpers';
import { logInAs, memberWithUpvotes, newAdmin, newCommunity, newMember, textPost } from '../world';

/** The count shown beside a vote button. */
const countOf = (button: Locator) => button.locator('xpath=following-sibling::span[1]');

test('a reader votes through all six transitions, and counts and points hold after a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const author = await newMember(baseURL!, 'au');
  // The author's own upvote comes with the post and is worth no points (DOMAIN §3.2).
  const post = await textPost(author, community.name, 'Which tide is the lowest of the year?');
  const reader = await newMember(baseURL!, 'rd');
  const authorPoints = async () =>
    (await reader.api.ok<{ points: number }>('GET', `/api/users/${author.name}`)).points;

  await logInAs(page, reader);
  await page.goto(`/${community.name}/post/${post.publicId}`);
  const article = page.getByRole('article');
  const up = article.getByRole('button', { name: 'Upvote' });
  const down = article.getByRole('button', { name: 'Downvote' });

  const steps = [
    { name: 'none → up', click: up, vote: 'up', ups: 2, downs: 0, percent: 100, points: 2 },
    { name: 'up → up (cleared)', click: up, vote: null, ups: 1, downs: 0, percent: 100, points: 1 },
    { name: 'none → down', click: down, vote: 'down', ups: 1, downs: 1, percent: 50, points: 1 },
    { name: 'down → down (cleared)', click: down, vote: null, ups: 1, downs: 0, percent: 100, points: 1 },
    { name: 'none → down, again', click: down, vote: 'down', ups: 1, downs: 1, percent: 50, points: 1 },
    { name: 'down → up', click: up, vote: 'up', ups: 2, downs: 0, percent: 100, points: 2 },
    { name: 'up → down', click: down, vote: 'down', ups: 1, downs: 1, percent: 50, points: 1 },
  ] as const;

  for (const step of steps) {
    // The vote shows at once (optimistically): the reload waits for the server's answer, since the
    // author's points do not change on every step.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/_postVote'),
    );
    await step.click.click();
    // Shown at once (optimistically), and still so once the server's answer is in and the page reloads.
    for (const when of ['after the click', 'after a reload']) {
      const what = `${step.name}, ${when}`;
      await expect(up, what).toHaveAttribute('aria-pressed', String(step.vote === 'up'));
      await expect(down, what).toHaveAttribute('aria-pressed', String(step.vote === 'down'));
      await expect(countOf(up), what).toHaveText(String(step.ups));
      await expect(countOf(down), what).toHaveText(String(step.downs));
      await expect(article.getByText(`${step.percent}% upvoted`), what).toBeVisible();
      if (when === 'after the click') {
        expect((await answered).status(), what).toBe(200);
        await expect.poll(authorPoints, { message: `${what}: the author's points` }).toBe(step.points);
        await page.reload();
      }
    }
  }

  // The author sees their points beside their name.
  await page.context().clearCookies();
  await logInAs(page, author);
  await expect(accountButton(page, author.name)).toHaveAccessibleName(/\b1 point\b/);
});

test('a moderator locks a post and pins it; members then cannot vote on it', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const admin = await newAdmin(baseURL!);
  const town = await newCommunity(admin);
  const mod = await memberWithUpvotes(baseURL!, town.name, 1);
  const community = await mod.api.ok<{ name: string }>('POST', '/api/communities', {
    name: `m${town.name.slice(1)}`,
    about: '',
  });
  const author = await newMember(baseURL!, 'au');
  const older = await textPost(author, community.name, 'Rules of the rock pools');
  await textPost(author, community.name, 'A newer post about crabs');

  await logInAs(page, mod);
  await page.goto(`/${community.name}/post/${older.publicId}`);
  const article = page.getByRole('article');
  const moderate = article.getByRole('button', { name: 'Moderate' });
  await chooseFromMenu(page, moderate, 'Lock');
  await expect(article.getByText(messages.posts.lockedBy('moderators'))).toBeVisible();
  await expect(article.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  // A pin shows at once (optimistically): the reload waits for the server's answer.
  const pinned = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('action=pin'),
  );
  await chooseFromMenu(page, moderate, 'Pinned');
  await expect(article.getByText('Pinned', { exact: true })).toBeVisible();
  expect((await pinned).status()).toBe(200);
  await page.reload();
  await expect(article.getByText(messages.posts.lockedBy('moderators'))).toBeVisible();
  await expect(article.getByText('Pinned', { exact: true })).toBeVisible();
  await expectAccessible(page, 'a locked, pinned post');
  await screenshot(page, 'post-locked', info.project.name);

  // A member sees the pinned post first in the community (pins head the hot feed), and cannot vote on it.
  const reader = await newMember(baseURL!, 'rd');
  await page.context().clearCookies();
  await logInAs(page, reader);
  await page.goto(`/${community.name}`);
  const first = page.getByRole('region', { name: 'Posts' }).getByRole('article').first();
  await expect(first).toContainText('Rules of the rock pools');
  await expect(first.getByText('Pinned')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  const refused = await reader.api.request('POST', '/api/_postVote', { postId: older.id, up: true });
  expect(refused.status).toBe(403);

  // Unlocking opens it to votes again.
  await page.context().clearCookies();
  await logInAs(page, mod);
  await page.goto(`/${community.name}/post/${older.publicId}`);
  await chooseFromMenu(page, moderate, 'Unlock');
  await expect(article.getByText(messages.posts.lockedBy('moderators'))).toHaveCount(0);
  await expect(article.getByRole('button', { name: 'Upvote' })).toBeEnabled();
});
