import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ProfileHeader } from '../src/features/profiles/components/ProfileHeader';
import { makeUser } from './fixtures';
import { renderWithApp } from './render';

describe('profile header', () => {
  test("'about me' is rendered with the site's markdown rules, not shown raw", async () => {
    const alice = makeUser({
      username: 'alice',
      aboutMe: 'I like **bold** claims.\n\n- item one\n- item two',
    });
    renderWithApp(<ProfileHeader user={alice} />);
    const strong = await screen.findByText('bold', { selector: 'strong' });
    const about = strong.closest('#profile-about') as HTMLElement;
    expect(about).toBeTruthy();
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['item one', 'item two']);
    expect(about.textContent).not.toContain('**');
    // The fold of core §2 still applies to the rendered text.
    expect(about.style.maxHeight).toBe('120px');
  });

  test('an admin sees a deleted account’s real name marked in red', () => {
    const gone = makeUser({ username: 'leftus', deleted: true, deletedAt: '2025-02-01T00:00:00Z' });
    renderWithApp(<ProfileHeader user={gone} />, { initial: { user: makeUser({ isAdmin: true }) } });
    const name = screen.getByText('@leftus');
    expect(name.classList.contains('deletedName')).toBe(true);
    expect(name.getAttribute('title')).toBe('Deleted account');
  });

  test('a live account’s name is not marked', () => {
    renderWithApp(<ProfileHeader user={makeUser({ username: 'here' })} />, {
      initial: { user: makeUser({ isAdmin: true }) },
    });
    const heading = screen.getByRole('heading', { level: 1, name: '@here' });
    expect(heading.querySelector('.deletedName')).toBeNull();
  });
});
