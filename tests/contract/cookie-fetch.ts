/**
 * A `fetch` with its own cookie jar, so each HttpDataPort in a Node test is one browser: Node's
 * fetch sends no cookies by itself. Enough of RFC 6265 for one test host: name=value pairs,
 * dropped when the server expires them (Max-Age<=0, a past Expires, or an empty value).
 */
export interface CookieFetch {
  fetch: typeof globalThis.fetch;
  /** name → value, for assertions. */
  readonly jar: ReadonlyMap<string, string>;
}

export interface CookieFetchOptions {
  /** Sent with every request (an `x-forwarded-for`, to give each browser its own address). */
  headers?: Record<string, string>;
}

function applySetCookie(jar: Map<string, string>, header: string, now = Date.now()): void {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let expired = value === '';
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const attributeValue = rest.join('=').trim();
    if (key === 'max-age' && Number(attributeValue) <= 0) expired = true;
    if (key === 'expires' && Date.parse(attributeValue) <= now) expired = true;
  }
  if (expired) jar.delete(name);
  else jar.set(name, value);
}

export function createCookieFetch(options: CookieFetchOptions = {}): CookieFetch {
  const jar = new Map<string, string>();
  const cookieFetch: typeof globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    if (jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await globalThis.fetch(input, { ...init, headers });
    for (const header of response.headers.getSetCookie()) applySetCookie(jar, header);
    return response;
  };
  return { fetch: cookieFetch, jar };
}
