import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { notificationMessages } from '../../packages/shared/src/texts/notifications';
import type { Comment } from '../../packages/shared/src/schemas/types';
import { chooseFromMenu, expectAccessible, PASSWORD, screenshot } from '../helpers';
import { cli, startServer } from '../server';
import { logInAs, newAdmin, newCommunity, newMember, newModerator, textPost, type Member } from '../world';

/** Within the 5 s user poll, with room for a busy machine. */
const POLL = { timeout: 15_000 };

/** The bell (navbar, wide screens) or the bottom bar's link (phones): one of them is on the page. */
const bell = (page: Page, count?: number): Locator =>
  page.getByRole('link', { name: count ? new RegExp(`^Notifications ?, ${count} new$`) : /^Notifications$/ });

const panelList = (page: Page) => page.getByRole('list', { name: 'Notifications' });

/** The panel's row whose title contains `text`. */
const rowWith = (page: Page, text: string | RegExp): Locator =>
  panelList(page).getByRole('listitem').filter({ hasText: text });

async function pageFor(browser: Browser, page: Page, baseURL: string, member: Member): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    baseURL,
    viewport: page.viewportSize(),
    isMobile: test.info().project.name === 'phone',
    hasTouch: test.info().project.name === 'phone',
  });
  const other = await context.newPage();
  await logInAs(other, member);
  return other;
}

