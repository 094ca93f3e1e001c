import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, type Community, type Initial, type User } from '@commons/shared';
import NewPostPage from '../src/app/routes/new-post';
import { siteConfig } from '../src/app/site-config';
import { Toasts } from '../src/components/ui/Toasts';
import { deferred, errorReply, fakeApi, type Reply, type Route } from './fake-api';
import { fakeUploads, imageFile } from './fake-uploads';
import { makeUser } from './fixtures';
import { makeFullCommunity, makeImage, makePost } from './post-fixtures';
import { descriptionOf, isDisabled, renderWithApp, settle } from './render';

const gaming = makeFullCommunity('gaming', {
  about: 'Games of every kind.',
  noMembers: 1234,
  rules: [
    {
      id: 2,
      rule: 'No spoilers',
      description: 'Tag them.',
      communityId: 'c',
      zIndex: 2,
      createdBy: 'u',
      createdAt: '2025-01-01T00:00:00Z',
    },
    {
      id: 1,
      rule: 'Be kind',
      description: null,
      communityId: 'c',
      zIndex: 1,
      createdBy: 'u',
      createdAt: '2025-01-01T00:00:00Z',
    },
  ],
});

/** Answers for picking `community` in the picker: the suggestions and the full community. */
function pickerRoutes(...communities: Community[]): Record<string, Route> {
  const routes: Record<string, Route> = {
    'GET /api/communities?sort=size&limit=10': {
      body: communities.map((c) => ({ ...c, mods: null, rules: null })),
    },
  };
  for (const c of communities) {
    routes[`GET /api/communities?sort=size&limit=10&q=${c.name}`] = {
      body: [{ ...c, mods: null, rules: null }],
    };
    routes[`GET /api/communities/${c.name}?byName=true`] = { body: c };
  }
  return routes;
}

interface Options {
  path?: string;
  user?: Partial<User>;
  initial?: Partial<Initial>;
  routes?: Record<string, Route>;
}

function renderEditor({
  path = '/new?community=gaming',
  user = {},
  initial = {},
  routes = {},
}: Options = {}) {
  const api = fakeApi({ ...pickerRoutes(gaming), ...routes });
  const me = makeUser({ username: 'alice', points: 50, ...user });
  const view = renderWithApp(
    <>
      <NewPostPage />
      <div data-testid="toasts">
        <Toasts />
      </div>
    </>,
    { initial: { user: me, ...initial }, path },
  );
  return { ...view, api, me };
}

