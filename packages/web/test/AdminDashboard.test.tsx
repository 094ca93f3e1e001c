import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type CommunityRequest, type IPBlock } from '@commons/shared';
import { Toasts } from '../src/components/ui/Toasts';
import AdminRoute from '../src/app/routes/admin';
// The route loads the dashboard lazily; loaded here, its first import is not timed by a findBy.
import '../src/features/admin';
import { errorReply, fakeApi, type Route } from './fake-api';
import { makeUser } from './fixtures';
import { descriptionOf, renderWithApp } from './render';

function renderAdmin(section: string, routes: Record<string, Route> = {}, isAdmin = true) {
  const api = fakeApi(routes);
  const view = renderWithApp(
    <>
      <AdminRoute section={section} />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: makeUser({ username: 'root', isAdmin }) }, path: `/admin/${section}` },
  );
  return { ...view, api };
}

const toasts = () => within(screen.getByTestId('toasts')).getByRole('status').textContent ?? '';

function block(overrides: Partial<IPBlock> = {}): IPBlock {
  return {
    id: 1,
    ip: '10.0.0.0',
    maskedBits: 16,
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: 'root',
    expiresAt: null,
    cancelledAt: null,
    inEffect: true,
    associatedUsers: [],
    note: '',
    ...overrides,
  };
}

function request(overrides: Partial<CommunityRequest> = {}): CommunityRequest {
  return {
    id: 7,
    byUser: 'bob',
    communityName: 'gardening',
    communityExists: false,
    note: 'Seeds and soil.',
    createdAt: '2026-11-20T10:00:00.000Z',
    deniedNote: null,
    deniedBy: null,
    deniedAt: null,
    ...overrides,
  };
}

describe('the admin dashboard', () => {
  test('non-admins see Forbidden! with a way home, and nothing is asked of the server', () => {
    const { api } = renderAdmin('', {}, false);
    expect(screen.getByRole('heading', { name: messages.common.forbiddenTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.common.goHome }).getAttribute('href')).toBe('/');
    expect(api.requests).toHaveLength(0);
  });

  test('an unknown section is Not found, with the navigation still there', async () => {
    renderAdmin('nope');
    expect(await screen.findByRole('heading', { name: messages.admin.notFound })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin',
      '/admin/users',
      '/admin/comments',
      '/admin/communities',
      '/admin/ipblocks',
      '/admin/bss',
      '/admin/new-community-requests',
    ]);
  });

  test('site settings: Save is enabled by a change and sends both keys', async () => {
    const { user, api } = renderAdmin('', {
      'GET /api/site_settings': { body: { signupsDisabled: false, torBlocked: true } },
      'PUT /api/site_settings': { body: { signupsDisabled: true, torBlocked: true } },
      'GET /api/_initial': { body: {} },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Disable signups' }));
    await user.click(save);
    await waitFor(() => expect(toasts()).toContain('Settings saved.'));
    expect(api.requestsTo('PUT /api/site_settings')[0]!.body).toEqual({
      signupsDisabled: true,
      torBlocked: true,
    });
  });

  test('IP blocks: ten users then "and N more", and Cancel replaces the row', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `user${i}`);
    const { user } = renderAdmin('ipblocks', {
      'GET /api/ipblocks': { body: { blocks: [block({ associatedUsers: names })], next: null } },
      'DELETE /api/ipblocks/1': {
        body: block({ associatedUsers: names, inEffect: false, cancelledAt: '2026-11-21T10:00:00.000Z' }),
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Block of 10.0.0.0/16' });
    expect(within(row).getAllByRole('link', { name: /^user\d+$/ })).toHaveLength(10);
    expect(row.textContent).toContain('and 2 more');
    expect(within(row).getByText('In effect')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /^Cancel/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel block' }));
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  test('the block-IP modal checks wildcards and expiry, and shows the server refusal', async () => {
    const { user, api } = renderAdmin('ipblocks', {
      'GET /api/ipblocks': { body: { blocks: [], next: null } },
      'POST /api/ipblocks': errorReply(400, 'bad-ip', 'IP subnet too large.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Block IP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block IP' });
    const address = within(dialog).getByRole('textbox', { name: 'Address' });
    const expires = within(dialog).getByRole('textbox', { name: 'Expires in (hours)' });
    const submit = within(dialog).getByRole('button', { name: 'Block' });
    await user.type(address, '10.*.0.1');
    await user.click(submit);
    expect(descriptionOf(address)).toContain(messages.admin.invalidWildcard);
    await user.clear(address);
    await user.type(address, '10.*.*.*');
    await user.type(expires, 'soon');
    await user.click(submit);
    expect(descriptionOf(expires)).toContain(messages.admin.invalidExpiresIn);
    expect(api.requestsTo('POST /api/ipblocks')).toHaveLength(0);
    await user.clear(expires);
    await user.type(expires, '2');
    await user.click(submit);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Error blocking IP: IP subnet too large.'),
    );
    expect(api.requestsTo('POST /api/ipblocks')[0]!.body).toEqual({
      address: '10.*.*.*',
      expiresIn: 2,
      note: '',
    });
  });

  test('denying a request sends the standard sentence and the note; one denied first shows as denied', async () => {
    let denied = false;
    const { user, api } = renderAdmin('new-community-requests', {
      'GET /api/community_requests': () => ({
        body: [
          denied
            ? request({ deniedAt: '2026-11-21T10:00:00.000Z', deniedBy: 'other', deniedNote: 'No.' })
            : request(),
        ],
      }),
      'POST /api/_admin': () => {
        denied = true;
        return errorReply(400, 'already_denied', 'This request has already been denied.');
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Request for gardening' });
    await user.click(within(row).getByRole('button', { name: /^Deny/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny /gardening' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Too close to plants.');
    await user.click(within(dialog).getByRole('button', { name: 'Deny request' }));
    await waitFor(() => expect(within(row).getByText('Denied')).toBeTruthy());
    expect(row.textContent).toContain('Denied by @other');
    expect(within(row).queryByRole('button', { name: /^Deny/ })).toBeNull();
    expect(api.requestsTo('POST /api/_admin')[0]!.body).toEqual({
      action: 'deny_comm',
      id: 7,
      body: 'Your request for +gardening has been declined. Too close to plants.',
    });
    expect(toasts()).not.toContain(messages.communities.denialSent);
  });
});
