// A tiny cookie-keeping client for the public API, as a browser would use it (CSRF token echoed on writes).
// What it sends as credentials or personal data, and the session cookies it gets, are remembered as secrets that
// no log line may hold (log-hygiene.ts).
import { suiteFetch } from './client-address.ts';
import { rememberSecret } from './log-hygiene.ts';

const PERSONAL_FIELDS = ['email', 'password', 'fullname', 'currentPassword', 'oldPassword', 'newPassword'];

export interface Response<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  private readonly lang: string;

  constructor(base: string, lang = 'en') {
    this.base = base;
    this.lang = lang;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (name === 'pc_su' && value) rememberSecret(value);
    }
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    if (method !== 'GET' && !this.cookies.has('pc_csrf')) await this.request('GET', '/api/csrf');
    if (body && typeof body === 'object') {
      const fields = body as Record<string, unknown>;
      rememberSecret(
        ...PERSONAL_FIELDS.map((field) => (typeof fields[field] === 'string' ? fields[field] : undefined)),
      );
    }
    const response = await suiteFetch(`${this.base}${path}`, {
      method,
      headers: {
        'accept-language': this.lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('pc_csrf') ?? '' } : {}),
        ...headers,
      },
      // Bytes (an upload) as they are, with the caller's content type; text as it is; anything else as JSON.
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || body instanceof Uint8Array
            ? (body as string | Uint8Array<ArrayBuffer>)
            : JSON.stringify(body),
      redirect: 'manual',
    });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}
