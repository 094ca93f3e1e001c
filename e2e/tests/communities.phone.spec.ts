import { expect, test } from '@playwright/test';
import { screenshot, uniqueName } from '../helpers';
import { newAdmin } from '../world';

test('every sort chip on /communities is in full view, and lookalike names get their own colours', async ({
  page,
  baseURL,
}, info) => {
  // Two communities whose names start alike, as Photography and Python do.
  const admin = await newAdmin(baseURL!);
  const tag = uniqueName('').toLowerCase();
  for (const name of [`Photography_${tag}`, `Python_${tag}`])
    await admin.api.ok('POST', '/api/communities', { name, about: 'Letter avatars side by side.' });

  await page.goto(`/communities?q=${tag}`);
  const list = page.getByRole('list', { name: `Communities matching ${tag}` });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  const group = page.getByRole('group', { name: 'Sort communities' });
  const chips = group.getByRole('button');
  await expect(chips).toHaveText(['Popular', 'Latest', 'Oldest', 'A–Z', 'Z–A']);
  const width = page.viewportSize()!.width;
  for (const chip of await chips.all()) {
    const box = (await chip.boundingBox())!;
    expect(box.x, `${await chip.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await chip.textContent()} ends on screen`).toBeLessThanOrEqual(width);
  }
  // Nothing hides in a sideways scroll.
  expect(await group.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  const colours = await list
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => getComputedStyle(a.querySelector('span')!).backgroundColor));
  expect(colours).toHaveLength(2);
  expect(colours[0]).not.toBe(colours[1]);
  await screenshot(page, 'communities-sorts', info.project.name);
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await screenshot(page, 'communities-sorts-dark', info.project.name);
});
