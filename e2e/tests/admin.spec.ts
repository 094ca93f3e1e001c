import http from 'node:http';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages } from '../../packages/shared/src/messages';
import { settingsMessages } from '../../packages/shared/src/texts/settings';
import type { Comment } from '../../packages/shared/src/schemas/types';
import { expectAccessible, screenshot, uniqueName } from '../helpers';
import { cli, startServer } from '../server';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

/**
 * A request to the e2e server (on 127.0.0.1) from another loopback source address: Linux accepts any
 * 127/8 address as a source, so the server's `request.ip` is that address and a block can be checked
 * without blocking the browser.
 */
function requestFrom(baseURL: string, localAddress: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/api/_initial', localAddress, method: 'GET' },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function newPage(browser: Browser, like: Page, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    serviceWorkers: 'block',
    viewport: like.viewportSize(),
    isMobile: test.info().project.name === 'phone',
    hasTouch: test.info().project.name === 'phone',
  });
  return context.newPage();
}

async function openTab(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
}

/** Light, then dark (the theme follows the system when none was chosen), then light again. */
async function screenshots(page: Page, name: string) {
  const project = test.info().project.name;
  await screenshot(page, `admin-${name}`, project);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, `admin-${name}-dark`, project);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

test('an admin runs every dashboard tab; a member requests a community; others are forbidden', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  // Each width blocks its own loopback ranges: the same block twice would be a duplicate.
  const [timedNet, lastingNet] = phone ? ['127.0.4', '127.0.5'] : ['127.0.2', '127.0.3'];
  await page.emulateMedia({ colorScheme: 'light' });

  const admin = await newAdmin(baseURL!);
  const member = await newMember(baseURL!, 'rq');
  const town = await newCommunity(admin);
  const post = await textPost(admin, town.name, 'Welcome to the dashboard test');
  const spam = await member.api.ok<Comment>('POST', `/api/posts/${post.publicId}/comments`, {
    body: `Buy cheap watches, says ${member.name}`,
  });
  const wanted = uniqueName('req');

  // A member is forbidden the dashboard, and asks for a community they may not create (1 point, the
  // e2e server asks 2).
  const memberPage = await newPage(browser, page);
  await logInAs(memberPage, member);
  await memberPage.goto('/admin/users');
  await expect(memberPage.getByRole('heading', { name: messages.common.forbiddenTitle })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: messages.common.goHome })).toBeVisible();
  await screenshot(memberPage, 'admin-forbidden', testInfo.project.name);

  await memberPage.goto('/communities');
  await memberPage.getByRole('button', { name: 'Create community' }).click();
  const create = memberPage.getByRole('dialog', { name: 'Create community' });
  await create.getByLabel('Name').fill(wanted);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByRole('alert')).toContainText('You need at least 2 points to create a community.');
  await create.getByRole('button', { name: 'Request this community instead' }).click();
  const request = memberPage.getByRole('dialog', { name: 'Request community' });
  await expect(request.getByLabel('Community name')).toHaveValue(wanted);
  await request.getByLabel('Community name').fill('ab');
  await request.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(request.getByText(messages.communities.requestNameTooShort)).toBeVisible();
  await request.getByLabel('Community name').fill(wanted);
  await request.getByLabel('Note (optional)').fill('For people who grow things on balconies.');
  await screenshot(memberPage, 'request-community', testInfo.project.name);
  await request.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(memberPage.getByText(messages.communities.requested)).toBeVisible();
  await expect(request).toBeHidden();
  // A second request, for the admin to delete.
  const unwanted = uniqueName('req');
  await member.api.ok('POST', '/api/community_requests', { name: unwanted, note: '' });

  // Site settings (signups are closed and opened again in the journey below, on a server of their own).
  await logInAs(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Site settings' })).toBeVisible();
  await expectAccessible(page, 'admin site settings');
  await screenshots(page, 'settings');

  // Users: the member's row, linking to the profile's admin view.
  await openTab(page, 'Users');
  const users = page.getByRole('region', { name: 'Users table' });
  const memberRow = users.getByRole('row', { name: new RegExp(`^${member.name}\\b`) });
  await expect(memberRow).toBeVisible();
  await expect(users.getByRole('columnheader')).toHaveText([
    'Username',
    'Banned',
    'Deleted',
    'Created',
    'Created IP',
    'Last seen IP',
  ]);
  await expect(memberRow.getByRole('cell').nth(3)).toHaveText('127.0.0.1');
  await screenshots(page, 'users');
  await memberRow.getByRole('link', { name: member.name }).click();
  await expect(page).toHaveURL(new RegExp(`/@${member.name}$`));
  await page.goBack();

  // Comments: the newest first; the spam is removed.
  await openTab(page, 'Comments');
  const spamItem = page
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ hasText: spam.body });
  await expect(spamItem).toBeVisible();
  await screenshots(page, 'comments');
  await spamItem.getByRole('button', { name: `Remove the comment by ${member.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(spamItem.getByText(messages.comments.deletedBy('admins'))).toBeVisible();

  // Communities: five sorts, each community leading to its moderation tools.
  await openTab(page, 'Communities');
  const sorts = page.getByRole('group', { name: 'Sort communities' });
  await expect(sorts.getByRole('button')).toHaveText(['Latest', 'Oldest', 'Popular', 'Name A–Z', 'Name Z–A']);
  await expect(sorts.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByRole('region', { name: 'Communities table' });
  await expect(table.getByRole('link', { name: town.name, exact: true })).toHaveAttribute(
    'href',
    `/${town.name}/modtools`,
  );
  await sorts.getByRole('button', { name: 'Name Z–A' }).click();
  await expect(page).toHaveURL(/sort=name_dsc/);
  await expect(sorts.getByRole('button', { name: 'Name Z–A' })).toHaveAttribute('aria-pressed', 'true');
  await screenshots(page, 'communities');

  // IP blocks: the modal's checks, the server's refusal, a timed block that lapses and one cancelled.
  await openTab(page, 'IP blocks');
  await page.getByRole('button', { name: 'Block IP' }).click();
  const modal = page.getByRole('dialog', { name: 'Block IP' });
  const address = modal.getByLabel('Address');
  const expiresIn = modal.getByLabel('Expires in (hours)');
  await address.fill('127.*.0.9');
  await modal.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(modal.getByText(messages.admin.invalidWildcard)).toBeVisible();
  await address.fill(`${timedNet}.*`);
  await expiresIn.fill('soon');
  await modal.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(modal.getByText(messages.admin.invalidExpiresIn)).toBeVisible();
  await address.fill('10.0.0.0/4');
  await expiresIn.fill('');
  await modal.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(modal.getByRole('alert')).toHaveText('Error blocking IP: IP subnet too large.');
  await address.fill(`${timedNet}.*`);
  await expiresIn.fill('0.003'); // about 11 seconds
  await modal.getByLabel('Note').fill('Loopback test, lapses by itself.');
  await screenshot(page, 'admin-block-ip', testInfo.project.name);
  await modal.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(modal).toBeHidden();
  const timed = page.getByRole('listitem', { name: `Block of ${timedNet}.0/24` });
  await expect(timed.getByText('In effect')).toBeVisible();
  const refused = await requestFrom(baseURL!, `${timedNet}.5`);
  expect(refused.status).toBe(403);
  expect(refused.body).toContain(messages.admin.blocked);
  // The admin's own browser (127.0.0.1) still works.
  expect((await requestFrom(baseURL!, '127.0.0.1')).status).toBe(200);

  await page.getByRole('button', { name: 'Block IP' }).click();
  await modal.getByLabel('Address').fill(`${lastingNet}.*`);
  await modal.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(modal).toBeHidden();
  const lasting = page.getByRole('listitem', { name: `Block of ${lastingNet}.0/24` });
  await expect(lasting.getByText('Never expires')).toBeVisible();
  expect((await requestFrom(baseURL!, `${lastingNet}.9`)).status).toBe(403);
  await expectAccessible(page, 'admin IP blocks');
  await screenshots(page, 'ipblocks');
  await lasting.getByRole('button', { name: `Cancel the block of ${lastingNet}.0/24` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel block' }).click();
  await expect(lasting.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(lasting.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  expect((await requestFrom(baseURL!, `${lastingNet}.9`)).status).toBe(200);
  // The timed block lapses at its time.
  await expect
    .poll(async () => (await requestFrom(baseURL!, `${timedNet}.5`)).status, { timeout: 20_000 })
    .toBe(200);
  await page.reload();
  await expect(timed.getByText('Expired')).toBeVisible();
  await expect(timed.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  // Analytics: the snapshot the hourly job took when the server started, and the chart.
  await openTab(page, 'Analytics');
  const analytics = page.getByRole('region', { name: 'Analytics table' });
  await expect(analytics.getByRole('columnheader')).toHaveCount(14);
  await expect(analytics.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Over the last 30 days/ })).toBeVisible();
  await screenshots(page, 'analytics');

  // Community requests: the member's request denied with a note; the other deleted.
  await openTab(page, 'Community requests');
  const asked = page.getByRole('listitem', { name: `Request for ${wanted}` });
  await expect(asked.getByText('For people who grow things on balconies.')).toBeVisible();
  await expect(asked.getByText('Pending')).toBeVisible();
  await screenshots(page, 'requests');
  await asked.getByRole('button', { name: `Deny /${wanted}` }).click();
  const deny = page.getByRole('dialog', { name: `Deny /${wanted}` });
  await deny.getByLabel('Note (optional)').fill('Try the gardening community first.');
  await deny.getByRole('button', { name: 'Deny request' }).click();
  await expect(page.getByText(messages.communities.denialSent)).toBeVisible();
  await expect(asked.getByText('Denied', { exact: true })).toBeVisible();
  await expect(asked).toContainText(`Denied by @${admin.name}`);
  await expect(asked.getByRole('button', { name: /^Deny/ })).toHaveCount(0);
  const other = page.getByRole('listitem', { name: `Request for ${unwanted}` });
  await other.getByRole('button', { name: `Delete the request for /${unwanted}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(other).toHaveCount(0);
  // On a phone the tabs are a sideways row: the last one, current here, is in sight (loaded afresh:
  // a click would have scrolled it into sight itself).
  await page.reload();
  await expect(
    page
      .getByRole('navigation', { name: 'Admin dashboard' })
      .getByRole('link', { name: 'Community requests' }),
  ).toBeInViewport({ ratio: 0.9 });

  // Anything else under /admin is Not found.
  await page.goto('/admin/nothing-here');
  await expect(page.getByRole('heading', { level: 2, name: messages.admin.notFound })).toBeVisible();
  await memberPage.context().close();
});

