import { ui } from '@commons/shared';

/** An API answer the page's HTML carried (`<script type="application/json" data-api="/api/…">`). */
export interface EmbeddedAnswer {
  json: unknown;
  /** The session's CSRF token, on the block that stands for `_initial` (its answer header carries it). */
  csrfToken: string | null;
}

let answers: Map<string, EmbeddedAnswer> | null = null;
/** When the page began, on performance.now()'s clock: 0 in a browser, whose clock starts with the page. */
let pageStart = 0;

/** The address with its query in a fixed order, so that the server's and the client's spelling agree. */
function normalize(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function read(): Map<string, EmbeddedAnswer> {
  const found = new Map<string, EmbeddedAnswer>();
  if (typeof document === 'undefined') return found;
  for (const block of document.querySelectorAll<HTMLScriptElement>(
    'script[type="application/json"][data-api]',
  )) {
    try {
      found.set(normalize(block.dataset.api ?? ''), {
        json: JSON.parse(block.textContent ?? ''),
        csrfToken: block.dataset.csrfToken ?? null,
      });
    } catch {
      // A damaged block is as good as none: the client asks the API.
    }
    // Read once; the page's DOM need not keep the data.
    block.remove();
  }
  return found;
}

/**
 * The answer the page's HTML carried for `GET {url}` (an `/api/…` address with its query), once: the
 * first request for it is answered from the page, every later one goes to the API. Answers are only
 * good for the page's first moments (`ui.firstScreenDataMs` after the navigation began); a request
 * made later, or for an address the page did not carry (an old page, the service worker's shell, a
 * sort kept on this device), goes to the API as it always did.
 */
export function takeEmbeddedAnswer(url: string): EmbeddedAnswer | undefined {
  answers ??= read();
  if (answers.size === 0) return undefined;
  if (performance.now() - pageStart > ui.firstScreenDataMs) {
    answers.clear();
    return undefined;
  }
  const key = normalize(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/**
 * The server's render of a first screen (entry-server.tsx): the answers it is about to send in the
 * page, in place of the document's blocks, so that its markup is what the client's first render gives.
 * A render is synchronous: one page's answers are set, the page rendered, then cleared.
 */
export function serveEmbeddedAnswers(entries: { url: string; json: unknown }[] | null): void {
  answers = entries
    ? new Map(entries.map((entry) => [normalize(entry.url), { json: entry.json, csrfToken: null }]))
    : null;
  pageStart = performance.now();
}

/**
 * For tests: read the document's blocks again, as a page that begins now (component tests share one
 * process and its clock, which started long before the test).
 */
export function resetEmbeddedAnswers(): void {
  answers = null;
  pageStart = performance.now();
}
