import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import Markdown from '../src/components/markdown/Markdown';
import { renderWithApp } from './render';

/**
 * happy-dom's IntersectionObserver never reports anything. This one records what is observed and lets
 * the test bring it into view.
 */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  disconnected = false;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.disconnected = true;
    this.targets.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Every observed element comes within the observer's margin. */
  static intersectAll() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.targets].map(
        (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

function renderMarkdown(text: string, embeds?: boolean) {
  return renderWithApp(<Markdown text={text} {...(embeds === undefined ? {} : { embeds })} />, {
    path: '/somewhere',
  });
}

const VIDEO_ID = 'dQw4w9WgXcQ';

describe('Markdown', () => {
  test('renders ordinary markdown', () => {
    renderMarkdown('# Title\n\nSome **bold** and _soft_ text.\n\n- one\n- two');
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeTruthy();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
  });

  test('raw HTML is not rendered', () => {
    const { container } = renderMarkdown(
      'Hello <b>world</b> <img src="https://tracker.example/p.gif">\n\n<script>alert(1)</script>\n\n<div onclick="x()">block</div>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.textContent).not.toContain('alert(1)');
    expect(container.textContent).toContain('Hello');
  });

  test.each([
    ['javascript', 'javascript:alert(1)'],
    ['JavaScript, mixed case', 'JaVaScRiPt:alert(1)'],
    ['data', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript', 'vbscript:msgbox(1)'],
  ])('a %s: link keeps its text but not its address', (_, href) => {
    renderMarkdown(`[click me](${href})`);
    const link = screen.getByText('click me').closest('a');
    const kept = link?.getAttribute('href') ?? '';
    expect(kept.toLowerCase()).not.toContain(href.split(':')[0]!.toLowerCase());
    expect(kept).not.toContain('alert');
  });

  test.each([
    'http://example.org/page',
    'https://example.org/page?q=1#top',
    'mailto:someone@example.org',
    'irc://irc.libera.chat/commons',
    'ircs://irc.libera.chat:6697/commons',
    'xmpp:room@conference.example.org?join',
  ])('a link to %s is kept', (href) => {
    renderMarkdown(`[link](${href})`);
    expect(screen.getByRole('link', { name: 'link' }).getAttribute('href')).toBe(href);
  });

  test('a relative link to this site navigates in the app, without a new tab', async () => {
    const { user, currentPath } = renderMarkdown('Read [the about page](/about).');
    const link = screen.getByRole('link', { name: 'the about page' });
    expect(link.getAttribute('href')).toBe('/about');
    expect(link.hasAttribute('target')).toBe(false);
    expect(link.hasAttribute('rel')).toBe(false);
    await user.click(link);
    expect(currentPath()).toBe('/about');
  });

  test('an absolute link to this host navigates in the app too', async () => {
    const { user, currentPath } = renderMarkdown(
      `See [guidelines](${window.location.origin}/guidelines?x=1#rules).`,
    );
    const link = screen.getByRole('link', { name: 'guidelines' });
    expect(link.hasAttribute('target')).toBe(false);
    await user.click(link);
    expect(currentPath()).toBe('/guidelines?x=1#rules');
  });

  test('a link to this host whose path starts with // is treated as the other site it leads to', () => {
    renderMarkdown(`[rules](${window.location.origin}//attacker.example/rules)`);
    const link = screen.getByRole('link', { name: 'rules' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer nofollow noopener');
  });

  test('an external link opens in a new tab with noreferrer and nofollow', () => {
    renderMarkdown('Go to [elsewhere](https://example.org/x) or https://other.example/y');
    for (const name of ['elsewhere', 'https://other.example/y']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      const rel = link.getAttribute('rel')!.split(' ');
      expect(rel).toContain('noreferrer');
      expect(rel).toContain('nofollow');
    }
  });

  test('a protocol-relative link is not mistaken for this site', () => {
    renderMarkdown('[sneaky](//evil.example/path)');
    expect(screen.getByRole('link', { name: 'sneaky' }).getAttribute('target')).toBe('_blank');
  });

  test.each([
    ['a watch link', `https://www.youtube.com/watch?v=${VIDEO_ID}`],
    ['a mobile watch link with a timestamp', `https://m.youtube.com/watch?v=${VIDEO_ID}&t=42`],
    ['a short-domain link', `https://youtu.be/${VIDEO_ID}`],
    ['a Shorts link', `https://youtube.com/shorts/${VIDEO_ID}`],
    ['a live link', `https://www.youtube.com/live/${VIDEO_ID}?feature=share`],
  ])('%s alone on a line becomes a lazy privacy-friendly embed', (_, url) => {
    const { container } = renderMarkdown(`Look at this:\n\n${url}\n\nNice, right?`);
    // Before it comes near the screen: a plain link, no frame.
    expect(container.querySelector('iframe')).toBeNull();
    const placeholder = screen.getByRole('link', { name: 'Video' });
    expect(placeholder.getAttribute('href')).toBe(url);
    expect(placeholder.getAttribute('target')).toBe('_blank');
    expect(container.querySelector('.embed')).not.toBeNull();

    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.options.rootMargin).toBe('200px');
    act(() => FakeIntersectionObserver.intersectAll());

    const frame = screen.getByTitle('Embedded video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
    expect(screen.queryByRole('link', { name: 'Video' })).toBeNull();
    expect(observer.disconnected).toBe(true);
    expect(screen.getByText('Look at this:')).toBeTruthy();
  });

  test('a named video link alone on a line is embedded as well', () => {
    renderMarkdown(`[my talk](https://youtu.be/${VIDEO_ID})`);
    expect(screen.getByRole('link', { name: 'Video' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'my talk' })).toBeNull();
  });

  test('a video link inside a sentence stays a link', () => {
    const { container } = renderMarkdown(`Watch https://youtu.be/${VIDEO_ID} now`);
    expect(container.querySelector('.embed')).toBeNull();
    expect(screen.getByRole('link', { name: `https://youtu.be/${VIDEO_ID}` })).toBeTruthy();
  });

  test('with embeds off a video link stays a plain link', () => {
    const url = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
    const { container } = renderMarkdown(url, false);
    act(() => FakeIntersectionObserver.intersectAll());
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('.embed')).toBeNull();
    const link = screen.getByRole('link', { name: url });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  test('a link to another video site is not embedded', () => {
    const { container } = renderMarkdown('https://vimeo.com/76979871');
    expect(container.querySelector('.embed')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://vimeo.com/76979871' })).toBeTruthy();
  });

  test('a markdown image is shown as a link to it, never as an image', () => {
    const { container } = renderMarkdown(
      '![a cat on a mat](https://images.example/cat.jpg)\n\n![](https://images.example/dog.jpg)',
    );
    expect(container.querySelector('img')).toBeNull();
    const named = screen.getByRole('link', { name: 'Image: a cat on a mat' });
    expect(named.getAttribute('href')).toBe('https://images.example/cat.jpg');
    expect(named.getAttribute('rel')!.split(' ')).toEqual(expect.arrayContaining(['noreferrer', 'nofollow']));
    expect(screen.getByRole('link', { name: 'https://images.example/dog.jpg' })).toBeTruthy();
  });

  test('GFM tables render', () => {
    renderMarkdown('| Name | Points |\n| --- | ---: |\n| alice | 12 |\n| bob | 7 |');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Points']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['alice', '12', 'bob', '7']);
  });

  test('GFM strikethrough renders', () => {
    const { container } = renderMarkdown('This is ~~wrong~~ right.');
    const struck = container.querySelector('del');
    expect(struck?.textContent).toBe('wrong');
  });
});
