import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { Comment } from '../../packages/shared/src/schemas/types';
import { messages } from '../../packages/shared/src/messages';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

/**
 * Issue 9, defects 1, 7 and 9 in the browser: one comment per double click, the post editor asking
 * before an in-app link leaves its draft, drafts surviving a reload, and a long paste saying it was cut.
 */

const SHOTS = '/tmp/shots-forms';
mkdirSync(SHOTS, { recursive: true });

/** The in-app link to the communities page that this width shows: the sidebar's, or the bottom bar's. */
const communitiesLink = (page: Page) =>
  page.getByRole('link', { name: 'Communities', exact: true }).locator('visible=true').first();

test('double-clicking Comment posts the comment once', async ({ page, baseURL }) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const post = await textPost(admin, community.name, 'Count the comments');
  const alice = await newMember(baseURL!, 'dbl');
  await logInAs(page, alice);
  await page.goto(`/${community.name}/post/${post.publicId}`);

  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Said once, clicked twice.');
  await page.getByRole('button', { name: 'Comment', exact: true }).dblclick();
  await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');

  // Wait for anything still on its way, then ask the server.
  await page.waitForLoadState('networkidle');
  const { comments } = await alice.api.ok<{ comments: Comment[] }>(
    'GET',
    `/api/posts/${post.publicId}/comments`,
  );
  expect(comments.map((c) => c.body)).toEqual(['Said once, clicked twice.']);
  await page.reload();
  await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
});

test('leaving the editor through a link asks; the draft survives a reload until it is discarded', async ({
  page,
  baseURL,
}, testInfo) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const alice = await newMember(baseURL!, 'drf');
  await logInAs(page, alice);
  // Reloading an edited editor asks the browser's own question (beforeunload): go ahead.
  page.on('dialog', (dialog) => void dialog.accept());

  await page.goto(`/new?community=${community.name}`);
  const title = page.getByRole('textbox', { name: 'Title' });
  const body = page.getByRole('textbox', { name: /Body/ });
  await title.fill('A thought worth keeping');
  await body.fill('Half of it is written.');

  await communitiesLink(page).click();
  const ask = page.getByRole('dialog', { name: messages.posts.leaveConfirm });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-leave-dialog.png` });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/new\?community=/);

  await page.reload();
  await expect(title).toHaveValue('A thought worth keeping');
  await expect(body).toHaveValue('Half of it is written.');

  await communitiesLink(page).click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/communities$/);
  await page.goto('/new');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('');
});

test('a half-written comment survives a reload', async ({ page, baseURL }, testInfo) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const post = await textPost(admin, community.name, 'Write slowly');
  const alice = await newMember(baseURL!, 'cdr');
  await logInAs(page, alice);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Not finished yet');
  await page.reload();
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await expect(box).toHaveValue('Not finished yet');

  // Near the limit the box counts down.
  await box.fill('c'.repeat(19_500));
  await expect(page.locator('span:not([aria-live])', { hasText: '500 characters left' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-comment-counter.png` });
});

test('a 108,000-character paste into the body is cut to 20,000 and says so', async ({
  page,
  baseURL,
}, testInfo) => {
  const alice = await newMember(baseURL!, 'cut');
  await logInAs(page, alice);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/new');
  const body = page.getByRole('textbox', { name: /Body/ });
  await body.fill('y'.repeat(108_000));
  await expect.poll(() => body.evaluate((el) => (el as HTMLTextAreaElement).value.length)).toBe(20_000);
  const note = page.locator('p', { hasText: 'Text was cut to 20,000 characters.' });
  await expect(note).toBeVisible();
  await expect(page.locator('span:not([aria-live])', { hasText: 'No characters left' })).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-cut-note.png` });
});
