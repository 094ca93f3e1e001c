import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, newModerator, textPost, type Member } from '../world';

/**
 * The public moderation log (issue 16): a moderator removes a post giving one of the community's rules
 * and a few words as the reason; its author reads the reason in the notification and on the post; a
 * guest reads the entry in the community's public log, with the moderator's name hidden because the
 * community says so.
 */

async function pageFor(browser: Browser, page: Page, baseURL: string, member: Member | null): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    baseURL,
    viewport: page.viewportSize(),
  });
  const other = await context.newPage();
  if (member) await logInAs(other, member);
  return other;
}

test('a removal with a rule as the reason reaches the author and the public log, names hidden', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const { mod, community } = await newModerator(baseURL!);
  await mod.api.ok('POST', `/api/communities/${community.id}/rules`, { rule: 'Be civil' });
  await mod.api.ok('PUT', `/api/communities/${community.id}`, { ...community, modlogHideNames: true });
  const author = await newMember(baseURL!, 'au');
  const post = await textPost(author, community.name, 'A heated take', 'You are all wrong.');

  // The moderator removes it from the post page, picking the rule and adding a few words.
  await logInAs(page, mod);
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await page.getByRole('button', { name: 'Moderate', exact: true }).click();
  await page
    .getByRole('menuitem', { name: 'Delete', exact: true })
    .or(page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }))
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post as a moderator?' });
  await dialog.getByLabel('Rule broken').selectOption({ label: '1. Be civil' });
  await dialog.getByLabel('Reason (optional)').fill('Second warning');
  await screenshot(page, 'modlog-removal-dialog', info.project.name);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Reason: Be civil: Second warning')).toBeVisible();

  // The author is told why, in the notification.
  const authorPage = await pageFor(browser, page, baseURL!, author);
  await authorPage.goto('/notifications');
  await expect(
    authorPage.getByText(/has been removed by moderators of .*Reason: Be civil: Second warning/),
  ).toBeVisible();
  await screenshot(authorPage, 'modlog-notification', info.project.name);

  // A guest reads the community's public log: what happened and why, but not who did it.
  const guest = await pageFor(browser, page, baseURL!, null);
  await guest.goto(`/${community.name}/modlog`);
  const log = guest.getByRole('list', { name: 'Moderation log' });
  const entry = log.getByRole('listitem').filter({ hasText: 'removed the post' });
  await expect(entry).toContainText('a moderator removed the post “A heated take” by @' + author.name, {
    ignoreCase: true,
  });
  await expect(entry).toContainText('Reason: Be civil: Second warning');
  await expect(log).not.toContainText(mod.name);
  // The filter by action keeps the removal only.
  await guest.getByLabel('Action').selectOption({ label: 'Remove post' });
  await guest.getByRole('button', { name: 'Filter' }).click();
  await expect(guest).toHaveURL(/action=remove_post/);
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(guest, 'the community moderation log');
  await screenshot(guest, 'modlog-public', info.project.name);

  // The moderator, in the modtools' Log tab, sees their own name.
  await page.goto(`/${community.name}/modtools/log`);
  await expect(page.getByRole('list', { name: 'Moderation log' })).toContainText(`@${mod.name}`);
  await expectAccessible(page, 'the modtools Log tab');
  await screenshot(page, 'modtools-log', info.project.name);

  // The site's administration is in the site-wide log too; read here in the dark theme.
  const admin = await newAdmin(baseURL!);
  // Not the community above: it hides its moderators' names, the admins' included.
  const place = await newCommunity(admin);
  await admin.api.ok('POST', '/api/_admin', { action: 'add_default_forum', name: place.name });
  await admin.api.ok('POST', `/api/users/${author.name}/badges`, { type: 'supporter' });
  const block = await admin.api.ok('POST', '/api/ipblocks', { address: '10.254.0.1', expiresIn: 24 });
  await admin.api.ok('DELETE', `/api/ipblocks/${(block as { id: number }).id}`);
  await admin.api.ok('POST', '/api/_admin', { action: 'remove_default_forum', name: place.name });
  await guest.emulateMedia({ colorScheme: 'dark' });
  await guest.goto('/modlog');
  await expect(guest.locator('html')).toHaveAttribute('data-theme', 'dark');
  const site = guest.getByRole('list', { name: 'Moderation log' });
  // Other journeys may act at the same time: this admin's entries, newest first.
  const items = site.getByRole('listitem').filter({ hasText: `@${admin.name}` });
  await expect(items.nth(0)).toContainText(
    `@${admin.name} (as an admin) removed from the default communities: /${place.name}`,
  );
  await expect(items.nth(1)).toContainText(`@${admin.name} (as an admin) lifted an IP block`);
  await expect(items.nth(2)).toContainText(`@${admin.name} (as an admin) blocked an IP address until`);
  await expect(items.nth(3)).toContainText(
    `@${admin.name} (as an admin) gave a badge to @${author.name} (supporter)`,
  );
  await expect(items.nth(4)).toContainText(`made a default community: /${place.name}`);
  await expect(site).not.toContainText('10.254');
  // The operator's command made the admin: no group to speak as.
  const made = site.getByRole('listitem').filter({ hasText: `made an admin: @${admin.name}` });
  await expect(made).toContainText('the operator made an admin', { ignoreCase: true });
  await expect(made).not.toContainText('as an admin');
  await expectAccessible(guest, 'the site moderation log, dark');
  await screenshot(guest, 'modlog-site-dark', info.project.name);
  await guest.getByLabel('Action').selectOption({ label: 'Give badge' });
  await guest.getByRole('button', { name: 'Filter' }).click();
  await expect(guest).toHaveURL(/action=add_badge/);
  await expect(items.first()).toContainText(`gave a badge to @${author.name}`);
  await screenshot(guest, 'modlog-site-filtered-dark', info.project.name);
});

