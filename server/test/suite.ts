import { afterAll, beforeAll } from 'vitest';
import { testCaller } from './call.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** A user as the harness registers them (with their login token and password). */
export type TestUser = Awaited<ReturnType<TestApp['register']>>;

/**
 * The set-up route suites share: the real app over a fresh database and a first user, the owner
 * of what the suite creates. Both objects are returned at once, for destructuring at the top of
 * a `describe`, and filled in by its `beforeAll`; `afterAll` stops the app. `call` sends
 * signed-in requests to it.
 */
export function useTestApp(
  kind: 'pglite' | 'postgres',
  options: { ownerName?: string; env?: Record<string, string> } = {},
) {
  const app = {} as TestApp;
  const owner = {} as TestUser;
  beforeAll(async () => {
    // The harness's app and user are plain objects whose methods close over their state.
    Object.assign(app, await createTestApp(kind, { env: options.env }));
    Object.assign(owner, await app.register({ name: options.ownerName }));
  });
  afterAll(() => app.stop());
  return { app, owner, call: testCaller(() => app) };
}
