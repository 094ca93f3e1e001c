import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { expectAccessible, screenshot } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, newModerator, textPost, type Member } from '../world';

/** A second reader with their own cookies, at the same size as the test's page. */
async function pageFor(browser: Browser, page: Page, baseURL: string, member: Member): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    baseURL,
    viewport: page.viewportSize(),
  });
  const other = await context.newPage();
  await logInAs(other, member);
  return other;
}

/** The comment whose own text (not its replies') contains `text`. */
const commentWith = (page: Page, text: string): Locator =>
  page
    .getByRole('listitem')
    .filter({
      has: page.locator(':scope > [data-comment-own] > div > [data-comment-body]', { hasText: text }),
    })
    .last();

/** The buttons under a comment's own text (not those of its replies). */
const actionsOf = (comment: Locator): Locator =>
  comment.locator(':scope > [data-comment-own] > div > [data-comment-actions]');

/** The comment's "More options" menu: phones, and deep comments with many actions, keep them there. */
const moreOf = (comment: Locator): Locator =>
  actionsOf(comment).getByRole('button', { name: 'More options' });

/** The open menu's item: a sheet's button on phones, a dropdown's item on wider screens. */
const menuItem = (page: Page, name: string): Locator =>
  page
    .getByRole('dialog', { name: 'Comment options' })
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('menu').getByRole('menuitem', { name, exact: true }));

/** Chooses one of a comment's actions: a button beside it, or an item of its menu. */
async function act(page: Page, comment: Locator, name: string): Promise<void> {
  // The row is there before it is asked whether it has a menu.
  await expect(actionsOf(comment).getByRole('button', { name: 'Upvote' })).toBeVisible();
  const more = moreOf(comment);
  if ((await more.count()) === 0) {
    await actionsOf(comment).getByRole('button', { name, exact: true }).click();
    return;
  }
  // Not chooseFromMenu: it presses Escape when a dialog is open, which would close the one this opens.
  await more.click();
  await menuItem(page, name).click();
}

/** The names of the actions a comment offers, beside it or in its menu. */
async function offered(page: Page, comment: Locator): Promise<string[]> {
  await expect(actionsOf(comment).getByRole('button', { name: /^(Copy link|More options)$/ })).toBeVisible();
  const more = moreOf(comment);
  if ((await more.count()) === 0) return actionsOf(comment).getByRole('button').allInnerTexts();
  await more.click();
  await expect(menuItem(page, 'Copy link')).toBeVisible();
  const open = page
    .getByRole('dialog', { name: 'Comment options' })
    .getByRole('button')
    .or(page.getByRole('menu').getByRole('menuitem'));
  const names = await open.allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(menuItem(page, 'Copy link')).toBeHidden();
  return names;
}

async function reply(page: Page, to: string, text: string): Promise<void> {
  await actionsOf(commentWith(page, to)).getByRole('button', { name: 'Reply', exact: true }).click();
  const box = page.getByRole('textbox', { name: /^Reply to/ });
  await box.fill(text);
  await box.press('Control+Enter');
  await expect(commentWith(page, text)).toBeVisible();
}

