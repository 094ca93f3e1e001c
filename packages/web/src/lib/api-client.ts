import { messages, type ErrorBody } from '@commons/shared';
import { takeEmbeddedAnswer } from './first-screen';
import { storage } from './storage';

/** A non-OK answer from the API, or a request that never reached it (`status` 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.message ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.body = body;
  }
}

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The CSRF token: from device storage, else the csrftoken cookie (API.md §3.2). */
export function csrfToken(): string {
  return storage.get('csrftoken') ?? cookie('csrftoken') ?? '';
}

/**
 * Every API answer carries the session's token; keep the latest (login issues a new one). From an
 * answer marked `public`, only when it is this browser's own (its `csrftoken` cookie): a shared cache
 * that did not honour the answer's `Vary: Cookie` could have stored it for another guest, whose token
 * would then replace this session's and fail its next write. The cookie follows the session whatever
 * request renewed it (a page, an icon), so a guest's own token is still taken from such an answer.
 */
function rememberCsrfToken(token: string | null, cacheControl: string | null): void {
  if (!token) return;
  if (/\bpublic\b/u.test(cacheControl ?? '') && token !== cookie('csrftoken')) return;
  storage.set('csrftoken', token);
}

/** JSON, or null for an empty or non-JSON body (a proxy's error page). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The error of a non-OK answer, JSON call or upload alike; null when the answer is OK. */
function failure(status: number, json: unknown): ApiError | null {
  return status >= 200 && status <= 299 ? null : new ApiError(status, json as ErrorBody | null);
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The answer to `GET /api{path}` that the page's HTML carried for its first screen, once (see
 * lib/first-screen.ts), with its CSRF token remembered as a real answer's would be; else undefined.
 */
export function embeddedAnswer<T>(path: string, query?: Query): T | undefined {
  const answer = takeEmbeddedAnswer(withQuery(`/api${path}`, query));
  if (!answer) return undefined;
  rememberCsrfToken(answer.csrfToken, null); // the page is private: its own session
  return answer.json as T;
}

/**
 * Calls `/api{path}` and returns its JSON, or throws ApiError. The first GET of an address the page's
 * HTML answered is answered from it, with no request.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if ((options.method ?? 'GET') === 'GET' && options.body === undefined) {
    const embedded = embeddedAnswer<T>(path, options.query);
    if (embedded !== undefined) return embedded;
  }
  let response: Response;
  try {
    response = await fetch(withQuery(`/api${path}`, options.query), {
      method: options.method ?? 'GET',
      headers: {
        'X-Csrf-Token': csrfToken(),
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  rememberCsrfToken(response.headers.get('Csrf-Token'), response.headers.get('Cache-Control'));
  const json = parseJson(await response.text().catch(() => ''));
  const error = failure(response.status, json);
  if (error) throw error;
  return json as T;
}

export interface UploadOptions {
  /** Called as the body goes out with the share sent so far, 0 to 1; with 1 once the server accepted it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Posts a multipart form to `/api{path}` and returns the JSON answer, or throws ApiError as `api` does
 * (status 0 when the request never arrived), with the same CSRF token. It goes through XMLHttpRequest
 * because fetch cannot report upload progress; aborting rejects with an AbortError.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('Upload aborted', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      rememberCsrfToken(xhr.getResponseHeader('Csrf-Token'), xhr.getResponseHeader('Cache-Control'));
      const json = parseJson(xhr.responseText);
      const error = failure(xhr.status, json);
      if (error) {
        reject(error);
        return;
      }
      onProgress?.(1);
      resolve(json as T);
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, null));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(aborted());
    });

    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('X-Csrf-Token', csrfToken());
    xhr.send(form);
  });
}

/** The specification's generic texts for a failed call (core §8). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return messages.common.slowDown;
    if (error.status === 0) return messages.common.networkError;
  }
  return messages.common.somethingWentWrong;
}
