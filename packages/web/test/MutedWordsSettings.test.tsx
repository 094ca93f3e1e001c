import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { limits, type MutedWord } from '@commons/shared';
import { mutedWordsMessages } from '@commons/shared/texts/settings';
import { Toasts } from '../src/components/ui/Toasts';
import { MutedWordsSettings } from '../src/features/mutes';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { renderWithApp } from './render';

/** The muted words section of the settings (an addition to the specification). */

const viewer = makeUser({ username: 'viewer' });
const word = (id: number, text: string): MutedWord => ({
  id,
  word: text,
  createdAt: '2025-01-01T00:00:00Z',
});

function setup(routes: Record<string, Route>) {
  const server = fakeApi(routes);
  const view = renderWithApp(
    <>
      <MutedWordsSettings />
      <Toasts />
    </>,
    { initial: { user: viewer } },
  );
  return { ...view, server };
}

describe('MutedWordsSettings', () => {
  test('lists the words, adds one (trimmed) and removes one', async () => {
    const { user, server } = setup({
      'GET /api/muted_words': { body: [word(1, 'spoilers')] },
      'POST /api/muted_words': { body: [word(1, 'spoilers'), word(2, 'box office')] },
      'DELETE /api/muted_words/1': { body: { success: true } },
    });
    const list = await screen.findByRole('list', { name: mutedWordsMessages.heading });
    expect(within(list).getByText('spoilers')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: mutedWordsMessages.placeholder }), '  box office ');
    await user.click(screen.getByRole('button', { name: mutedWordsMessages.add }));
    expect(await within(list).findByText('box office')).toBeTruthy();
    expect(server.requestsTo('POST /api/muted_words')[0]!.body).toEqual({ word: 'box office' });
    expect(screen.getByText(mutedWordsMessages.muted('box office'))).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('');

    await user.click(within(list).getByRole('button', { name: 'Remove spoilers' }));
    await waitFor(() => expect(within(list).queryByText('spoilers')).toBeNull());
    expect(server.requestsTo('DELETE /api/muted_words/1')).toHaveLength(1);
    expect(screen.getByText(mutedWordsMessages.unmuted('spoilers'))).toBeTruthy();
  });

  test('says an empty word is empty without asking the server, and shows the server’s refusals', async () => {
    const { user, server } = setup({
      'GET /api/muted_words': { body: [] },
      'POST /api/muted_words': errorReply(403, 'limit-reached', mutedWordsMessages.limit(100)),
    });
    expect(await screen.findByText(mutedWordsMessages.none)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: mutedWordsMessages.placeholder });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: mutedWordsMessages.add }));
    expect((await screen.findByRole('alert')).textContent).toBe(mutedWordsMessages.empty);
    expect(server.requestsTo('POST /api/muted_words')).toHaveLength(0);

    await user.type(field, 'cat');
    await user.click(screen.getByRole('button', { name: mutedWordsMessages.add }));
    expect((await screen.findByRole('alert')).textContent).toBe(mutedWordsMessages.limit(100));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  test('stops typing at the length limit and shows the count near it', async () => {
    const { user } = setup({ 'GET /api/muted_words': { body: [] } });
    const field = await screen.findByRole<HTMLInputElement>('textbox', {
      name: mutedWordsMessages.placeholder,
    });
    field.focus();
    await user.paste('x'.repeat(limits.mutedWordMax + 5));
    expect(field.value).toHaveLength(limits.mutedWordMax);
    expect(field.getAttribute('aria-describedby')).toContain('-left');
  });

  test('Unmute all asks first, then clears the list', async () => {
    const { user, server } = setup({
      'GET /api/muted_words': { body: [word(1, 'cat'), word(2, 'dog')] },
      'DELETE /api/muted_words': { body: [] },
    });
    await screen.findByText('cat');
    await user.click(screen.getByRole('button', { name: mutedWordsMessages.unmuteAll }));
    const dialog = await screen.findByRole('dialog', { name: mutedWordsMessages.unmuteAllConfirm });
    expect(server.requestsTo('DELETE /api/muted_words')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: mutedWordsMessages.unmuteAll }));
    expect(await screen.findByText(mutedWordsMessages.none)).toBeTruthy();
    expect(server.requestsTo('DELETE /api/muted_words')).toHaveLength(1);
  });

  test('a failed load offers Retry', async () => {
    const failure = errorReply(500, undefined, 'Internal Server Error');
    // The first load and the query's own retry fail; Retry succeeds.
    const { user } = setup({ 'GET /api/muted_words': [failure, failure, { body: [word(1, 'cat')] }] });
    await user.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 }));
    expect(await screen.findByText('cat')).toBeTruthy();
  });

  test('guests see nothing', () => {
    fakeApi({});
    const { container } = renderWithApp(<MutedWordsSettings />);
    expect(container.textContent).toBe('');
  });
});
