import { useEffect } from 'react';
import type { FeedLink } from '@commons/shared/texts/feeds';

const SELECTOR = 'link[rel="alternate"][type="application/atom+xml"]';

/**
 * Keeps the head's Atom feed links those of the page shown: the server writes them into the HTML of
 * the first page (web/page-meta.ts), and after a navigation in the app they must follow, or a browser
 * extension or the reader's "subscribe" button offers the previous page's feed. Every feed link goes
 * when the page mounts (the server's too), the page's own when it leaves, so a page without a feed
 * has none. Empty `feeds` (a page still loading, a private list): none.
 */
export function useFeedLinks(feeds: readonly FeedLink[]): void {
  // By value: callers build the array on every render.
  const key = feeds.map((feed) => `${feed.href}\n${feed.title}`).join('\n');
  useEffect(() => {
    for (const old of document.head.querySelectorAll(SELECTOR)) old.remove();
    const added = feeds.map((feed) => {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = 'application/atom+xml';
      link.title = feed.title;
      link.href = new URL(feed.href, window.location.origin).toString();
      document.head.append(link);
      return link;
    });
    return () => {
      for (const link of added) link.remove();
    };
    // `key` stands for `feeds`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
