/** A tiny signed-in admin client for route tests. */
import type { TestContext } from '../helpers.ts';
import { ORIGIN, loginAs } from '../helpers.ts';

export async function adminClient(t: TestContext) {
  const cookie = await loginAs(t.app, 'admin');
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    cookie,
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown = {}) => send('POST', url, body),
    put: (url: string, body: unknown) => send('PUT', url, body),
    patch: (url: string, body: unknown) => send('PATCH', url, body),
    del: (url: string) => send('DELETE', url),
  };
}
