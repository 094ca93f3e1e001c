import { expect, test } from '@playwright/test';
import { newAdmin, newCommunity, textPost } from '../world';

test('a community page names its Atom feed, and the feed is valid Atom that answers 304 when unchanged', async ({
  page,
  baseURL,
}) => {
  const admin = await newAdmin(baseURL!);
  const community = await newCommunity(admin);
  const post = await textPost(
    admin,
    community.name,
    'Tides & <currents>',
    'Read **this** <script>x()</script>',
  );

  await page.goto(`/${community.name}`);
  await expect(page.getByRole('heading', { name: 'Tides & <currents>' })).toBeVisible();
  // In the HTML a feed reader fetches, and still in the page once the app runs.
  const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href'))!;
  expect(href).toBe(new URL(`/api/feeds/communities/${community.name}`, baseURL).toString());

  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await res.text();
  // Chromium's own XML parser: a document that is not well-formed yields a <parsererror>.
  const read = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const atom = 'http://www.w3.org/2005/Atom';
    const entry = doc.getElementsByTagNameNS(atom, 'entry')[0];
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      feedId: doc.querySelector('feed > id')?.textContent ?? '',
      updated: doc.querySelector('feed > updated')?.textContent ?? '',
      title: entry?.getElementsByTagNameNS(atom, 'title')[0]?.textContent ?? '',
      summary: entry?.getElementsByTagNameNS(atom, 'summary')[0]?.textContent ?? '',
      link: entry?.getElementsByTagNameNS(atom, 'link')[0]?.getAttribute('href') ?? '',
    };
  }, xml);
  expect(read.errors).toBe(0);
  expect(read.root).toBe('http://www.w3.org/2005/Atom feed');
  expect(read.feedId).toMatch(/^http/);
  expect(read.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(read.title).toBe('Tides & <currents>');
  expect(read.summary).toBe('<p>Read <strong>this</strong> x()</p>');
  expect(read.link).toBe(new URL(`/${community.name}/post/${post.publicId}`, baseURL).toString());

  const again = await page.request.get(href, { headers: { 'If-None-Match': res.headers()['etag']! } });
  expect(again.status()).toBe(304);

  // Navigating in the app (no page load) keeps the head's feed links those of the page shown.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page
    .getByRole('link', { name: `@${admin.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/@${admin.name}$`));
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', new URL(`/api/feeds/users/${admin.name}`, baseURL).toString());
  await expect(link).toHaveAttribute('title', `Posts by @${admin.name} - Commons`);
  await page.goBack();
  await expect(link).toHaveAttribute('href', href);
  await page.getByRole('link', { name: 'Tides & <currents>' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.publicId}$`));
  await expect(link).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