test("an admin's deletion of a post with its content takes a reason; purging a removed post asks only to confirm", async ({
  page,
  baseURL,
}, info) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const author = await newMember(baseURL!, 'au');
  const spam = await textPost(author, community.name, 'Cheap watches', 'Visit my shop.');
  const chooseAdminItem = async (item: string) => {
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page
      .getByRole('menuitem', { name: item, exact: true })
      .or(page.getByRole('dialog').getByRole('button', { name: item, exact: true }))
      .click();
  };

  await logInAs(page, admin);
  await page.goto(`/${community.name}/post/${spam.publicId}`);
  await chooseAdminItem('Delete content');
  const dialog = page.getByRole('dialog', { name: 'Delete this post and its content?' });
  await expect(dialog).toContainText('and its content (its text, images and link) will be deleted as admin');
  await dialog.getByLabel('Reason (optional)').fill('Advertising');
  await screenshot(page, 'modlog-purge-dialog', info.project.name);
  await dialog.getByRole('button', { name: 'Delete content', exact: true }).click();
  await expect(page.getByText('Reason: Advertising')).toBeVisible();
  await expect(page.getByText('Visit my shop.')).toHaveCount(0);
  const log = await admin.api.ok<{ entries: { action: string; reason: string | null }[] }>(
    'GET',
    `/api/communities/${community.name}/modlog`,
  );
  expect(log.entries.map((e) => [e.action, e.reason])).toEqual([
    ['purge_post', null],
    ['remove_post', 'Advertising'],
  ]);

  // A post already removed (with its reason then) is purged with a plain confirmation.
  const second = await textPost(author, community.name, 'More watches', 'Again.');
  await admin.api.ok('DELETE', `/api/posts/${second.publicId}?deleteAs=admins&reason=Advertising%20again`);
  await page.goto(`/${community.name}/post/${second.publicId}`);
  await chooseAdminItem('Delete content');
  const confirm = page.getByRole('dialog', { name: 'Delete this post and its content?' });
  await expect(confirm.getByLabel('Reason (optional)')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Delete content', exact: true }).click();
  await expect(page.getByText('Again.')).toHaveCount(0);
  await expect(page.getByText('Reason: Advertising again')).toBeVisible();
});
