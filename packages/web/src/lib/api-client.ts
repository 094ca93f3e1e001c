import { messages, type ErrorBody } from '@commons/shared';
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

/** Every API response carries the session's token; keep the latest (login issues a new one). */
export function rememberCsrfToken(response: Response): void {
  const token = response.headers.get('Csrf-Token');
  if (token) storage.set('csrftoken', token);
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

/** Calls `/api{path}` and returns its JSON, or throws ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
  rememberCsrfToken(response);
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, json as ErrorBody | null);
  return json as T;
}

/** The specification's generic texts for a failed call (core §8). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return messages.common.slowDown;
    if (error.status === 0) return messages.common.networkError;
  }
  return messages.common.somethingWentWrong;
}
