import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import Markdown from '../src/components/markdown/Markdown';
import {
  CommunityAboutCard,
  CommunityRulesCard,
} from '../src/features/communities/components/CommunityDetails';
import { PostCard } from '../src/features/posts/components/PostCard';
import { PostView } from '../src/features/posts/components/PostView';
import { ProfileComment } from '../src/features/profiles/components/ProfileComment';
import { ProfileHeader } from '../src/features/profiles/components/ProfileHeader';
import { makeUser } from './fixtures';
import { makeComment, makeFullCommunity, makePost } from './post-fixtures';
import { renderWithApp } from './render';

/**
 * Text people write takes the direction of its own script (dir="auto"), so Hebrew or Arabic reads right
 * to left with its punctuation in place, whatever the page's direction.
 */
const HEBREW_TITLE = 'שלום לכולם!';
const ARABIC_BODY = 'مرحبا بالجميع.';

/** The element holding `text` directly, or the nearest one around it that sets a direction. */
function directionOf(text: string): string | null {
  const element = screen.getByText(text);
  return element.closest('[dir]')?.getAttribute('dir') ?? null;
}

describe('right-to-left user text gets dir="auto"', () => {
  test('post titles in cards, compact cards and the post page; bodies in cards', async () => {
    const post = makePost({ title: HEBREW_TITLE, body: ARABIC_BODY });
    const card = renderWithApp(<PostCard post={post} />);
    expect(screen.getByRole('heading', { name: HEBREW_TITLE }).getAttribute('dir')).toBe('auto');
    expect(directionOf(ARABIC_BODY)).toBe('auto');
    // Once the markdown has loaded, its paragraph has its own direction.
    expect((await screen.findByText(ARABIC_BODY, { selector: 'p' })).getAttribute('dir')).toBe('auto');
    card.unmount();

    const compact = renderWithApp(<PostCard post={post} layout="compact" />);
    expect(screen.getByRole('heading', { name: HEBREW_TITLE }).getAttribute('dir')).toBe('auto');
    compact.unmount();

    renderWithApp(<PostView post={post} community={undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: HEBREW_TITLE }).getAttribute('dir')).toBe('auto');
    expect(directionOf(ARABIC_BODY)).toBe('auto');
  });

  test('link post titles', () => {
    const post = makePost({
      type: 'link',
      title: HEBREW_TITLE,
      body: null,
      link: { url: 'https://example.org/a', hostname: 'example.org', image: null },
    });
    renderWithApp(<PostCard post={post} />);
    expect(screen.getByRole('heading', { name: HEBREW_TITLE }).getAttribute('dir')).toBe('auto');
  });

  test('markdown: each paragraph, list and heading, and the whole text', () => {
    const { container } = renderWithApp(
      <Markdown text={`# ${HEBREW_TITLE}\n\n${ARABIC_BODY}\n\n- one\n- two\n\n> quoted`} />,
    );
    const root = container.firstElementChild!;
    expect(root.getAttribute('dir')).toBe('auto');
    for (const selector of ['h1', 'p', 'ul', 'blockquote']) {
      expect(root.querySelector(selector)?.getAttribute('dir'), selector).toBe('auto');
    }
  });

  test('a quote of right-to-left words reads right to left, its bar on their side', () => {
    // dir="auto" would skip the quote's paragraph (which has a dir of its own) and find no letter.
    const { container } = renderWithApp(
      <Markdown
        text={`> ${ARABIC_BODY}

> “Quoted” words`}
      />,
    );
    const [arabic, english] = [...container.querySelectorAll('blockquote')];
    expect(arabic!.getAttribute('dir')).toBe('rtl');
    expect(english!.getAttribute('dir')).toBe('auto');
  });

  test("a profile's about text and the comments of its feed, with their posts' titles", async () => {
    const user = makeUser({ username: 'dana', aboutMe: ARABIC_BODY });
    const about = renderWithApp(<ProfileHeader user={user} />);
    expect(directionOf(ARABIC_BODY)).toBe('auto');
    expect(document.getElementById('profile-about')!.getAttribute('dir')).toBe('auto');
    about.unmount();

    const post = makePost();
    const comment = { ...makeComment(post, { body: ARABIC_BODY }), postTitle: HEBREW_TITLE };
    renderWithApp(<ProfileComment comment={comment} />);
    expect(screen.getByRole('link', { name: HEBREW_TITLE }).getAttribute('dir')).toBe('auto');
    expect(directionOf(ARABIC_BODY)).toBe('auto');
    expect((await screen.findByText(ARABIC_BODY, { selector: 'p' })).getAttribute('dir')).toBe('auto');
  });

  test("a community's about text and its rules", () => {
    const community = makeFullCommunity('hebrew', {
      about: ARABIC_BODY,
      rules: [
        {
          id: 1,
          rule: HEBREW_TITLE,
          description: 'תיאור הכלל.',
          communityId: '00000000000000000000c0de',
          zIndex: 0,
          createdBy: '00000000000000000000beef',
          createdAt: '2025-01-01T00:00:00Z',
        },
      ],
    });
    const about = renderWithApp(<CommunityAboutCard community={community} />);
    expect(directionOf(ARABIC_BODY)).toBe('auto');
    about.unmount();
    renderWithApp(<CommunityRulesCard community={community} />);
    expect(screen.getByText(HEBREW_TITLE).getAttribute('dir')).toBe('auto');
    expect(screen.getByText('תיאור הכלל.').getAttribute('dir')).toBe('auto');
  });
});
