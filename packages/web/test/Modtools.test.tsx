import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Community, type Report, type User } from '@commons/shared';
import { settingsMessages } from '@commons/shared/texts/settings';
import ModtoolsRoute from '../src/app/routes/modtools';
import { Toasts } from '../src/components/ui/Toasts';
import { errorReply, fakeApi, type Route } from './fake-api';
import { fakeUploads } from './fake-uploads';
import { makeUser } from './fixtures';
import { makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp } from './render';

function renderModtools(
  community: Community,
  options: { rest?: string; search?: string; user?: User; routes?: Record<string, Route> } = {},
) {
  const rest = options.rest ?? '/settings';
  const server = fakeApi({
    [`GET /api/communities/${community.name}?byName=true`]: { body: community },
    ...options.routes,
  });
  const view = renderWithApp(
    <>
      <ModtoolsRoute name={community.name} rest={rest} />
      <Toasts />
    </>,
    {
      path: `/${community.name}/modtools${rest}${options.search ?? ''}`,
      initial: { user: options.user ?? makeUser({ username: 'modder' }) },
    },
  );
  return { ...view, server };
}

const modOf = (name: string, overrides: Partial<Community> = {}) =>
  makeFullCommunity(name, { userMod: true, userJoined: true, ...overrides });

function makeReport(id: number, community: Community, overrides: Partial<Report> = {}): Report {
  const post = makePost({
    title: `Reported post ${id}`,
    communityId: community.id,
    communityName: community.name,
  });
  return {
    id,
    communityId: community.id,
    postId: post.id,
    reason: 'Spam',
    description: null,
    reasonId: 3,
    type: 'post',
    targetId: post.id,
    actionTaken: null,
    dealtAt: null,
    dealtBy: null,
    createdAt: '2025-01-02T00:00:00Z',
    target: post,
    ...overrides,
  };
}

describe('modtools access', () => {
  test('a member who does not moderate the community sees the forbidden view', async () => {
    renderModtools(makeFullCommunity('golang'));
    expect(await screen.findByRole('heading', { name: messages.common.forbiddenTitle })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Moderation tools' })).toBeNull();
  });

  test('the bare path goes to the settings tab', async () => {
    const { currentPath } = renderModtools(modOf('golang'), { rest: '' });
    await waitFor(() => expect(currentPath()).toBe('/golang/modtools/settings'));
  });

  test('an unknown subpath shows Not found. beside the sidebar', async () => {
    renderModtools(modOf('golang'), { rest: '/nothing' });
    expect(await screen.findByText(messages.moderation.notFound)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Moderation tools' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'golang',
      'Community settings',
      'Reports',
      'Removed',
      'Locked',
      'Banned',
      'Moderators',
      'Rules',
      'Log',
    ]);
  });

  test('an admin who does not moderate it gets the tools, with the default-community switch', async () => {
    renderModtools(makeFullCommunity('golang'), { user: makeUser({ isAdmin: true }) });
    expect(await screen.findByRole('switch', { name: 'Default community' })).toBeTruthy();
  });
});

