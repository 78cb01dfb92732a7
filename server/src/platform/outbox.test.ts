import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outbox } from '../db/schema/index.ts';

describe('outbox worker', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite');
  });
  afterAll(() => app.stop());

  it('delivers nothing in the background before it is started, then drains once started', async () => {
    await app.register();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await app.database.db.$count(outbox, isNull(outbox.doneAt))).toBe(1);
    app.ctx.outbox.start();
    for (let i = 0; i < 50 && (await app.database.db.$count(outbox, isNull(outbox.doneAt))) > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await app.database.db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
    expect((await app.mails()).length).toBe(1);
  });
});
