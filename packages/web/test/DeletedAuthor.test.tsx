import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PostCard } from '../src/features/posts/components/PostCard';
import { makeUser } from './fixtures';
import { makePost } from './post-fixtures';
import { renderWithApp } from './render';

const orphan = makePost({ title: 'Left behind', username: 'realname', userDeleted: true });

describe('a deleted author (core §6)', () => {
  test('members see "Ghost", without a link', () => {
    renderWithApp(<PostCard post={{ ...orphan, username: 'ghost' }} />, {
      initial: { user: makeUser({ username: 'reader' }) },
    });
    expect(screen.getByText('Ghost')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  test('admins see the real name, marked as deleted, in both layouts', () => {
    for (const layout of ['card', 'compact'] as const) {
      const view = renderWithApp(<PostCard post={orphan} layout={layout} />, {
        initial: { user: makeUser({ username: 'root', isAdmin: true }) },
      });
      const name = screen.getByRole('link', { name: '@realname' });
      expect(name.classList.contains('deleted')).toBe(true);
      expect(name.getAttribute('title')).toBe('Deleted account');
      view.unmount();
    }
  });
});

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the red of deleted names', () => {
  const css = readFileSync(join(import.meta.dirname, '../src/styles/theme.css'), 'utf8');
  const theme = (selector: string) => {
    const block = css.slice(css.indexOf(selector)).split('}')[0]!;
    const value = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(block)?.[1];
    return value;
  };

  test.each([
    ["[data-theme='light']", 'light'],
    ["[data-theme='dark']", 'dark'],
  ])('is a red that meets AA (4.5:1) on every surface, %s', (selector) => {
    const value = theme(selector);
    const red = value('deleted-name');
    expect(red, 'the theme defines --deleted-name').toMatch(/^#/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(red!.slice(i, i + 2), 16));
    expect(r! > g! * 1.5 && r! > b! * 1.5, `${red} reads as red`).toBe(true);
    for (const surface of ['bg', 'surface', 'surface-2', 'surface-hover']) {
      expect(contrast(red!, value(surface)!), `${red} on --${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