describe('community settings', () => {
  test('Save is enabled only with a change, and sends the community with the new fields', async () => {
    const community = modOf('golang', { about: 'Old text' });
    const { user, server } = renderModtools(community, {
      routes: {
        [`PUT /api/communities/${community.id}`]: (request) => ({
          body: { ...community, ...(request.body as object) },
        }),
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('switch', { name: 'Default community' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Name').readOnly).toBe(true);
    expect(screen.getByText('8/2000')).toBeTruthy();

    const restricted = screen.getByRole('switch', { name: messages.communities.onlyModsCanPost });
    await user.click(restricted);
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await user.click(restricted);
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Description'), '!');
    await user.click(restricted);
    await user.click(save);
    expect(await screen.findByText(settingsMessages.saved)).toBeTruthy();
    const [put] = server.requestsTo(`PUT /api/communities/${community.id}`);
    expect(put!.body).toMatchObject({ id: community.id, about: 'Old text!', postingRestricted: true });
  });

  test('an image the server cannot read is reported as Unsupported image.', async () => {
    fakeUploads(() => ({ error: { status: 400, code: 'unsupported_image', message: 'Unsupported image.' } }));
    const community = modOf('golang');
    const { user } = renderModtools(community);
    await user.click(await screen.findByRole('button', { name: 'Edit profile picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile picture' });
    await user.upload(
      within(dialog).getByLabelText('Upload a profile picture'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      messages.images.unsupported,
    );
  });
});

describe('reports', () => {
  test('shows the counts, the target in context and pages of 10; Ignore says Report ignored.', async () => {
    const community = modOf('golang');
    const report = makeReport(7, community);
    const base = `GET /api/communities/${community.id}/reports?filter=all`;
    const { user, server } = renderModtools(community, {
      rest: '/reports',
      search: '?page=14',
      routes: {
        [`${base}&page=14&limit=10`]: [
          {
            body: {
              details: { noReports: 250, noPostReports: 200, noCommentReports: 50 },
              reports: [report],
              limit: 10,
              page: 14,
            },
          },
          {
            body: {
              details: { noReports: 249, noPostReports: 199, noCommentReports: 50 },
              reports: null,
              limit: 10,
              page: 14,
            },
          },
        ],
        [`DELETE /api/communities/${community.id}/reports/7`]: { body: report },
      },
    });
    expect(await screen.findByText('Reported post 7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Posts (200)' })).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages of reports' });
    expect(
      within(pager)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '…', '14', '…', '25']);
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(await screen.findByText(messages.moderation.reportIgnored)).toBeTruthy();
    expect(await screen.findByText('No reports.')).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });
});

describe('bans', () => {
  test('the spec texts for 404, 409 and 403, and @name is banned. with the expiry sent', async () => {
    const community = modOf('golang');
    const path = `/api/communities/${community.id}/banned`;
    const { user, server } = renderModtools(community, {
      rest: '/banned',
      routes: {
        [`GET ${path}`]: { body: [] },
        [`POST ${path}`]: [
          errorReply(404, 'user_not_found', 'User not found.'),
          errorReply(409, 'conflict', 'Conflict'),
          errorReply(403, 'not_admin_nor_mod', 'No'),
          { body: makeUser({ username: 'Troll' }) },
        ],
      },
    });
    const field = await screen.findByLabelText('Username');
    const ban = screen.getByRole('button', { name: 'Ban' });
    await user.type(field, 'troll');
    await user.click(ban);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.moderation.noSuchUser);
    await user.click(ban);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('troll is already banned.'));
    await user.click(ban);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.moderation.forbidden));
    await user.selectOptions(screen.getByLabelText('Duration'), '1 day');
    await user.click(ban);
    expect(await screen.findByText('@Troll is banned.')).toBeTruthy();
    const sent = server.requestsTo(`POST ${path}`).at(-1)!.body as { username: string; expires: string };
    expect(sent.username).toBe('troll');
    expect(Date.parse(sent.expires) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(server.requestsTo(`POST ${path}`)[0]!.body).toEqual({ username: 'troll' });
  });
});

describe('moderators', () => {
  test('a moderator may remove those ranked after them, not those before; 404 says User not found', async () => {
    const me = makeUser({ username: 'second' });
    const community = modOf('golang', {
      mods: [
        { ...makeUser({ username: 'first' }), moddingList: null },
        { ...me, moddingList: null },
        { ...makeUser({ username: 'third' }), moddingList: null },
      ],
    });
    const { user } = renderModtools(community, {
      rest: '/mods',
      user: me,
      routes: { [`POST /api/communities/${community.id}/mods`]: errorReply(404, 'user_not_found', 'x') },
    });
    await screen.findByRole('list', { name: 'Moderators' });
    expect(screen.queryByRole('button', { name: 'Remove @first' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove @second' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove @third' })).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.moderation.userNotFound);
  });
});

describe('rules', () => {
  const rule = (id: number, text: string, zIndex: number) => ({
    id,
    rule: text,
    description: null,
    communityId: 'c',
    zIndex,
    createdBy: 'u',
    createdAt: '2025-01-01T00:00:00Z',
  });

  test('Save stays disabled while the rule is blank; moving a rule swaps the two places', async () => {
    const community = modOf('golang', { rules: [rule(1, 'Be kind', 1), rule(2, 'No spam', 2)] });
    const { user, server } = renderModtools(community, {
      rest: '/rules',
      routes: {
        [`PUT /api/communities/${community.id}/rules/2`]: { body: rule(2, 'No spam', 1) },
        [`PUT /api/communities/${community.id}/rules/1`]: { body: rule(1, 'Be kind', 2) },
      },
    });
    const add = within(await screen.findByRole('region', { name: 'Add a rule' }));
    const save = add.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.type(add.getByLabelText('Rule'), '   ');
    expect(save.disabled).toBe(true);
    expect(add.getByText('3/512')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move “No spam” up' }));
    await waitFor(() =>
      expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/1`)).toHaveLength(1),
    );
    expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/2`)[0]!.body).toEqual({
      rule: 'No spam',
      description: '',
      zIndex: 1,
    });
    expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/1`)[0]!.body).toMatchObject({
      zIndex: 2,
    });
  });

  test('moving a rule up past one in the same place numbers the new order again', async () => {
    // Shown as Be kind, Stay on topic (the tie, by id), then No spam.
    const community = modOf('golang', {
      rules: [rule(7, 'No spam', 2), rule(5, 'Be kind', 1), rule(6, 'Stay on topic', 1)],
    });
    const { user, server } = renderModtools(community, {
      rest: '/rules',
      routes: {
        [`PUT /api/communities/${community.id}/rules/5`]: { body: rule(5, 'Be kind', 2) },
        [`PUT /api/communities/${community.id}/rules/7`]: { body: rule(7, 'No spam', 3) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move “Stay on topic” up' }));
    await waitFor(() =>
      expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/7`)).toHaveLength(1),
    );
    // Stay on topic keeps 1; Be kind goes below it, and No spam below that.
    expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/5`)[0]!.body).toMatchObject({
      zIndex: 2,
    });
    expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/7`)[0]!.body).toMatchObject({
      zIndex: 3,
    });
    expect(server.requestsTo(`PUT /api/communities/${community.id}/rules/6`)).toHaveLength(0);
  });
});
