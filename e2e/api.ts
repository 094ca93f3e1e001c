import { createHash } from 'node:crypto';
import { captchaToken } from '../packages/shared/src/captcha';
import type { CaptchaChallenge } from '../packages/shared/src/schemas/types';

export const PASSWORD = 'correct horse';

/**
 * A visitor speaking the HTTP contract directly, as any client would: keeps its cookies and sends the
 * CSRF token of the last Csrf-Token header. Tests use it to set up a state (points, bans, settings)
 * before the journey they check in the browser.
 */
export class ApiVisitor {
  private readonly cookies = new Map<string, string>();
  private csrfToken = '';

  constructor(readonly baseURL: string) {}

  async request<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const token = res.headers.get('csrf-token');
    if (token) this.csrfToken = token;
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json: json as T };
  }

  /** Like request, but anything other than a 2xx throws with the answer. */
  async ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const { status, json } = await this.request<T>(method, path, body);
    if (status < 200 || status > 299) {
      throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(json)}`);
    }
    return json;
  }

  async signUp(username: string, password = PASSWORD): Promise<this> {
    await this.request('GET', '/api/_initial');
    const challenge = await this.ok<CaptchaChallenge>('GET', '/api/_captcha');
    const number = solveProofOfWork(challenge);
    await this.ok('POST', '/api/_signup', {
      username,
      password,
      email: '',
      captchaToken: captchaToken(challenge, number),
    });
    return this;
  }

  async logIn(username: string, password = PASSWORD): Promise<this> {
    await this.request('GET', '/api/_initial');
    await this.ok('POST', '/api/_login', { username, password });
    return this;
  }
}

/**
 * The number whose SHA-256 with the challenge's salt is the challenge: what the signup form's worker
 * finds. Synchronous hashing finds it ~20× faster than altcha-lib's solver (a WebCrypto digest awaited per
 * number), which cost about a second of every account a journey made.
 */
function solveProofOfWork(challenge: CaptchaChallenge): number {
  if (challenge.algorithm !== 'SHA-256')
    throw new Error(`Unexpected captcha algorithm ${challenge.algorithm}`);
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) return n;
  }
  throw new Error('The captcha challenge has no solution below its maxnumber.');
}

/** Creates an account through the real API and returns it logged in. */
export function createAccount(baseURL: string, username: string, password = PASSWORD): Promise<ApiVisitor> {
  return new ApiVisitor(baseURL).signUp(username, password);
}
