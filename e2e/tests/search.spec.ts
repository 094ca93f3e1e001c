import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from '../helpers';
import { logInAs, newAdmin, newCommunity, newMember, textPost } from '../world';

/** A word of letters only, new to this run: the search finds just what this test made. */
function freshWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'zq';
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

const results = (page: Page) => page.getByRole('list', { name: /^(Posts|Comments)$/ }).getByRole('article');

/** One of the search page's tabs (the bottom bar has a Communities link too). */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Search' }).getByRole('link', { name, exact: true });

/** Runs a query from the search page's own box. */
async function searchFor(page: Page, text: string): Promise<void> {
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

test('a member searches with filters and the query syntax and finds only what they may see', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const phone = info.project.name === 'phone';
  const word = freshWord();
  const admin = await newAdmin(baseURL!);
  const [garden, kitchen] = [await newCommunity(admin), await newCommunity(admin)];
  const author = await newMember(baseURL!, 'au');
  const loud = await newMember(baseURL!, 'loud');
  const viewer = await newMember(baseURL!, 'seek');
  const tips = await textPost(author, garden.name, `Garden ${word} tips`, `How to grow ${word} in pots.`);
  await textPost(author, kitchen.name, `Cooking with ${word}`);
  await textPost(loud, garden.name, `Loud ${word} opinions`);
  const removed = await textPost(author, garden.name, `Removed ${word} spam`);
  await author.api.ok('POST', `/api/posts/${tips.publicId}/comments`, { body: `More ${word} advice here` });
  await admin.api.ok('DELETE', `/api/posts/${removed.publicId}?deleteAs=mods`);
  const loudId = (await viewer.api.ok<{ id: string }>('GET', `/api/users/${loud.name}`)).id;
  await viewer.api.ok('POST', '/api/mutes', { userId: loudId });

  await logInAs(page, viewer);
  // Desktop: '/' focuses the navbar's box, which opens /search. Phone: the bottom bar's Search.
  if (phone) {
    await page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search');
    await searchFor(page, word);
  } else {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    const navbarBox = page.getByRole('banner').getByRole('searchbox');
    await expect(navbarBox).toBeFocused();
    await navbarBox.fill(word);
    await navbarBox.press('Enter');
  }
  await expect(page).toHaveURL(`/search?q=${word}`);

  // The muted author's post and the removed post are not there; the matches are marked.
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).filter({ hasText: `Garden ${word} tips` })).toHaveCount(1);
  await expect(results(page).filter({ hasText: `Cooking with ${word}` })).toHaveCount(1);
  await expect(page.getByText(`Loud ${word} opinions`)).toHaveCount(0);
  await expect(page.getByText(`Removed ${word} spam`)).toHaveCount(0);
  await expect(results(page).first().locator('mark').first()).toHaveText(word);
  await screenshot(page, 'search-results', info.project.name);
  await expectAccessible(page, 'search results');
  // The dark theme (the system's): readable, contrast included.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, 'search-results-dark', info.project.name);
  await expectAccessible(page, 'search results, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The query syntax: an exact phrase, community:name.
  await searchFor(page, `"garden ${word}"`);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText(`Garden ${word} tips`);
  if (!phone) {
    // The navbar's box shows the search the page shows, not the words it was given first.
    const navbarBox = page.getByRole('banner').getByRole('searchbox');
    await expect(navbarBox).toHaveValue(`"garden ${word}"`);
    // Elsewhere it is empty; Back brings the search, and its words, again.
    await page.getByRole('banner').getByRole('link', { name: /home$/ }).click();
    await expect(navbarBox).toHaveValue('');
    await page.goBack();
    await expect(navbarBox).toHaveValue(`"garden ${word}"`);
    await expect(results(page)).toHaveCount(1);
  }
  await searchFor(page, `${word} community:${kitchen.name}`);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText(`Cooking with ${word}`);
  // And -community:name leaves that community out.
  await searchFor(page, `${word} -community:${kitchen.name}`);
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText(`Garden ${word} tips`);

  // A quoted name typed into the query narrows it as well; when nothing is found, a link lifts it.
  await searchFor(page, `${word} -cooking community:"${kitchen.name}"`);
  await expect(page.getByText(`No results for "${word} -cooking community:"${kitchen.name}""`)).toBeVisible();
  await page.getByRole('link', { name: 'Search every community' }).click();
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search' })).toHaveValue(
    `${word} -cooking`,
  );
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText(`Garden ${word} tips`);

  // The filters: community and author fields, post type and time window.
  await searchFor(page, word);
  await page.getByLabel('Community').fill(kitchen.name);
  await page.getByLabel('Author').fill(author.name);
  await page.getByLabel('Community').press('Enter');
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText(`Cooking with ${word}`);
  await page.getByLabel('Time').selectOption('day');
  await expect(page).toHaveURL(/t=day/);
  await expect(results(page)).toHaveCount(1);
  await page.getByLabel('Post type').selectOption('link');
  await expect(page.getByText(`No results for "${word}"`)).toBeVisible();
  await screenshot(page, 'search-empty', info.project.name);
  await page.getByRole('link', { name: 'Any post type' }).click();
  await expect(results(page)).toHaveCount(1);
  await page.getByLabel('Community').fill('');
  await page.getByLabel('Community').press('Enter');
  await expect(results(page)).toHaveCount(2);

  // A long unbroken query (a pasted hash or address) wraps in the answer: nothing wider than the window.
  const long = `${word}${'x'.repeat(150)}`;
  await searchFor(page, long);
  await expect(page.getByText(`No results for "${long}"`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await searchFor(page, word);
  await expect(results(page)).toHaveCount(2);

  // Communities and users are found by the first letters of their names, the letters typed marked.
  const kitchenStart = kitchen.name.slice(0, -1).toUpperCase();
  await tab(page, 'Communities').click();
  await searchFor(page, kitchenStart);
  const communities = page.getByRole('list', { name: 'Communities' }).getByRole('article');
  await expect(communities.first()).toHaveAccessibleName(kitchen.name);
  await expect(communities.first().locator('mark').first()).toHaveText(kitchen.name.slice(0, -1));
  await screenshot(page, 'search-communities', info.project.name);
  await tab(page, 'Users').click();
  await searchFor(page, `@${author.name.slice(0, -1)}`);
  await expect(
    page.getByRole('list', { name: 'Users' }).getByRole('article', { name: author.name }),
  ).toBeVisible();
  await tab(page, 'Posts').click();
  await searchFor(page, word);
  await expect(results(page)).toHaveCount(2);

  // Comments have their own tab; the result leads to the comment.
  await page.getByRole('link', { name: 'Comments', exact: true }).click();
  await expect(results(page)).toHaveCount(1);
  await expect(results(page)).toContainText(`More ${word} advice here`);
  await results(page)
    .getByRole('link', { name: `More ${word} advice here` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${garden.name}/post/${tips.publicId}/`));
});
