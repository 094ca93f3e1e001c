import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import CreateCommunityModal from '../src/features/communities/components/CreateCommunityModal';
import { initialQuery } from '../src/features/session/api/get-initial';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeCommunity, makeUser } from './fixtures';
import { descriptionOf, renderWithApp } from './render';

function renderModal(routes: Record<string, Route> = {}) {
  const api = fakeApi(routes);
  const onClose = vi.fn();
  const view = renderWithApp(
    <>
      <CreateCommunityModal onClose={onClose} />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: makeUser() }, path: '/communities' },
  );
  const dialog = screen.getByRole('dialog', { name: 'Create community' });
  return {
    ...view,
    api,
    onClose,
    name: within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }),
    about: within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }),
    create: within(dialog).getByRole('button', { name: 'Create' }),
  };
}

const toasts = () => within(screen.getByTestId('toasts')).getByRole('status').textContent ?? '';

describe('CreateCommunityModal', () => {
  test('a name under 3 characters is refused before asking the server', async () => {
    const { user, api, name, create } = renderModal();
    await user.click(create);
    expect(descriptionOf(name)).toContain(messages.communities.nameTooShort);
    await user.type(name, 'ab');
    expect(descriptionOf(name)).not.toContain(messages.communities.nameTooShort);
    await user.click(create);
    expect(descriptionOf(name)).toContain(messages.communities.nameTooShort);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  test('the name takes letters, digits and underscores only, up to 21', async () => {
    const { user, name } = renderModal();
    await user.type(name, 'my club-2 ünï_x!');
    expect(name.value).toBe('myclub2n_x');
    fireEvent.input(name, { target: { value: 'a'.repeat(30) } });
    expect(name.value).toHaveLength(21);
  });

  test('the description counts its characters up to 500 and stops there', async () => {
    const { user, about } = renderModal();
    const counter = () => descriptionOf(about);
    expect(counter()).toBe('Characters used: 0/500');
    await user.type(about, 'Trains');
    expect(counter()).toBe('Characters used: 6/500');
    // Characters are code points: an emoji is one.
    fireEvent.input(about, { target: { value: 'Trains 🚆' } });
    expect(counter()).toBe('Characters used: 8/500');
    fireEvent.input(about, { target: { value: 'x'.repeat(600) } });
    expect(about.value).toHaveLength(500);
    expect(counter()).toBe('Characters used: 500/500');
  });

  test('creates, refreshes the sidebar and goes to the new community', async () => {
    const created = makeCommunity('trains', { userJoined: true, userMod: true });
    const { user, api, name, about, create, onClose, currentPath, queryClient } = renderModal({
      'POST /api/communities': { body: created },
    });
    await user.type(name, 'trains');
    await user.type(about, '  All aboard.  ');
    await user.click(create);
    await waitFor(() => expect(currentPath()).toBe('/trains'));
    expect(api.requestsTo('POST /api/communities')[0]!.body).toEqual({
      name: 'trains',
      about: 'All aboard.',
    });
    // The sidebar's communities come from _initial: it is read again wherever it is shown.
    expect(queryClient.getQueryState(initialQuery.queryKey)?.isInvalidated).toBe(true);
    expect(onClose).toHaveBeenCalled();
  });

  test.each([
    [errorReply(409, 'community-exists', 'x'), 'name', messages.communities.exists],
    // The server's text names the site's threshold (the spec's text at the default of 100).
    [
      errorReply(403, 'not_enough_points', 'You need at least 25 points to create a community.'),
      'form',
      'You need at least 25 points to create a community.',
    ],
    [errorReply(403, 'max_limit_reached', 'x'), 'form', messages.communities.maxLimitReached],
  ])('the server answer %j shows its message', async (reply, where, text) => {
    const { user, name, create, currentPath } = renderModal({ 'POST /api/communities': reply });
    await user.type(name, 'trains');
    await user.click(create);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    if (where === 'name') expect(descriptionOf(name)).toContain(text);
    expect(currentPath()).toBe('/communities');
  });

  test('other failures go to the generic alert', async () => {
    const { user, name, create } = renderModal({
      'POST /api/communities': errorReply(500, undefined, 'Internal Server Error'),
    });
    await user.type(name, 'trains');
    await user.click(create);
    await waitFor(() => expect(toasts()).toContain(messages.common.somethingWentWrong));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('Cancel and Escape close without creating', async () => {
    const { user, onClose, api } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(api.requests).toHaveLength(0);
  });
});
