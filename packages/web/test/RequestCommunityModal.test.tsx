import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import CommunitiesPage from '../src/app/routes/communities';
import RequestCommunityModal from '../src/features/communities/components/RequestCommunityModal';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { descriptionOf, renderWithApp } from './render';

function renderModal(routes: Record<string, Route> = {}, initialName = '') {
  const api = fakeApi(routes);
  const onClose = vi.fn();
  const view = renderWithApp(
    <>
      <RequestCommunityModal initialName={initialName} onClose={onClose} />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: makeUser() }, path: '/communities' },
  );
  const dialog = screen.getByRole('dialog', { name: 'Request community' });
  return {
    ...view,
    api,
    onClose,
    name: within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Community name' }),
    note: within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note (optional)' }),
    send: within(dialog).getByRole('button', { name: 'Request' }),
  };
}

const toasts = () => within(screen.getByTestId('toasts')).getByRole('status').textContent ?? '';

describe('RequestCommunityModal', () => {
  test('a name under 3 characters is refused with the request wording, before asking the server', async () => {
    const { user, api, name, send } = renderModal();
    await user.type(name, 'ab');
    await user.click(send);
    expect(descriptionOf(name)).toContain(messages.communities.requestNameTooShort);
    expect(api.requests).toHaveLength(0);
  });

  test('sends the name and trimmed note, says Requested! and closes', async () => {
    const { user, api, name, note, send, onClose } = renderModal({
      'POST /api/community_requests': { body: { success: true } },
    });
    await user.type(name, 'gardening');
    await user.type(note, '  Seeds and soil.  ');
    await user.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requestsTo('POST /api/community_requests')[0]!.body).toEqual({
      name: 'gardening',
      note: 'Seeds and soil.',
    });
    expect(toasts()).toContain(messages.communities.requested);
  });

  test('the note stops at 500 characters', async () => {
    const { user, note } = renderModal();
    await user.click(note);
    await user.paste('x'.repeat(520));
    expect(note.value).toHaveLength(500);
  });

  test("a refusal shows the server's message", async () => {
    const { user, name, send, onClose } = renderModal(
      {
        'POST /api/community_requests': errorReply(
          409,
          'community-already-requested',
          'You already have a pending request for that community',
        ),
      },
      'gardening',
    );
    expect(name.value).toBe('gardening');
    await user.click(send);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You already have a pending request for that community',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the communities page', () => {
  test('a member refused for points is offered to request the community, name kept', async () => {
    fakeApi({
      'GET /api/communities?sort=size': { body: [] },
      'POST /api/communities': errorReply(403, 'not_enough_points', messages.communities.notEnoughPoints),
    });
    const { user } = renderWithApp(<CommunitiesPage />, {
      initial: { user: makeUser() },
      path: '/communities',
    });
    await user.click(screen.getByRole('button', { name: 'Create community' }));
    const create = await screen.findByRole('dialog', { name: 'Create community' });
    await user.type(within(create).getByRole('textbox', { name: 'Name' }), 'gardening');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Request this community instead' }));
    const request = await screen.findByRole('dialog', { name: 'Request community' });
    expect(within(request).getByRole<HTMLInputElement>('textbox', { name: 'Community name' }).value).toBe(
      'gardening',
    );
  });

  test('admins create communities and are not offered requests', () => {
    fakeApi({ 'GET /api/communities?sort=size': { body: [] } });
    renderWithApp(<CommunitiesPage />, {
      initial: { user: makeUser({ isAdmin: true }) },
      path: '/communities',
    });
    expect(screen.getByRole('button', { name: 'Create community' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request community' })).toBeNull();
  });
});