const toasts = () => within(screen.getByTestId('toasts')).getByRole('status').textContent ?? '';
const titleField = () => screen.getByRole('textbox', { name: 'Title' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const problem = () => screen.getByRole('alert').textContent;
const tab = (name: 'Text' | 'Image' | 'Link') => screen.getByRole('tab', { name });
const communityLoaded = () => screen.findByRole('heading', { name: 'gaming', level: 2 });

async function pick(user: ReturnType<typeof renderEditor>['user'], name: string) {
  const box = screen.getByRole('combobox', { name: 'Community' });
  await user.clear(box);
  await user.type(box, name);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

describe('PostEditor: the checks of core §5, in order', () => {
  test('every message in turn, as each problem is fixed', async () => {
    const banned = makeFullCommunity('banned_one');
    const restricted = makeFullCommunity('quiet', { postingRestricted: true, userMod: false });
    fakeUploads();
    const { user, api } = renderEditor({
      path: '/new',
      user: { points: 3, requireAltText: true },
      initial: { bannedFrom: [banned.id], imagePostSubmitReqPoints: 5, linkPostSubmitReqPoints: 5 },
      routes: pickerRoutes(banned, restricted),
    });
    const expectProblem = async (message: string) => {
      await user.click(submitButton());
      expect(problem()).toBe(message);
    };

    await expectProblem(messages.posts.selectCommunity);
    expect(screen.getByRole('combobox', { name: 'Community' }).getAttribute('aria-invalid')).toBe('true');

    await pick(user, 'banned_one');
    await expectProblem(messages.posts.bannedFromCommunity);

    await pick(user, 'quiet');
    await expectProblem(messages.posts.titleEmpty);
    expect(descriptionOf(titleField())).toContain(messages.posts.titleEmpty);
    expect(document.activeElement).toBe(titleField());

    await user.type(titleField(), 'ab');
    await expectProblem(messages.posts.titleTooShort);

    await user.type(titleField(), 'c');
    await user.click(tab('Image'));
    await expectProblem(messages.posts.noImage);

    await user.upload(screen.getByLabelText(/Add photo/), imageFile('one.png'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await expectProblem(messages.posts.altTextMissing);

    await user.type(screen.getByRole('textbox', { name: 'Alt text for image 1' }), 'A cat');
    await expectProblem(messages.posts.notEnoughPointsImage);

    await user.click(tab('Link'));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'ftp://example.com/file');
    await expectProblem(messages.posts.invalidUrl);

    await user.clear(screen.getByRole('textbox', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/');
    await expectProblem(messages.posts.notEnoughPointsLink);

    await user.click(tab('Text'));
    await expectProblem(messages.posts.postingRestricted);

    expect(api.requestsTo('POST /api/posts')).toHaveLength(0);
  });

  test('a title of three characters after trimming is long enough; spaces do not count', async () => {
    const { user, api } = renderEditor({ routes: { 'POST /api/posts': { body: makePost() } } });
    await communityLoaded();
    await user.type(titleField(), '  ab  ');
    await user.click(submitButton());
    expect(problem()).toBe(messages.posts.titleTooShort);
    await user.type(titleField(), 'c');
    await user.click(submitButton());
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
    expect((api.requestsTo('POST /api/posts')[0]!.body as { title: string }).title).toBe('ab  c');
  });

  test('the title stops at 255 characters and counts them', async () => {
    const { user } = renderEditor();
    await communityLoaded();
    fireEvent.input(titleField(), { target: { value: 'x'.repeat(300) } });
    expect((titleField() as HTMLInputElement).value).toHaveLength(255);
    expect(screen.getByText('255/255')).toBeTruthy();
    await user.clear(titleField());
    await user.type(titleField(), 'héllo');
    expect(screen.getByText('5/255')).toBeTruthy();
  });

  test('moderators and admins may post in a restricted community', async () => {
    const quiet = makeFullCommunity('quiet', { postingRestricted: true, userMod: true });
    const created = makePost({ communityName: 'quiet', publicId: 'Abc12345' });
    const { user, api, currentPath } = renderEditor({
      path: '/new?community=quiet',
      routes: { ...pickerRoutes(quiet), 'POST /api/posts': { body: created } },
    });
    await screen.findByRole('heading', { name: 'quiet', level: 2 });
    await user.type(titleField(), 'Hello there');
    await user.click(submitButton());
    await waitFor(() => expect(currentPath()).toBe('/quiet/post/Abc12345'));
    expect(api.requestsTo('POST /api/posts')).toHaveLength(1);
  });
});

describe('PostEditor: points for image and link posts', () => {
  const linkPost = async (points: number, threshold: number) => {
    const view = renderEditor({
      user: { points },
      initial: { linkPostSubmitReqPoints: threshold },
      routes: {
        'POST /api/posts': {
          body: makePost({ type: 'link', communityName: 'gaming', publicId: 'Link0001' }),
        },
        'GET /api/_link_info?url=https%3A%2F%2Fexample.com%2F': { body: { title: '' } },
      },
    });
    await communityLoaded();
    await view.user.type(titleField(), 'A link');
    await view.user.click(tab('Link'));
    await view.user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/');
    await view.user.click(submitButton());
    return view;
  };

  test('points equal to the threshold are not enough: they must be above it', async () => {
    const { api } = await linkPost(5, 5);
    expect(problem()).toBe(messages.posts.notEnoughPointsLink);
    expect(api.requestsTo('POST /api/posts')).toHaveLength(0);
  });

  test('points above the threshold are enough', async () => {
    const { api } = await linkPost(6, 5);
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
    expect(api.requestsTo('POST /api/posts')[0]!.body).toMatchObject({
      type: 'link',
      url: 'https://example.com/',
    });
  });

  test('a threshold below 1 means no requirement, even with 0 points', async () => {
    const { api } = await linkPost(0, 0);
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
  });

  test('image posts have their own threshold', async () => {
    fakeUploads();
    const { user, api } = renderEditor({
      user: { points: 2 },
      initial: { imagePostSubmitReqPoints: 2, linkPostSubmitReqPoints: 0 },
    });
    await communityLoaded();
    await user.type(titleField(), 'A picture');
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), imageFile('one.png'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await user.click(submitButton());
    expect(problem()).toBe(messages.posts.notEnoughPointsImage);
    expect(api.requestsTo('POST /api/posts')).toHaveLength(0);
  });
});

describe('PostEditor: the server refuses', () => {
  test.each([
    ['not_enough_points', 'link', messages.posts.notEnoughPointsLink],
    ['banned_from_community', 'text', messages.posts.bannedFromCommunity],
    ['posting-restricted', 'text', messages.posts.postingRestricted],
    ['invalid-url', 'link', messages.posts.invalidUrlServer],
    ['post/title-too-short', 'text', messages.posts.titleTooShort],
    ['community/not-found', 'text', messages.posts.selectCommunity],
  ] as const)('%s (%s post) shows "%s"', async (code, type, text) => {
    const { user } = renderEditor({
      routes: {
        'POST /api/posts': errorReply(code === 'community/not-found' ? 404 : 400, code, 'Server words.'),
        'GET /api/_link_info?url=https%3A%2F%2Fexample.com%2F': { body: { title: '' } },
      },
    });
    await communityLoaded();
    await user.type(titleField(), 'A fine title');
    if (type === 'link') {
      await user.click(tab('Link'));
      await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/');
    }
    await user.click(submitButton());
    await waitFor(() => expect(problem()).toBe(text));
  });

  test('other failures go to the generic alert', async () => {
    const { user } = renderEditor({
      routes: { 'POST /api/posts': errorReply(429, undefined, 'Too Many Requests.') },
    });
    await communityLoaded();
    await user.type(titleField(), 'A fine title');
    await user.click(submitButton());
    await waitFor(() => expect(toasts()).toContain(messages.common.slowDown));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(isDisabled(submitButton())).toBe(false);
  });
});

describe('PostEditor: text posts', () => {
  test('submits the contract body and goes to the new post', async () => {
    const created = makePost({ communityName: 'gaming', publicId: 'Xyz_1234' });
    const { user, api, currentPath } = renderEditor({ routes: { 'POST /api/posts': { body: created } } });
    await communityLoaded();
    await user.type(titleField(), '  Hello world ');
    await user.type(screen.getByRole('textbox', { name: /Body/ }), 'Some *markdown*');
    await user.click(submitButton());
    await waitFor(() => expect(currentPath()).toBe('/gaming/post/Xyz_1234'));
    expect(api.requestsTo('POST /api/posts')[0]!.body).toEqual({
      type: 'text',
      title: 'Hello world',
      body: 'Some *markdown*',
      community: 'gaming',
      userGroup: 'normal',
    });
  });

  test('Ctrl+Enter submits from any field, and so does Cmd+Enter', async () => {
    const created = makePost({ communityName: 'gaming', publicId: 'Ctrl0001' });
    const { user, api } = renderEditor({ routes: { 'POST /api/posts': { body: created } } });
    await communityLoaded();
    await user.type(titleField(), 'Quick one');
    await user.type(screen.getByRole('textbox', { name: /Body/ }), 'Body{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
    expect((api.requestsTo('POST /api/posts')[0]!.body as { body: string }).body).toBe('Body');
  });

  test('Cmd+Enter submits too', async () => {
    const { user, api } = renderEditor({ routes: { 'POST /api/posts': { body: makePost() } } });
    await communityLoaded();
    await user.type(titleField(), 'Quick one{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
  });

  test('the Markdown help link opens the guide in a new tab', async () => {
    renderEditor();
    const link = screen.getByRole('link', { name: /Markdown help/ });
    expect(link.getAttribute('href')).toBe('/markdown-guide');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  test('the sidebar shows the community, its member count, description and rules in order', async () => {
    renderEditor();
    const aside = screen.getByRole('complementary', { name: 'Community' });
    await communityLoaded();
    expect(within(aside).getByText('1.2k members')).toBeTruthy();
    expect(await within(aside).findByText('Games of every kind.')).toBeTruthy();
    const rules = within(aside)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rules).toEqual(['Be kind', 'No spoilersTag them.']);
  });
});

describe('PostEditor: pasting a URL', () => {
  const routes = {
    'GET /api/_link_info?url=https%3A%2F%2Fexample.com%2Fnews': { body: { title: 'Big news today' } },
  };

  test('into an empty body switches to the link tab, fills the URL and fetches the title', async () => {
    const { user, api } = renderEditor({ routes });
    await communityLoaded();
    await user.click(screen.getByRole('textbox', { name: /Body/ }));
    await user.paste('https://example.com/news');
    expect(tab('Link').getAttribute('aria-selected')).toBe('true');
    const url = screen.getByRole<HTMLInputElement>('textbox', { name: 'URL' });
    expect(url.value).toBe('https://example.com/news');
    expect(document.activeElement).toBe(url);
    await waitFor(() => expect((titleField() as HTMLInputElement).value).toBe('Big news today'));
    await settle(500);
    expect(api.requestsTo('GET /api/_link_info?url=https%3A%2F%2Fexample.com%2Fnews')).toHaveLength(1);
  });

  test('into a body with text stays a text post', async () => {
    const { user, api } = renderEditor({ routes });
    await communityLoaded();
    const body = screen.getByRole('textbox', { name: /Body/ });
    await user.type(body, 'See ');
    await user.paste('https://example.com/news');
    expect(tab('Text').getAttribute('aria-selected')).toBe('true');
    expect((body as HTMLTextAreaElement).value).toBe('See https://example.com/news');
    expect(api.requestsTo('GET /api/_link_info?url=https%3A%2F%2Fexample.com%2Fnews')).toHaveLength(0);
  });

  test('text that is not an http(s) URL is pasted as text', async () => {
    const { user } = renderEditor({ routes });
    await communityLoaded();
    await user.click(screen.getByRole('textbox', { name: /Body/ }));
    await user.paste('mailto:someone@example.com');
    expect(tab('Text').getAttribute('aria-selected')).toBe('true');
  });

  test('a typed URL fetches the title, but never replaces one already written', async () => {
    const { user, api } = renderEditor({ routes });
    await communityLoaded();
    await user.click(tab('Link'));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/news');
    await waitFor(() => expect((titleField() as HTMLInputElement).value).toBe('Big news today'));

    await user.clear(titleField());
    await user.type(titleField(), 'My own title');
    await user.clear(screen.getByRole('textbox', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/other');
    await settle(600);
    expect((titleField() as HTMLInputElement).value).toBe('My own title');
    expect(api.requestsTo('GET /api/_link_info?url=https%3A%2F%2Fexample.com%2Fother')).toHaveLength(0);
  });
});

/** Pastes an image file (`pasted.png`) on the page, as Ctrl+V with an image copied does. */
function pasteImage(): Event {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { files: [imageFile('pasted.png')], getData: () => '' },
  });
  act(() => {
    document.dispatchEvent(event);
  });
  return event;
}

describe('PostEditor: images', () => {
  test('uploads each file as the multipart part image, with the CSRF token and a progress bar', async () => {
    localStorage.setItem('csrftoken', 'token-1');
    const { uploads } = fakeUploads(() => 'hold');
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), [imageFile('one.png'), imageFile('two.png')]);

    // One at a time, in order.
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.method).toBe('POST');
    expect(uploads[0]!.url).toBe('/api/_uploads');
    expect(uploads[0]!.headers.get('X-Csrf-Token')).toBe('token-1');
    expect(uploads[0]!.file.name).toBe('one.png');

    const bars = () => screen.getAllByRole('progressbar');
    expect(bars()).toHaveLength(2);
    act(() => uploads[0]!.progress(0.4));
    expect(bars()[0]!.getAttribute('aria-valuenow')).toBe('40');
    expect(bars()[1]!.getAttribute('aria-valuetext')).toBe('Waiting to upload');

    act(() => uploads[0]!.succeed());
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.file.name).toBe('two.png');
    expect(bars()).toHaveLength(1);
    act(() => uploads[1]!.succeed());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Image 1', 'Image 2']);
  });

  test('at most 10 images: a selection that would pass 10 is refused', async () => {
    const { uploads } = fakeUploads();
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    const input = screen.getByLabelText(/Add photo/);
    const files = (n: number, from = 1) => Array.from({ length: n }, (_, i) => imageFile(`f${from + i}.png`));

    await user.upload(input, files(11));
    expect(problem()).toBe(messages.posts.tooManyImages(10));
    expect(uploads).toHaveLength(0);

    await user.upload(input, files(10));
    await waitFor(() => expect(uploads).toHaveLength(10));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.upload(input, files(1, 11));
    expect(problem()).toBe(messages.posts.tooManyImages(10));
    await settle();
    expect(uploads).toHaveLength(10);
    expect(screen.getAllByRole('textbox', { name: /^Alt text for image/ })).toHaveLength(10);

    // One image fewer, and the problem is gone with it.
    await user.click(screen.getByRole('button', { name: 'Delete image 10' }));
    await user.click(
      within(screen.getByRole('dialog', { name: messages.posts.deleteImageConfirm })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('textbox', { name: /^Alt text for image/ })).toHaveLength(9),
    );
    expect(screen.queryByText(messages.posts.tooManyImages(10))).toBeNull();
  });

  test.each([
    ['file_size_exceeded', messages.images.fileTooLarge],
    ['unsupported-image-format', messages.images.unsupported],
    ['unsupported_image', messages.images.unsupported],
  ])('an upload refused with %s shows "%s" and the image goes', async (code, text) => {
    fakeUploads((file) =>
      file.name === 'bad.png' ? { error: { status: 400, code, message: 'x' } } : { image: makeImage() },
    );
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), [imageFile('bad.png'), imageFile('good.png')]);
    await waitFor(() => expect(toasts()).toContain(text));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
  });

  test('files over 25 MiB are refused before uploading', async () => {
    const { uploads } = fakeUploads();
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    const huge = imageFile('huge.png', 1);
    Object.defineProperty(huge, 'size', { value: 26_214_401 });
    await user.upload(screen.getByLabelText(/Add photo/), huge);
    expect(toasts()).toContain(messages.images.fileTooLarge);
    expect(uploads).toHaveLength(0);
  });

  test('a dropped file that is not an image is refused as unsupported', async () => {
    const { uploads } = fakeUploads();
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    const zone = screen.getByText(messages.posts.dragAndDrop).closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(toasts()).toContain(messages.images.unsupported);
    fireEvent.drop(zone, { dataTransfer: { files: [imageFile('photo.png')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
  });

  test('an image pasted anywhere switches to the image tab and uploads', async () => {
    const { uploads } = fakeUploads();
    renderEditor();
    await communityLoaded();
    const event = pasteImage();
    expect(event.defaultPrevented).toBe(true);
    expect(tab('Image').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.file.name).toBe('pasted.png');
  });

  test('where the site has no image posts, a pasted image is left alone', async () => {
    const { uploads } = fakeUploads();
    siteConfig.imagePostsDisabled = true;
    try {
      renderEditor();
      await communityLoaded();
      const event = pasteImage();
      expect(event.defaultPrevented).toBe(false);
      expect(tab('Text').getAttribute('aria-selected')).toBe('true');
      await settle();
      expect(uploads).toHaveLength(0);
    } finally {
      siteConfig.imagePostsDisabled = false;
    }
  });

  test('deleting an image asks first', async () => {
    fakeUploads();
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), [imageFile('one.png'), imageFile('two.png')]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete image 1' }));
    const dialog = screen.getByRole('dialog', { name: messages.posts.deleteImageConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The dialog gives the page back (aria-hidden lifted) once it has closed, a moment later on a busy machine.
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Delete image 1' }));
    await user.click(
      within(screen.getByRole('dialog', { name: messages.posts.deleteImageConfirm })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Delete image 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete image 2' })).toBeNull();
  });

  test('with requireAltText on, every image needs alt text', async () => {
    fakeUploads();
    const { user, api } = renderEditor({ user: { requireAltText: true } });
    await communityLoaded();
    await user.type(titleField(), 'Two pictures');
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), [imageFile('one.png'), imageFile('two.png')]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Alt text for image 1' }), 'First');
    await user.type(screen.getByRole('textbox', { name: 'Alt text for image 2' }), '   ');
    await user.click(submitButton());
    expect(problem()).toBe(messages.posts.altTextMissing);
    expect(api.requestsTo('POST /api/posts')).toHaveLength(0);
  });

  test('without requireAltText, images may go without it', async () => {
    fakeUploads();
    const { user, api } = renderEditor({
      user: { requireAltText: false },
      routes: { 'POST /api/posts': { body: makePost({ type: 'image' }) } },
    });
    await communityLoaded();
    await user.type(titleField(), 'A picture');
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), imageFile('one.png'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await user.click(submitButton());
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
  });

  test('alt text is saved at submit for the images that have some, then the post names the images in order', async () => {
    const first = makeImage();
    const second = makeImage();
    fakeUploads((_, i) => ({ image: i === 0 ? first : second }));
    const { user, api, currentPath } = renderEditor({
      routes: {
        [`PUT /api/images/${first.id}`]: { body: { ...first, altText: 'A red door' } },
        'POST /api/posts': {
          body: makePost({ type: 'image', communityName: 'gaming', publicId: 'Img00001' }),
        },
      },
    });
    await communityLoaded();
    await user.type(titleField(), 'Doors');
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), [imageFile('one.png'), imageFile('two.png')]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Alt text for image 1' }), ' A red door ');
    expect(screen.getByRole('textbox', { name: 'Alt text for image 1' }).getAttribute('placeholder')).toBe(
      messages.posts.altTextPlaceholder,
    );
    await user.click(submitButton());
    await waitFor(() => expect(currentPath()).toBe('/gaming/post/Img00001'));

    expect(api.requestsTo(`PUT /api/images/${first.id}`).map((r) => r.body)).toEqual([
      { altText: 'A red door' },
    ]);
    expect(api.requestsTo(`PUT /api/images/${second.id}`)).toHaveLength(0);
    const puts = api.requests.findIndex((r) => r.method === 'PUT');
    const post = api.requests.findIndex((r) => r.method === 'POST' && r.url === '/api/posts');
    expect(puts).toBeLessThan(post);
    expect(api.requestsTo('POST /api/posts')[0]!.body).toEqual({
      type: 'image',
      title: 'Doors',
      body: '',
      community: 'gaming',
      userGroup: 'normal',
      images: [
        { imageId: first.id, caption: '' },
        { imageId: second.id, caption: '' },
      ],
    });
  });

  test('alt text stops at 1024 characters', async () => {
    fakeUploads();
    const { user } = renderEditor();
    await communityLoaded();
    await user.click(tab('Image'));
    await user.upload(screen.getByLabelText(/Add photo/), imageFile('one.png'));
    const alt = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Alt text for image 1' });
    fireEvent.input(alt, { target: { value: 'a'.repeat(1100) } });
    expect(alt.value).toHaveLength(1024);
  });
});

describe('PostEditor: speaking officially', () => {
  test('a moderator of the community can speak as moderator', async () => {
    const modded = makeFullCommunity('modded', { userMod: true });
    const { user, api } = renderEditor({
      path: '/new?community=modded',
      routes: { ...pickerRoutes(modded), 'POST /api/posts': { body: makePost() } },
    });
    const box = await screen.findByRole('checkbox', { name: messages.posts.speakingAsMod });
    expect(screen.queryByRole('checkbox', { name: messages.posts.speakingAsAdmin })).toBeNull();
    await user.click(box);
    await user.type(titleField(), 'Official word');
    await user.click(submitButton());
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
    expect((api.requestsTo('POST /api/posts')[0]!.body as { userGroup: string }).userGroup).toBe('mods');
  });

  test('an admin can speak as admin anywhere; members see neither box', async () => {
    const { user, api } = renderEditor({
      user: { isAdmin: true },
      routes: { 'POST /api/posts': { body: makePost() } },
    });
    await communityLoaded();
    expect(screen.queryByRole('checkbox', { name: messages.posts.speakingAsMod })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: messages.posts.speakingAsAdmin }));
    await user.type(titleField(), 'Site news');
    await user.click(submitButton());
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
    expect((api.requestsTo('POST /api/posts')[0]!.body as { userGroup: string }).userGroup).toBe('admins');
  });

  test('members see no speaking boxes', async () => {
    renderEditor();
    await communityLoaded();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('PostEditor: leaving', () => {
  test('Cancel with nothing edited leaves at once', async () => {
    const { user, currentPath } = renderEditor();
    await communityLoaded();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentPath()).toBe('/gaming');
  });

  test('Cancel after editing asks "Are you sure you want to leave?"', async () => {
    const { user, currentPath } = renderEditor();
    await communityLoaded();
    await user.type(titleField(), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: messages.posts.leaveConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentPath()).toBe('/new?community=gaming');
    // The page stays hidden from the accessibility tree until Radix's effects clean up after the
    // dialog, which React may run a task later than the click.
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Half a thought');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: messages.posts.leaveConfirm })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(currentPath()).toBe('/gaming');
  });
});

describe('PostEditor: the community picker in the editor', () => {
  test('?community= preselects; choosing another shows its sidebar', async () => {
    const other = makeFullCommunity('other', { about: 'Something else.' });
    const { user } = renderEditor({ routes: pickerRoutes(gaming, other) });
    await communityLoaded();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Community' }).value).toBe('gaming');
    await pick(user, 'other');
    expect(await screen.findByRole('heading', { name: 'other', level: 2 })).toBeTruthy();
  });

  test('Submit pressed before the preselected community has arrived waits for it', async () => {
    const answer = deferred<Reply>();
    const { user, api } = renderEditor({
      routes: {
        'GET /api/communities/gaming?byName=true': () => answer.promise,
        'POST /api/posts': { body: makePost() },
      },
    });
    await user.type(titleField(), 'Typed before the community came');
    await user.click(submitButton());
    expect(screen.queryByRole('alert')).toBeNull();
    answer.resolve({ body: gaming });
    await waitFor(() => expect(api.requestsTo('POST /api/posts')).toHaveLength(1));
    expect((api.requestsTo('POST /api/posts')[0]!.body as { community: string }).community).toBe('gaming');
  });

  test('an unknown ?community= leaves the choice open', async () => {
    const { user } = renderEditor({
      path: '/new?community=nowhere',
      routes: { 'GET /api/communities/nowhere?byName=true': errorReply(404, 'community/not-found', 'x') },
    });
    await settle(50);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Community' }).value).toBe('');
    await user.click(submitButton());
    expect(problem()).toBe(messages.posts.selectCommunity);
  });
});

describe('PostEditor: editing', () => {
  const post = makePost({
    publicId: 'Edit0001',
    communityName: 'gaming',
    title: 'Old title',
    body: 'Old body',
    community: gaming,
  });

  function renderEdit(author: boolean, routes: Record<string, Route> = {}) {
    return renderEditor({
      path: '/new?edit=Edit0001',
      user: author ? { id: post.userId } : {},
      routes: { 'GET /api/posts/Edit0001?fetchCommunity=true': { body: post }, ...routes },
    });
  }

  test('loads the post; only title and body can change; PUT sends title, body and userGroup', async () => {
    const { user, api, currentPath } = renderEdit(true, {
      'PUT /api/posts/Edit0001': { body: { ...post, title: 'New title' } },
    });
    expect(await screen.findByRole('heading', { name: 'Edit post', level: 1 })).toBeTruthy();
    expect((titleField() as HTMLInputElement).value).toBe('Old title');
    for (const name of ['Text', 'Image', 'Link'] as const) expect(isDisabled(tab(name))).toBe(true);
    expect(isDisabled(screen.getByRole('combobox', { name: 'Community' }))).toBe(true);

    await user.clear(titleField());
    await user.type(titleField(), 'New title');
    await user.type(screen.getByRole('textbox', { name: /Body/ }), ' and more');
    await user.click(submitButton());
    await waitFor(() => expect(currentPath()).toBe('/gaming/post/Edit0001'));
    expect(api.requestsTo('PUT /api/posts/Edit0001')[0]!.body).toEqual({
      title: 'New title',
      body: 'Old body and more',
      userGroup: 'normal',
    });
  });

  test('the title rules hold when editing', async () => {
    const { user, api } = renderEdit(true);
    await screen.findByRole('heading', { name: 'Edit post', level: 1 });
    await user.clear(titleField());
    await user.click(submitButton());
    expect(problem()).toBe(messages.posts.titleEmpty);
    expect(api.requestsTo('PUT /api/posts/Edit0001')).toHaveLength(0);
  });

  test('Cancel without changes goes back to the post', async () => {
    const { user, currentPath } = renderEdit(true);
    await screen.findByRole('heading', { name: 'Edit post', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(currentPath()).toBe('/gaming/post/Edit0001');
  });

  test('someone else’s post cannot be edited', async () => {
    renderEdit(false);
    expect(await screen.findByRole('heading', { name: messages.common.forbiddenTitle })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  test('an unknown post shows the not-found page', async () => {
    renderEditor({
      path: '/new?edit=Gone0001',
      routes: { 'GET /api/posts/Gone0001?fetchCommunity=true': errorReply(404, 'post/not-found', 'x') },
    });
    expect(await screen.findByRole('heading', { name: messages.common.notFoundTitle })).toBeTruthy();
  });
});

describe('PostEditor: accessibility', () => {
  test('the tabs follow the tabs pattern: arrows move and select', async () => {
    const { user } = renderEditor();
    await communityLoaded();
    expect(screen.getByRole('tablist', { name: 'Post type' })).toBeTruthy();
    tab('Text').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Image'));
    expect(tab('Image').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Image').id);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Link'));
    expect(tab('Text').tabIndex).toBe(-1);
    expect(tab('Link').tabIndex).toBe(0);
  });

  test('the community list is not loaded until the picker opens', async () => {
    const { api } = renderEditor({ path: '/new' });
    await settle(300);
    expect(api.requestsTo('GET /api/communities?sort=size&limit=10')).toHaveLength(0);
  });
});