test('two members comment, reply and upvote; each sees merged notifications, opens, marks and deletes them', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const ann = await newMember(baseURL!, 'ann');
  const ben = await newMember(baseURL!, 'ben');
  const post = await textPost(ann, community.name, 'Tide tables for the spring & <summer>');
  const postPath = `/${community.name}/post/${post.publicId}`;

  // Ann waits on the home page: the count arrives with the poll.
  await logInAs(page, ann);
  await page.goto('/');
  await expect(bell(page)).toBeVisible();

  // Ben comments twice (one notification, merged) and upvotes the post.
  const comment = (by: Member, body: string, parentCommentId: string | null = null) =>
    by.api.ok<Comment>('POST', `/api/posts/${post.publicId}/comments`, { body, parentCommentId });
  const first = await comment(ben, 'First thought from Ben');
  // A second apart, so the merged range covers two distinct seconds.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const second = await comment(ben, 'Second thought from Ben');
  await ben.api.ok('POST', '/api/_postVote', { postId: post.id, up: true });
  await expect(bell(page, 2)).toBeVisible(POLL);

  // Ann answers Ben's comment and upvotes it: Ben's turn to be notified.
  const reply = await comment(ann, 'A reply from Ann', second.id);
  await ann.api.ok('POST', '/api/_commentVote', { commentId: first.id, up: true });

  // Ann opens the panel: the count goes to 0 and the merged item reads as the rules say.
  await bell(page, 2).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const merged = rowWith(page, '2 new comments on your post');
  await expect(merged).toContainText('Tide tables for the spring & <summer>');
  await expect(merged.locator('b')).toHaveText('Tide tables for the spring & <summer>');
  await expect(rowWith(page, '1 new upvote on your post')).toBeVisible();
  await expect(panelList(page).getByRole('listitem')).toHaveCount(2);
  await expect(bell(page)).toBeVisible(POLL);
  await expect(merged).toHaveAttribute('data-seen', 'false');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, scheme);
    await screenshot(page, `notifications-panel-${scheme}`, info.project.name);
    await expectAccessible(page, `the notifications panel (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Opening the merged one lands on the post with Ben's two comments highlighted; it is now seen.
  await merged.getByRole('link').click();
  await expect(page).toHaveURL(
    new RegExp(`${postPath}\\?highlightFrom=\\d+&highlightTo=\\d+&fromNotif=\\d+$`),
  );
  const highlighted = page.locator('[data-highlighted]');
  await expect(highlighted).toHaveCount(2);
  await expect(highlighted.filter({ hasText: 'First thought from Ben' })).toHaveCount(1);
  await expect(highlighted.filter({ hasText: 'Second thought from Ben' })).toHaveCount(1);
  await expect(highlighted.filter({ hasText: reply.body })).toHaveCount(0);
  await expect(highlighted.first()).toBeInViewport();
  await screenshot(page, 'notifications-highlight', info.project.name);

  await bell(page).click();
  await expect(rowWith(page, '2 new comments on your post')).toHaveAttribute('data-seen', 'true');

  // Mark as unseen and back, delete one, then all.
  const menuOf = (row: Locator) => row.getByRole('button', { name: 'Notification options' });
  // Shown at once; kept once the server has answered (a reload before would cancel the request).
  const unseenKept = page.waitForResponse((r) => r.url().includes('seen=false') && r.ok());
  await chooseFromMenu(page, menuOf(rowWith(page, '2 new comments')), notificationMessages.markAsUnseen);
  await expect(rowWith(page, '2 new comments')).toHaveAttribute('data-seen', 'false');
  await unseenKept;
  await page.reload();
  await expect(rowWith(page, '2 new comments')).toHaveAttribute('data-seen', 'false');
  await chooseFromMenu(page, menuOf(rowWith(page, '1 new upvote')), 'Delete');
  await expect(rowWith(page, '1 new upvote')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect(page.getByText(notificationMessages.allSeen)).toBeVisible();
  await expect(rowWith(page, '2 new comments')).toHaveAttribute('data-seen', 'true');
  await page.reload();
  await expect(panelList(page).getByRole('listitem')).toHaveCount(1);
  await expect(rowWith(page, '2 new comments')).toHaveAttribute('data-seen', 'true');

  // Ben, in his own browser, sees Ann's reply and upvote.
  const benPage = await pageFor(browser, page, baseURL!, ben);
  await expect(bell(benPage, 2)).toBeVisible(POLL);
  await bell(benPage, 2).click();
  await expect(benPage).toHaveURL(/\/notifications$/);
  const replied = rowWith(benPage, `${ann.name} replied to your comment on post`);
  const upvoted = rowWith(benPage, '1 new upvote on your comment in');
  await expect(replied).toBeVisible();
  await expect(upvoted).toBeVisible();
  await screenshot(benPage, 'notifications-panel-ben', info.project.name);
  await benPage.getByRole('button', { name: 'Mark upvotes as seen' }).click();
  await expect(benPage.getByText(notificationMessages.allUpvotesSeen)).toBeVisible();
  await expect(upvoted).toHaveAttribute('data-seen', 'true');
  await expect(replied).toHaveAttribute('data-seen', 'false');

  // The reply's link leads to Ann's comment itself.
  await replied.getByRole('link').click();
  await expect(benPage).toHaveURL(new RegExp(`${postPath}/${reply.id}\\?fromNotif=\\d+$`));
  await expect(benPage.getByText('A reply from Ann')).toBeVisible();
  await benPage.goBack();
  await expect(rowWith(benPage, `${ann.name} replied`)).toHaveAttribute('data-seen', 'true');

  await benPage.getByRole('button', { name: 'Delete all' }).click();
  await benPage.getByRole('dialog').getByRole('button', { name: 'Delete all' }).click();
  await expect(benPage.getByText(notificationMessages.allDeleted)).toBeVisible();
  await expect(benPage.getByText(messages.common.nothingToShow)).toBeVisible();
  await benPage.reload();
  await expect(benPage.getByText(messages.common.nothingToShow)).toBeVisible();
  await benPage.context().close();
});

test('the panel needs an account: a guest goes to login and comes back', async ({ page, baseURL }) => {
  const member = await newMember(baseURL!, 'gst');
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fnotifications$/);
  await page.getByLabel('Username').fill(member.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
});

test("a moderator's removal and an admin's badge reach the member, who follows them", async ({
  page,
  baseURL,
}) => {
  const { admin, mod, community } = await newModerator(baseURL!);
  const member = await newMember(baseURL!, 'rmv');
  const post = await textPost(member, community.name, 'Off-topic & <loud>');
  await mod.api.ok('DELETE', `/api/posts/${post.publicId}?deleteAs=mods`);
  await admin.api.ok('POST', `/api/users/${member.name}/badges`, { type: 'supporter' });

  await logInAs(page, member);
  await page.goto('/notifications');
  const removal = rowWith(
    page,
    `Your post Off-topic & <loud> has been removed by moderators of ${community.name}`,
  );
  await expect(removal).toBeVisible(POLL);
  await expect(removal.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^/${community.name}/post/${post.publicId}\\?fromNotif=\\d+$`),
  );
  const badge = rowWith(
    page,
    /You are awarded the supporter badge for your contribution to .+ and for sheer awesomeness!/,
  );
  await expect(badge).toBeVisible();
  await badge.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/@${member.name}\\?fromNotif=\\d+$`));
});

/**
 * An announcement goes to every account of the site, so it has a server of its own: on the shared one
 * it would land in every other journey's notifications.
 */
test('an admin announces a post from its menu; a member is notified and follows it', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const server = await startServer({ CAPTCHA: 'altcha', RATE_LIMITS: 'off' });
  try {
    const admin = await newMember(server.url, 'adm');
    const made = cli(server.dataDir, 'admin', 'add', admin.name);
    expect(made.code, made.out).toBe(0);
    const member = await newMember(server.url, 'ann');
    const community = await newCommunity(admin);
    const post = await textPost(admin, community.name, 'Maintenance on Sunday & <Monday>');

    const adminContext = await browser.newContext({
      baseURL: server.url,
      serviceWorkers: 'block',
      viewport: page.viewportSize(),
      isMobile: info.project.name === 'phone',
      hasTouch: info.project.name === 'phone',
    });
    const adminPage = await adminContext.newPage();
    await logInAs(adminPage, admin);
    await adminPage.goto(`/${community.name}/post/${post.publicId}`);
    const adminMenu = adminPage.getByRole('article').getByRole('button', { name: 'Admin', exact: true });
    await chooseFromMenu(adminPage, adminMenu, 'Announce');
    // Once only: the second time the server refuses, and the member still gets one notification.
    await chooseFromMenu(adminPage, adminMenu, 'Announce');
    await expect(adminPage.getByText(messages.posts.alreadyAnnounced)).toBeVisible();
    await adminContext.close();

    const memberContext = await browser.newContext({
      baseURL: server.url,
      serviceWorkers: 'block',
      viewport: page.viewportSize(),
      isMobile: info.project.name === 'phone',
      hasTouch: info.project.name === 'phone',
    });
    const memberPage = await memberContext.newPage();
    await logInAs(memberPage, member);
    // The announcement job runs every 10 s; then delivery, then the 5 s poll.
    await expect(bell(memberPage, 1)).toBeVisible({ timeout: 40_000 });
    await bell(memberPage, 1).click();
    const announced = rowWith(memberPage, 'Maintenance on Sunday & <Monday>');
    await expect(announced).toBeVisible();
    await expect(panelList(memberPage).getByRole('listitem')).toHaveCount(1);
    await screenshot(memberPage, 'notifications-announcement', info.project.name);
    await announced.getByRole('link').click();
    await expect(memberPage).toHaveURL(
      new RegExp(`/${community.name}/post/${post.publicId}\\?fromNotif=\\d+$`),
    );
    await expect(memberPage.getByRole('heading', { name: 'Maintenance on Sunday & <Monday>' })).toBeVisible();
    await memberContext.close();
  } finally {
    await server.stop();
  }
});
