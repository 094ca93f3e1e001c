import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { siteConfig } from '../src/app/site-config';
import { Navbar } from '../src/features/layout/Navbar';
import { SearchBox } from '../src/features/layout/SearchBox';
import { renderWithApp } from './render';

function renderSearch() {
  const view = renderWithApp(
    <>
      <label>
        Title
        <input />
      </label>
      <SearchBox />
    </>,
  );
  const search = screen.getByRole('searchbox', { name: /^Search Commons/ });
  return {
    ...view,
    search: search as HTMLInputElement,
    other: screen.getByRole('textbox', { name: 'Title' }),
  };
}

describe('SearchBox', () => {
  test('is a search landmark whose box names the site', () => {
    renderSearch();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByRole('searchbox').getAttribute('aria-label')).toBe('Search Commons');
  });

  test('submitting opens the built-in search page with the query, and no new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, search, currentPath } = renderSearch();
    await user.type(search, '  rust & go?{Enter}');
    expect(currentPath()).toBe(`/search?q=${encodeURIComponent('rust & go?')}`);
    expect(open).not.toHaveBeenCalled();
  });

  test('pressing / outside a text field focuses the search box without typing the slash', async () => {
    const { user, search } = renderSearch();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
    expect(search.value).toBe('');
  });

  test('pressing / does nothing while a dialog is open (a menu, the drawer, a confirmation)', async () => {
    const { user, search } = renderSearch();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    await user.keyboard('/');
    expect(document.activeElement).not.toBe(search);
    dialog.remove();
    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
  });

  test('pressing / while typing in another field types a slash there', async () => {
    const { user, search, other } = renderSearch();
    await user.type(other, 'a/b');
    expect((other as HTMLInputElement).value).toBe('a/b');
    expect(document.activeElement).toBe(other);
    expect(search.value).toBe('');
  });
});

describe('SearchBox where the operator keeps the web search (SEARCH=external)', () => {
  afterEach(() => {
    siteConfig.externalSearch = false;
  });

  test('its box says it opens a web search', () => {
    siteConfig.externalSearch = true;
    renderSearch();
    expect(screen.getByRole('searchbox').getAttribute('aria-label')).toBe(
      'Search Commons (opens a web search in a new tab)',
    );
  });

  test('submitting opens a web search limited to this site in a new tab, with noopener', async () => {
    siteConfig.externalSearch = true;
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, search } = renderSearch();
    await user.type(search, '  rust & go?{Enter}');
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0]!;
    expect(url).toBe(
      `https://duckduckgo.com/?q=${encodeURIComponent(`site:${window.location.host} rust & go?`)}`,
    );
    expect(url).toBe('https://duckduckgo.com/?q=site%3Alocalhost%3A3000%20rust%20%26%20go%3F');
    expect(target).toBe('_blank');
    expect(String(features).split(',')).toContain('noopener');
  });

  test('an empty or blank query opens nothing', async () => {
    siteConfig.externalSearch = true;
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, search, history } = renderSearch();
    await user.type(search, '{Enter}');
    await user.type(search, '   {Enter}');
    expect(open).not.toHaveBeenCalled();
    expect(history).toEqual(['/']);
  });

  test("on a phone, the navbar's search row closes on Escape and gives focus back to its button", async () => {
    const { user } = renderWithApp(<Navbar mobile onOpenDrawer={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: /^Search Commons/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
