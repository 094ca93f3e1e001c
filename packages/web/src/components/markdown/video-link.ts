const ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a link to the video site: watch pages, Shorts, live streams and the short domain
 * (core §5). Null for anything else.
 */
export function videoId(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(shorts|live)\/([^/]+)/.exec(url.pathname);
      id = match?.[2] ?? null;
    }
  }
  return id && ID.test(id) ? id : null;
}
