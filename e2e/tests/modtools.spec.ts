import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { modLogMessages } from '../../packages/shared/src/modlog';
import { settingsMessages } from '../../packages/shared/src/texts/settings';
import type { Comment, Post } from '../../packages/shared/src/schemas/types';
import { expectAccessible, screenshot } from '../helpers';
import { pngImage } from '../link-site';
import { logInAs, newMember, newModerator, textPost, type Member } from '../world';

async function pageFor(browser: Browser, page: Page, baseURL: string, member: Member): Promise<Page> {
  const phone = test.info().project.name === 'phone';
  const context = await browser.newContext({
    serviceWorkers: 'block',
    baseURL,
    viewport: page.viewportSize(),
    isMobile: phone,
    hasTouch: phone,
  });
  const other = await context.newPage();
  await logInAs(other, member);
  return other;
}

/** The modtools sidebar (a row of tabs on phones). */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Moderation tools' }).getByRole('link', { name, exact: true });

test('a moderator runs every modtools tab; others see what their role allows', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const { admin, mod, community } = await newModerator(baseURL!);
  const c = community.name;
  const writer = await newMember(baseURL!, 'wr');
  const reporter = await newMember(baseURL!, 'rp');
  const second = await newMember(baseURL!, 'm2');
  const troll = await newMember(baseURL!, 'tr');
  const brief = await newMember(baseURL!, 'br');
  const spam = await textPost(writer, c, 'Buy cheap watches here');
  const rant = await textPost(writer, c, 'A heated rant about tabs');
  const calm = await textPost(writer, c, 'A calm post to lock');
  const comment = await writer.api.ok<Comment>('POST', `/api/posts/${rant.publicId}/comments`, {
    body: 'An off-topic reply',
  });
  await reporter.api.ok('POST', '/api/_report', { type: 'post', targetId: spam.id, reason: 3 });
  await reporter.api.ok('POST', '/api/_report', { type: 'comment', targetId: comment.id, reason: 1 });
  await mod.api.ok<Post>('PUT', `/api/posts/${calm.publicId}?action=lock&lockAs=mods`);

  // The community page's button leads in; the bare path goes to the settings tab.
  await logInAs(page, mod);
  await page.goto(`/${c}`);
  await page.getByRole('link', { name: messages.communities.modTools, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${c}/modtools/settings$`));
  await page.goto(`/${c}/modtools/nowhere`);
  await expect(page.getByText(messages.moderation.notFound)).toBeVisible();
  await page.goto(`/${c}/modtools`);
  await expect(page).toHaveURL(new RegExp(`/${c}/modtools/settings$`));

  // Settings: the profile picture (an unreadable file first), its alt text, the banner, the description.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(c);
  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit profile picture' });
  await dialog.getByLabel('Upload a profile picture').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(messages.images.unsupported);
  await dialog.getByLabel('Upload a profile picture').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: await pngImage(300, 300, [200, 90, 40]),
  });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
  await dialog.getByLabel('Alt text').fill('An orange square');
  await dialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByText(messages.images.altTextSaved)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit banner image' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit banner image' });
  await dialog.getByLabel('Upload a banner image').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await pngImage(1200, 400, [40, 110, 160]),
  });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
  await dialog.getByLabel('Alt text').fill('A blue banner');
  await dialog.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByText(messages.images.altTextSaved).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('img', { name: 'A blue banner' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Description').fill('Watches, clocks and everything that ticks.');
  await page.getByRole('switch', { name: messages.communities.onlyModsCanPost }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(settingsMessages.saved)).toBeVisible();
  await expect(save).toBeDisabled();
  await screenshot(page, 'modtools-settings', project);

  // Reports: one ignored, one acted on (the post removed from here).
  await tab(page, 'Reports').click();
  const reports = page.getByRole('list', { name: 'Reports' });
  await expect(reports.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Comments (1)' })).toBeVisible();
  const commentReport = reports.getByRole('listitem').filter({ hasText: 'An off-topic reply' });
  await expect(commentReport).toContainText('Breaks community rules');
  await commentReport.getByRole('button', { name: 'Ignore' }).click();
  await expect(page.getByText(messages.moderation.reportIgnored)).toBeVisible();
  await expect(reports.getByRole('listitem')).toHaveCount(1);
  await screenshot(page, 'modtools-reports', project);
  await expectAccessible(page, 'modtools reports');
  // Removed from the queue with a reason, as from the post page: the author and the log are told why.
  await reports.getByRole('button', { name: 'Remove post' }).click();
  const removal = page.getByRole('dialog');
  await removal.getByLabel(modLogMessages.reasonLabel).fill('Advertising, plainly');
  await removal.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('No reports.')).toBeVisible();
  const removed = await writer.api.ok<Post>('GET', `/api/posts/${spam.publicId}`);
  expect(removed).toMatchObject({ deleted: true, deletedAs: 'mods', deletedReason: 'Advertising, plainly' });

  // Removed and Locked.
  await tab(page, 'Removed').click();
  await expect(page.getByRole('list', { name: 'Removed posts' })).toContainText(spam.title);
  await screenshot(page, 'modtools-removed', project);
  await tab(page, 'Locked').click();
  await expect(page.getByRole('list', { name: 'Locked posts' })).toContainText(calm.title);
  await screenshot(page, 'modtools-locked', project);

  // Banned: the spec's refusals, a ban and an unban, and a timed ban that lifts by itself.
  await tab(page, 'Banned').click();
  const username = page.getByLabel('Username');
  await username.fill('nobody_here_at_all');
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByText(messages.moderation.noSuchUser)).toBeVisible();
  await username.fill(troll.name);
  await page.getByLabel('Duration').selectOption('1 hour');
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByText(messages.moderation.isBanned(troll.name))).toBeVisible();
  const banned = page.getByRole('list', { name: 'Banned users' });
  await expect(banned).toContainText(`@${troll.name}`);
  await username.fill(troll.name);
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByText(messages.moderation.alreadyBanned(troll.name))).toBeVisible();
  await username.fill(second.name);
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByText(messages.moderation.isBanned(second.name))).toBeVisible();
  await page.getByRole('button', { name: `Unban @${second.name}` }).click();
  await expect(banned).not.toContainText(`@${second.name}`);
  const expires = new Date(Date.now() + 4_000).toISOString();
  await mod.api.ok('POST', `/api/communities/${community.id}/banned`, { username: brief.name, expires });
  await page.reload();
  await expect(banned).toContainText(`@${brief.name}`);
  await screenshot(page, 'modtools-banned', project);
  await page.waitForTimeout(Math.max(0, Date.parse(expires) - Date.now() + 500));
  await page.reload();
  await expect(banned).toContainText(`@${troll.name}`);
  await expect(banned).not.toContainText(`@${brief.name}`);

  // Moderators: an unknown name, then a second moderator ranked after the first.
  await tab(page, 'Moderators').click();
  await page.getByLabel('Username').fill('nobody_here_at_all');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(messages.moderation.userNotFound)).toBeVisible();
  await page.getByLabel('Username').fill(second.name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const mods = page.getByRole('list', { name: 'Moderators' });
  await expect(mods.getByRole('listitem')).toHaveCount(2);
  await expect(mods.getByRole('listitem').nth(1)).toContainText(`@${second.name}`);
  await screenshot(page, 'modtools-moderators', project);
  await expectAccessible(page, 'modtools moderators');

  // Rules: two added, the second moved above the first; the community page shows that order.
  await tab(page, 'Rules').click();
  const addRule = page.getByRole('region', { name: 'Add a rule' });
  await expect(addRule.getByRole('button', { name: 'Save' })).toBeDisabled();
  await addRule.getByLabel('Rule').fill('Be kind');
  await addRule.getByRole('button', { name: 'Save' }).click();
  const rules = page.getByRole('region', { name: 'Rules' }).getByRole('list');
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await addRule.getByLabel('Rule').fill('No spam');
  await addRule.getByLabel('Description').fill('Advertising gets removed.');
  await addRule.getByRole('button', { name: 'Save' }).click();
  await expect(rules.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Move “No spam” up' }).click();
  await expect(rules.getByRole('listitem').first()).toContainText('No spam');
  await screenshot(page, 'modtools-rules', project);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'modtools-rules-dark', project);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/${c}`);
  await expect(page.getByRole('heading', { level: 1, name: c })).toBeVisible();
  const aboutTab = page.getByRole('tab', { name: 'About' });
  if (await aboutTab.isVisible()) await aboutTab.click();
  const sidebarRules = page.getByRole('region', { name: 'Rules' }).getByRole('listitem');
  await expect(sidebarRules).toHaveText([/^No spam/, /^Be kind/]);
  await screenshot(page, 'modtools-community-rules', project);

  // The second moderator may not remove the first, who outranks them.
  const secondPage = await pageFor(browser, page, baseURL!, second);
  await secondPage.goto(`/${c}/modtools/mods`);
  await expect(secondPage.getByRole('button', { name: `Remove @${second.name}` })).toBeVisible();
  await expect(secondPage.getByRole('button', { name: `Remove @${mod.name}` })).toHaveCount(0);
  // Leaving the community as a moderator asks first, and ends the role.
  await secondPage.goto(`/${c}`);
  await secondPage.getByRole('button', { name: 'Joined' }).click();
  const leave = secondPage.getByRole('dialog', { name: `Leave ${c}?` });
  await expect(leave).toContainText('no longer be one of its moderators');
  await leave.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(secondPage.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect(
    secondPage.getByRole('link', { name: messages.communities.modTools, exact: true }),
  ).toHaveCount(0);
  await secondPage.context().close();

  // A member gets the forbidden view; an admin who does not moderate sees MOD TOOLS (ADMIN).
  const memberPage = await pageFor(browser, page, baseURL!, reporter);
  await memberPage.goto(`/${c}/modtools/settings`);
  await expect(memberPage.getByRole('heading', { name: messages.common.forbiddenTitle })).toBeVisible();
  await screenshot(memberPage, 'modtools-forbidden', project);
  await memberPage.context().close();
  const adminPage = await pageFor(browser, page, baseURL!, admin);
  await adminPage.goto(`/${c}`);
  await adminPage.getByRole('link', { name: messages.communities.modToolsAdmin, exact: true }).click();
  await expect(adminPage.getByRole('switch', { name: 'Default community' })).toBeVisible();
  await adminPage.context().close();
});
