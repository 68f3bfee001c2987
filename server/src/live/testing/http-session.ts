// A logged-in HTTP client of a real server (cookies, CSRF header), on a
// keep-alive agent so that bursts and benchmarks reuse their connections.
import http from 'node:http';

export type HttpResult<T = unknown> = { status: number; body: T };

export class HttpSession {
  readonly cookies: Record<string, string> = {};
  private readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets = 16,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  static async login(baseUrl: string, username: string, password = 'gas-demo', maxSockets = 16) {
    const session = new HttpSession(baseUrl, maxSockets);
    await session.request('GET', '/api/ext-user/whoami/');
    const res = await session.request('POST', '/api/auth/login/', { username, password });
    if (res.status !== 200) {
      throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return session;
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown) {
    return this.request<T>('POST', path, body);
  }

  /** Every item of a paginated list, following `next`. */
  async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    let next: string | null = path;
    while (next) {
      const res: HttpResult<{ results: T[]; next: string | null }> = await this.get(next);
      if (res.status !== 200) throw new Error(`GET ${next}: ${res.status}`);
      out.push(...res.body.results);
      next = res.body.next ? new URL(res.body.next).pathname + new URL(res.body.next).search : null;
    }
    return out;
  }

  request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<HttpResult<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {
      ...extraHeaders,
      cookie: Object.entries(this.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (method !== 'GET' && this.cookies.csrftoken) headers['x-csrftoken'] = this.cookies.csrftoken;
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(path, this.baseUrl),
        { method, headers, agent: this.agent },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const eq = pair!.indexOf('=');
            const name = pair!.slice(0, eq).trim();
            const value = pair!.slice(eq + 1).trim();
            if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) {
              delete this.cookies[name];
            } else this.cookies[name] = value;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON: kept as text.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed as T });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
