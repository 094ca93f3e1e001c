import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { CommunityWithoutMods } from '@commons/shared';
import { CommunityPicker } from '../src/features/communities/components/CommunityPicker';
import { fakeApi } from './fake-api';
import { makeCommunity, makeUser } from './fixtures';
import { renderWithApp } from './render';

const popular = [
  makeCommunity('gaming', { noMembers: 5400 }),
  makeCommunity('games', { noMembers: 1 }),
  makeCommunity('gamedev', { noMembers: 120 }),
];

function Harness({ onChange }: { onChange: (c: CommunityWithoutMods | null) => void }) {
  const [value, setValue] = useState<CommunityWithoutMods | null>(null);
  return (
    <CommunityPicker
      label="Community"
      value={value}
      onChange={(c) => {
        setValue(c);
        onChange(c);
      }}
    />
  );
}

function renderPicker() {
  const api = fakeApi({
    'GET /api/communities?sort=size&limit=10': { body: popular },
    'GET /api/communities?sort=size&limit=10&q=gam': { body: popular },
    'GET /api/communities?sort=size&limit=10&q=gamed': { body: [popular[2]] },
    'GET /api/communities?sort=size&limit=10&q=GAMES': { body: [popular[1]] },
  });
  const onChange = vi.fn();
  const view = renderWithApp(<Harness onChange={onChange} />, { initial: { user: makeUser() } });
  return { ...view, api, onChange, box: screen.getByRole('combobox', { name: 'Community' }) };
}

const searches = (api: ReturnType<typeof fakeApi>) =>
  api.requests.filter((r) => r.url.startsWith('/api/communities?')).map((r) => r.url);

describe('CommunityPicker', () => {
  test('asks the server 200 ms after typing stops, once, with sort=size&limit=10&q=', async () => {
    vi.useFakeTimers();
    const { api, box } = renderPicker();
    const type = (value: string) => act(() => void fireEvent.input(box, { target: { value } }));
    type('g');
    type('ga');
    type('gam');
    // Opening the list by typing asks for nothing until the typing stops.
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(searches(api)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches(api)).toEqual(['/api/communities?sort=size&limit=10&q=gam']);

    type('game');
    await act(() => vi.advanceTimersByTimeAsync(100));
    type('gamed');
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(searches(api)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches(api)).toEqual([
      '/api/communities?sort=size&limit=10&q=gam',
      '/api/communities?sort=size&limit=10&q=gamed',
    ]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ggamedev120 members']);
  });

  test('opening an empty picker shows the largest communities with icon, name and member count', async () => {
    const { user, box, api } = renderPicker();
    await user.click(box);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ggaming5.4k members',
      'Ggames1 member',
      'Ggamedev120 members',
    ]);
    expect(searches(api)).toEqual(['/api/communities?sort=size&limit=10']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
  });

  test('at most 10 suggestions show', async () => {
    fakeApi({
      'GET /api/communities?sort=size&limit=10': {
        body: Array.from({ length: 12 }, (_, i) => makeCommunity(`c${i}`)),
      },
    });
    const onChange = vi.fn();
    const { user } = renderWithApp(<Harness onChange={onChange} />, { initial: { user: makeUser() } });
    await user.click(screen.getByRole('combobox', { name: 'Community' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
  });

  test('Down and Up move through the suggestions, Enter chooses', async () => {
    const { user, box, onChange } = renderPicker();
    await user.type(box, 'gam');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    const options = () => screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the end it wraps to the first.
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    await user.keyboard('{ArrowUp}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith(popular[1]);
    expect((box as HTMLInputElement).value).toBe('games');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  test('Escape closes the list, then a second Escape clears the field', async () => {
    const { user, box, onChange } = renderPicker();
    await user.type(box, 'gam');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(popular[0]);

    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('gaming');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  test('a click on a suggestion chooses it; typing afterwards drops the choice', async () => {
    const { user, box, onChange } = renderPicker();
    await user.type(box, 'gam');
    await user.click(await screen.findByRole('option', { name: /gamedev/ }));
    expect(onChange).toHaveBeenLastCalledWith(popular[2]);
    await user.type(box, 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  test('a name typed in full counts as chosen when the field is left', async () => {
    const { user, box, onChange } = renderPicker();
    await user.type(box, 'gam');
    await screen.findAllByRole('option');
    await user.clear(box);
    await user.type(box, 'GAMES');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(popular[1]);
    expect((box as HTMLInputElement).value).toBe('games');
  });

  test('says when nothing matches', async () => {
    fakeApi({ 'GET /api/communities?sort=size&limit=10&q=zzz': { body: [] } });
    const onChange = vi.fn();
    const { user } = renderWithApp(<Harness onChange={onChange} />, { initial: { user: makeUser() } });
    await user.type(screen.getByRole('combobox', { name: 'Community' }), 'zzz');
    await waitFor(() => expect(screen.getByText('No communities found')).toBeTruthy());
    expect(screen.queryByRole('option')).toBeNull();
  });
});