/**
 * Signups are one setting for the whole server: closed on the shared one, they would refuse the
 * accounts of every journey running alongside. So this journey has a server of its own.
 */
test('an admin closes signups, a guest finds the form closed, and the admin opens them again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = await startServer({ CAPTCHA: 'altcha', RATE_LIMITS: 'off' });
  try {
    const admin = await newMember(server.url, 'adm');
    const made = cli(server.dataDir, 'admin', 'add', admin.name);
    expect(made.code, made.out).toBe(0);
    const adminPage = await newPage(browser, page, server.url);
    await logInAs(adminPage, admin);
    await adminPage.goto('/admin');
    const signupsSwitch = adminPage.getByRole('switch', { name: 'Disable signups' });
    const save = adminPage.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await signupsSwitch.click();
    await save.click();
    await expect(adminPage.getByText(settingsMessages.saved)).toBeVisible();
    await expect(signupsSwitch).toHaveAttribute('aria-checked', 'true');

    const guest = await newPage(browser, page, server.url);
    await guest.goto('/');
    await guest.getByRole('button', { name: messages.common.createAccount }).first().click();
    const signup = guest.getByRole('dialog', { name: messages.common.createAccount });
    await expect(signup.getByText(messages.signup.disabled)).toBeVisible();
    await expect(signup.getByLabel('Username')).toBeDisabled();
    await screenshot(guest, 'signup-disabled', testInfo.project.name);

    await signupsSwitch.click();
    await save.click();
    await expect(signupsSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(save).toBeDisabled();
    await guest.reload();
    await guest.getByRole('button', { name: messages.common.createAccount }).first().click();
    await expect(
      guest.getByRole('dialog', { name: messages.common.createAccount }).getByLabel('Username'),
    ).toBeEnabled();
    await guest.context().close();
    await adminPage.context().close();
  } finally {
    await server.stop();
  }
});
