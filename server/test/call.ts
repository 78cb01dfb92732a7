import type { TestApp } from './harness.ts';

/** An HTTP method the route tests send. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who sends a request: a registered user (or anything holding its login token), or the bare token. */
export type Caller = { loginToken: string } | string;

/**
 * A signed-in request sender for a suite: `const call = testCaller(() => app)`, then
 * `call('GET', '/api/events', owner)`. It takes a getter because suites build the app in
 * beforeAll, after the sender is declared.
 */
export function testCaller(getApp: () => TestApp) {
  return (method: Method, url: string, caller: Caller, payload?: object) =>
    getApp().fastify.inject({
      method,
      url,
      headers: { loginToken: typeof caller === 'string' ? caller : caller.loginToken },
      ...(payload ? { payload } : {}),
    });
}
