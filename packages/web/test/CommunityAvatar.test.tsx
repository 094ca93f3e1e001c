import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import CommunitiesPage from '../src/app/routes/communities';
import { fakeApi } from './fake-api';
import { makeCommunity } from './fixtures';
import { renderWithApp } from './render';

describe('community letter avatars', () => {
  test('Photography and Python side by side have different colours', async () => {
    const photography = makeCommunity('Photography', { noMembers: 30 });
    const python = makeCommunity('Python', { noMembers: 20 });
    fakeApi({ 'GET /api/communities?sort=size': { body: [photography, python] } });
    renderWithApp(<CommunitiesPage />, { path: '/communities', initial: { user: null } });
    const list = await waitFor(() => screen.getByRole('list', { name: 'All communities' }));
    const background = (name: string) =>
      (
        within(list)
          .getByRole('link', { name: new RegExp(`^P${name}`) })
          .querySelector('span') as HTMLElement
      ).style.background;
    expect(background('hotography')).not.toBe('');
    expect(background('hotography')).not.toBe(background('ython'));
  });
});
