/** A minimal browser stand-in over real HTTP: cookies, the CSRF token, JSON. */
export class Visitor {
  private cookies = new Map<string, string>();
  private token = '';

  constructor(private readonly base: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    if (!this.token && method !== 'GET') await this.request('GET', '/api/_initial');
    const response = await fetch(this.base + path, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': this.token,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
    this.token = response.headers.get('csrf-token') ?? this.token;
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json };
  }

  signup(username: string, password = 'password123') {
    return this.request('POST', '/api/_signup', { username, password, email: '' });
  }

  login(username: string, password = 'password123') {
    return this.request('POST', '/api/_login', { username, password });
  }
}