test('two members hold a thread five levels deep, edit, vote, delete, and see what is new', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { mod, community } = await newModerator(baseURL!);
  const alice = await newMember(baseURL!, 'al');
  const bob = await newMember(baseURL!, 'bo');
  const post = await textPost(alice, community.name, 'Where do the herons nest in spring?');
  const url = `/${community.name}/post/${post.publicId}`;

  await logInAs(page, alice);
  await page.goto(url);
  await expect(page.getByText(messages.comments.noComments)).toBeVisible();
  // An empty comment is refused before it is sent.
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.comments.bodyEmpty })).toBeVisible();
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Level one: by the north marsh.');
  await page.getByRole('textbox', { name: 'Add a comment' }).press('Control+Enter');
  await expect(commentWith(page, 'Level one')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
  await expect(commentWith(page, 'Level one').getByText('OP', { exact: true })).toBeVisible();

  // Bob reads the post first; what Alice writes after that is new to him.
  const bobPage = await pageFor(browser, page, baseURL!, bob);
  await bobPage.goto(url);
  await expect(commentWith(bobPage, 'Level one')).toBeVisible();
  await expect(bobPage.getByText('(new)')).toHaveCount(0);

  await reply(bobPage, 'Level one', 'Level two: which side of it?');
  await page.reload();
  await reply(page, 'Level two', 'Level three: the side with the reeds.');
  await bobPage.reload();
  await expect(commentWith(bobPage, 'Level three').getByText('(new)')).toBeVisible();
  await reply(bobPage, 'Level three', 'Level four: thanks, going this weekend.');
  await page.reload();
  await reply(page, 'Level four', 'Level five: bring boots.');
  await expect(page.getByRole('heading', { name: '5 comments' })).toBeVisible();

  // Nesting: level five sits inside level four, inside three, two and one.
  const five = commentWith(page, 'Level five');
  for (const level of ['one', 'two', 'three', 'four']) {
    await expect(commentWith(page, `Level ${level}`).getByText('Level five: bring boots.')).toBeVisible();
  }
  await expect(five.getByRole('link', { name: `@${alice.name}` })).toBeVisible();

  // Edit by the author.
  await act(page, commentWith(page, 'Level one'), 'Edit');
  await page
    .getByRole('textbox', { name: 'Edit your comment' })
    .fill('Level one: by the north marsh, near the old pier.');
  // The edit form's Save, not the post's or a comment's Save (to a list).
  await page
    .locator('form', { has: page.getByRole('textbox', { name: 'Edit your comment' }) })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('near the old pier')).toBeVisible();
  await bobPage.reload();
  await expect(bobPage.getByText('near the old pier')).toBeVisible();
  // Bob cannot edit or delete Alice's words.
  const offeredToBob = await offered(bobPage, commentWith(bobPage, 'Level one'));
  expect(offeredToBob).toContain('Report');
  expect(offeredToBob).not.toContain('Edit');
  expect(offeredToBob).not.toContain('Delete');

  // A vote on Alice's comment.
  const upvote = actionsOf(commentWith(bobPage, 'Level three')).getByRole('button', { name: 'Upvote' });
  // The button shows the vote at once; the reload must wait for the server to have it.
  const voted = bobPage.waitForResponse((r) => r.url().endsWith('/api/_commentVote') && r.ok());
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
  await voted;
  await bobPage.reload();
  await expect(
    actionsOf(commentWith(bobPage, 'Level three')).getByRole('button', { name: 'Upvote' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Reports: a reason must be chosen; a repeat is refused; nobody reports their own words.
  await act(bobPage, commentWith(bobPage, 'Level three'), 'Report');
  const report = bobPage.getByRole('dialog');
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(report.getByText('Choose a reason.')).toBeVisible();
  await report.getByLabel('Spam').check();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(bobPage.getByText(messages.reports.reported('Comment'))).toBeVisible();
  await act(bobPage, commentWith(bobPage, 'Level three'), 'Report');
  await bobPage.getByRole('dialog').getByLabel('Spam').check();
  await bobPage.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
  await expect(bobPage.getByText(messages.reports.alreadyReported('comment'))).toBeVisible();
  await bobPage.getByRole('article').getByRole('button', { name: 'Report' }).click();
  await bobPage.getByRole('dialog').getByLabel('Breaks community rules').check();
  await bobPage.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
  await expect(bobPage.getByText(messages.reports.reported('Post'))).toBeVisible();
  expect(await offered(bobPage, commentWith(bobPage, 'Level two'))).not.toContain('Report');

  // Bob deletes his own comment: it keeps its place, its reply stays.
  await act(bobPage, commentWith(bobPage, 'Level four'), 'Delete');
  await bobPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(bobPage.getByText(messages.comments.deletedBy('the author'))).toBeVisible();
  await expect(bobPage.getByText('Level four')).toHaveCount(0);
  await expect(bobPage.getByText('Level five: bring boots.')).toBeVisible();
  const deleted = bobPage.getByRole('listitem').filter({
    has: bobPage.locator(':scope > [data-comment-own] > div > p', {
      hasText: messages.comments.deletedBy('the author'),
    }),
  });
  // Focus stays with the comment, not the page's start: its Delete button is gone.
  await expect.poll(() => deleted.evaluate((li) => li.contains(document.activeElement))).toBe(true);
  // Voting is off on deleted comments (core §4): the arrows are disabled and say why.
  await expect(actionsOf(deleted).getByRole('button', { name: 'Upvote' })).toBeDisabled();
  await expect(actionsOf(deleted).getByRole('button', { name: 'Upvote' })).toHaveAttribute(
    'title',
    messages.comments.cannotVoteDeleted,
  );

  // The moderator removes Bob's other comment, as moderator; everyone else sees only that it went.
  const modPage = await pageFor(browser, page, baseURL!, mod);
  await modPage.goto(url);
  await act(modPage, commentWith(modPage, 'Level two'), 'Delete');
  await expect(modPage.getByRole('dialog')).toContainText('as moderator');
  await modPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(modPage.getByText(messages.comments.deletedBy('moderators'))).toBeVisible();
  await modPage.reload();
  // Moderators still read what they removed.
  await expect(modPage.getByText('Level two: which side of it?')).toBeVisible();
  // A moderator's own comment can change the capacity it was written in, from its edit box.
  const box = modPage.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Please keep the nesting sites private.');
  await box.press('Control+Enter');
  const official = commentWith(modPage, 'keep the nesting sites private');
  await expect(actionsOf(official).getByLabel('Speaking as')).toHaveCount(0);
  await act(modPage, official, 'Edit');
  const editBox = modPage.locator('form', {
    has: modPage.getByRole('textbox', { name: 'Edit your comment' }),
  });
  await editBox.getByLabel('Speaking as').selectOption({ label: 'Speaking as moderator' });
  await editBox.getByRole('button', { name: 'Save' }).click();
  await expect(official.getByText('Moderator', { exact: true })).toBeVisible();
  // Or speaks as moderator from the start, and locks a thread: no replies below it any more.
  await box.fill('Thread closed: the herons are nesting.');
  await modPage.locator('form', { has: box }).getByLabel('Speaking as').selectOption('mods');
  await box.press('Control+Enter');
  const closing = commentWith(modPage, 'Thread closed: the herons are nesting.');
  await expect(closing.getByText('Moderator', { exact: true })).toBeVisible();
  await act(modPage, commentWith(modPage, 'near the old pier'), 'Lock');
  await expect(
    commentWith(modPage, 'near the old pier').getByTitle('Replies locked by moderators'),
  ).toBeVisible();
  expect(await offered(modPage, commentWith(modPage, 'near the old pier'))).toContain('Unlock');
  await commentWith(modPage, 'near the old pier').scrollIntoViewIfNeeded();
  await screenshot(modPage, 'comments-moderator', testInfo.project.name);
  await page.reload();
  await expect(
    commentWith(page, 'near the old pier').getByTitle('Replies locked by moderators'),
  ).toBeVisible();
  await expect(
    actionsOf(commentWith(page, 'Level five: bring boots.')).getByRole('button', {
      name: 'Reply',
      exact: true,
    }),
  ).toHaveCount(0);
  await expect(page.getByText(messages.comments.deletedBy('moderators'))).toBeVisible();
  await expect(page.getByText('Level two: which side of it?')).toHaveCount(0);
  await expect(page.getByText('Level five: bring boots.')).toBeVisible();

  // Collapsing a thread hides what is below it.
  // Held by its id: once collapsed, its words are no longer there to find it by.
  const levelOneId = await commentWith(page, 'near the old pier').getAttribute('id');
  const levelOne = page.locator(`[id="${levelOneId}"]`);
  await levelOne.getByRole('button', { name: 'Collapse thread' }).first().click();
  await expect(page.getByText('Level five: bring boots.')).toBeHidden();
  await levelOne.getByRole('button', { name: 'Expand thread' }).first().click();
  await expect(page.getByText('Level five: bring boots.')).toBeVisible();

  await screenshot(page, 'comments-thread', testInfo.project.name);
  await expectAccessible(page, 'a post with a deep thread');
  await bobPage.context().close();
  await modPage.context().close();
});

test('guests read comments and are asked to log in to join', async ({ page, baseURL }) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const post = await textPost(admin, community.name, 'Tide tables for the week');
  await admin.api.ok('POST', `/api/posts/${post.publicId}/comments`, {
    body: 'Low tide at 6:40 on Tuesday.',
  });
  const long = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the tide table.`).join('\n\n');
  await admin.api.ok('POST', `/api/posts/${post.publicId}/comments`, { body: long });
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await expect(page.getByText('Low tide at 6:40 on Tuesday.')).toBeVisible();
  // A long comment is folded, with a way to read the rest.
  await page.getByRole('button', { name: 'Read more' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Line 60 of the tide table.')).not.toBeInViewport();
  await page.getByRole('button', { name: 'Read more' }).click();
  await page.getByText('Line 60 of the tide table.').scrollIntoViewIfNeeded();
  await expect(page.getByText('Line 60 of the tide table.')).toBeInViewport();
  await expect(page.getByRole('button', { name: messages.common.showLess })).toBeVisible();
  await page.getByRole('button', { name: messages.common.joinTheDiscussion }).click();
  await expect(page.getByRole('dialog')).toContainText(messages.common.loginToContinue);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Upvote' }).last().click();
  await expect(page.getByRole('dialog')).toContainText(messages.common.loginToContinue);
});

interface BigThread {
  community: string;
  publicId: string;
  /** The first top-level comment: the oldest, so on the last server page. */
  oldest: string;
}

const TOP_LEVEL = 150;
const TOTAL = TOP_LEVEL * 5;

/**
 * 150 top-level comments with 4 replies each: 750 in all, over two pages of 500. Writing them is
 * most of the journey's time, and the journey only reads them as a guest, so the thread is written
 * once per run and read at both widths: the first journey to arrive writes it, the other waits for it.
 */
async function bigThread(baseURL: string): Promise<BigThread> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by global-setup');
  const file = path.join(dataDir, 'e2e-big-thread.json');
  try {
    fs.mkdirSync(path.join(dataDir, 'e2e-big-thread.lock'));
  } catch {
    await expect.poll(() => fs.existsSync(file), { timeout: 180_000 }).toBe(true);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BigThread;
  }
  const admin = await newAdmin(baseURL);
  const community = await newCommunity(admin);
  const post = await textPost(admin, community.name, 'The big thread');
  const writers = await Promise.all(Array.from({ length: 4 }, () => newMember(baseURL, 'cw')));
  const url = `/api/posts/${post.publicId}/comments`;
  let oldest = '';
  for (let start = 0; start < TOP_LEVEL; start += 15) {
    await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const n = start + i;
        const writer = writers[n % writers.length]!;
        const top = await writer.api.ok<{ id: string }>('POST', url, { body: `Top ${n}` });
        if (n === 0) oldest = top.id;
        for (let r = 0; r < 4; r++) {
          await writer.api.ok('POST', url, { body: `Reply ${n}.${r}`, parentCommentId: top.id });
        }
      }),
    );
  }
  const thread: BigThread = { community: community.name, publicId: post.publicId, oldest };
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(thread));
  fs.renameSync(`${file}.tmp`, file);
  return thread;
}

test('a post with 750 comments loads in batches across the server pages', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const { community, publicId, oldest } = await bigThread(baseURL!);

  await page.goto(`/${community}/post/${publicId}`);
  const section = page.getByRole('region', { name: `${TOTAL} comments` });
  await expect(section.getByRole('heading', { name: `${TOTAL} comments` })).toBeVisible();
  // Plain CSS, not a role query: with a thousand comments on the page, working out every element's
  // role on each poll is slow enough on a busy machine to outlast the wait.
  const all = section.locator('li[id^="comment-"]');
  // The first page: 500 comments, plus the parents of replies whose parents are on a later page.
  const more = section.locator('button', { hasText: /^\d+ more comments$/ });
  // The first 500 render in batches; on a busy CI machine that took over 30 s (395 of 500 shown).
  await expect(more).toBeVisible({ timeout: 90_000 });
  const firstCount = await all.count();
  expect(firstCount).toBeGreaterThanOrEqual(500);
  expect(firstCount).toBeLessThan(TOTAL);
  await expect(more).toHaveText(`${TOTAL - firstCount} more comments`);
  while (await more.isVisible()) {
    const before = await all.count();
    await more.click();
    await expect.poll(() => all.count(), { timeout: 60_000 }).toBeGreaterThan(before);
    // Wait for the batches of the new page to finish (the button returns, or everything is shown).
    await expect
      .poll(async () => (await more.isVisible()) || (await all.count()) === TOTAL, { timeout: 60_000 })
      .toBe(true);
  }
  await expect(all).toHaveCount(TOTAL);
  await expect(section.locator(':scope > ul > li')).toHaveCount(TOP_LEVEL);

  // A link to a comment that is not on the first page shows it, in its thread, on the screen.
  await page.goto(`/${community}/post/${publicId}/${oldest}`);
  const focused = page.locator(`[id="comment-${oldest}"]`);
  await expect(focused).toBeInViewport({ timeout: 30_000 });
  await expect(focused.getByText('Reply 0.3')).toBeVisible();
});
