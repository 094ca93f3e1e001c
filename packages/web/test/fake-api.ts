import { vi } from 'vitest';
import type { ErrorBody } from '@commons/shared';

/**
 * A stand-in for the server at the edge of the client: `globalThis.fetch` answers the contract's JSON
 * for the exact requests a test expects, and records every request so the test can check what was sent.
 */
export interface RecordedRequest {
  method: string;
  /** The URL exactly as the client passed it, e.g. `/api/users/alice`. */
  url: string;
  headers: Headers;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The request never reaches the server (fetch rejects, as browsers do when offline). */
export const networkError = { networkError: true } as const;

type Answer = Reply | typeof networkError;
/** One answer; a list answered in turn (the last one repeats); or a function of the request. */
export type Route = Answer | Answer[] | ((request: RecordedRequest) => Answer | Promise<Answer>);

export interface FakeApi {
  requests: RecordedRequest[];
  /** Requests no route matched; they were answered with 501. */
  unhandled: RecordedRequest[];
  /** Requests to `"METHOD /url"`. */
  requestsTo(key: string): RecordedRequest[];
}

/** An error answer in the contract's shape (API.md §4.1). */
export function errorReply(status: number, code: string | undefined, message: string): Reply {
  const body: ErrorBody = code === undefined ? { status, message } : { status, code, message };
  return { status, body };
}

function record(input: RequestInfo | URL, init: RequestInit | undefined): RecordedRequest {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let body: unknown;
  if (typeof init?.body === 'string') {
    try {
      body = JSON.parse(init.body);
    } catch {
      body = init.body;
    }
  }
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url,
    headers: new Headers(init?.headers),
    body,
  };
}

function respond(answer: Answer): Response {
  if ('networkError' in answer) throw new TypeError('Failed to fetch');
  const status = answer.status ?? 200;
  const text = answer.body === undefined ? null : JSON.stringify(answer.body);
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json', ...answer.headers },
  });
}

/**
 * Replaces fetch with one that answers `routes`, keyed `"METHOD /api/path?query"` (exact match). The
 * setup file restores the real fetch after each test.
 */
export function fakeApi(routes: Record<string, Route>): FakeApi {
  const requests: RecordedRequest[] = [];
  const unhandled: RecordedRequest[] = [];
  const turns = new Map<string, number>();

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = record(input, init);
    requests.push(request);
    const key = `${request.method} ${request.url}`;
    const route = routes[key];
    if (route === undefined) {
      unhandled.push(request);
      return respond(errorReply(501, undefined, `Not stubbed: ${key}`));
    }
    if (typeof route === 'function') return respond(await route(request));
    if (Array.isArray(route)) {
      const turn = turns.get(key) ?? 0;
      turns.set(key, turn + 1);
      return respond(route[Math.min(turn, route.length - 1)]!);
    }
    return respond(route);
  };

  vi.stubGlobal('fetch', vi.fn(fetch));
  return {
    requests,
    unhandled,
    requestsTo: (key) => requests.filter((r) => `${r.method} ${r.url}` === key),
  };
}

/** A promise with its resolve exposed, for answers a test releases when it chooses. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
