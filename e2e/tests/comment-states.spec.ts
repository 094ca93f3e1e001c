import { expect, test, type Page } from '@playwright/test';
import type { Comment } from '../../packages/shared/src/schemas/types';
import { messages } from '../../packages/shared/src/messages';
import { expectAccessible, screenshot } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

/** A comment's own block: its byline, text, votes and actions, not its replies. */
const ownBlock = (page: Page, text: string) =>
  page.locator('[data-comment-own]').filter({ has: page.locator('[data-comment-body]', { hasText: text }) });

test('comments in their edge states: guests, deleted comments, linked and unknown comments', async ({
  page,
  baseURL,
}, testInfo) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const author = await newMember(baseURL!);
  const reader = await newMember(baseURL!);
  const post = await textPost(author, community.name, 'A thread with a past');
  const comment = (body: string, parentCommentId: string | null = null) =>
    author.api.ok<Comment>('POST', `/api/posts/${post.publicId}/comments`, { body, parentCommentId });
  const gone = await comment('This one was said first and voted up');
  await comment('A reply that stays under it', gone.id);
  const live = await comment('The discussion goes on here');
  // Best-first would put the deleted comment first: it has the votes.
  await reader.api.ok('POST', '/api/_commentVote', { commentId: gone.id, up: true });
  await author.api.ok('DELETE', `/api/posts/${post.id}/comments/${gone.id}?deleteAs=normal`);
  const postPath = `/${community.name}/post/${post.publicId}`;

  // A guest sees Reply, and is asked to log in.
  await page.goto(postPath);
  await ownBlock(page, 'The discussion goes on here').getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
  await page.keyboard.press('Escape');

  await logInAs(page, reader);
  await page.goto(postPath);
  const roots = page.locator('section[aria-labelledby="comments-title"] > ul > li');
  await expect(roots).toHaveCount(2);
  // The deleted comment keeps its reply but comes after the live discussion, and takes no vote.
  await expect(roots.first()).toContainText('The discussion goes on here');
  await expect(roots.last()).toContainText(messages.comments.deletedBy('the author'));
  await expect(roots.last()).toContainText('A reply that stays under it');
  const deletedVotes = roots
    .last()
    .locator(':scope > [data-comment-own]')
    .getByRole('group', { name: 'Votes' });
  await expect(deletedVotes.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  await expect(deletedVotes.getByRole('button', { name: 'Downvote' })).toBeDisabled();
  await expect(deletedVotes.getByRole('button', { name: 'Upvote' })).toHaveAttribute(
    'title',
    messages.comments.cannotVoteDeleted,
  );
  await expect(
    roots.last().locator(':scope > [data-comment-own]').getByRole('button', { name: 'Reply' }),
  ).toHaveCount(0);

  // A linked comment is highlighted as one block that holds its votes and actions, and is on screen
  // even when the thread below it is taller than the screen.
  let parent = live;
  for (let depth = 1; depth <= 8; depth++) {
    parent = await comment(`Reply ${depth}: ${'a thought that runs on for a while. '.repeat(6)}`, parent.id);
  }
  await page.goto(`${postPath}/${live.id}`);
  const focused = ownBlock(page, 'The discussion goes on here');
  await expect(focused).toHaveClass(/focused/);
  await expect(focused).toBeInViewport();
  const block = (await focused.boundingBox())!;
  const votes = (await focused.getByRole('group', { name: 'Votes' }).boundingBox())!;
  expect(votes.y + votes.height).toBeLessThanOrEqual(block.y + block.height);
  expect(votes.y).toBeGreaterThanOrEqual(block.y);
  await expect(page.locator('[data-comment-own][class*="focused"]')).toHaveCount(1);
  await screenshot(page, 'comment-focused', testInfo.project.name);

  // A link to a comment that is not there still shows the post, and says so.
  await page.goto(`${postPath}/ffffffffffffffffffffffff`);
  await expect(page.getByRole('heading', { name: 'A thread with a past' })).toBeVisible();
  await expect(page.getByText(messages.comments.focusedNotFound)).toBeVisible();
  await expect(page.getByText('The discussion goes on here')).toBeVisible();
  await expectAccessible(page, 'a post whose linked comment is not found');
});
