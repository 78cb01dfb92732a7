import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.join(import.meta.dirname, '..');

/** Every non-test TypeScript file of server/src, with its text. */
async function readSources(): Promise<Array<{ file: string; text: string }>> {
  const entries = await fs.readdir(sourceRoot, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => ({
      file: path.relative(sourceRoot, file),
      text: await fs.readFile(file, 'utf8'),
    })),
  );
}

/** Realtime leaves by one route (DESIGN.md §6): recordRealtime → outbox → deliverRealtime. */
describe('the one realtime route', () => {
  it('writes realtime outbox rows only through recordRealtime', async () => {
    const writers = (await readSources())
      .filter(
        ({ text }) =>
          /add(?:Many)?ToOutbox\([^,]+,\s*'realtime'/.test(text) || /kind:\s*'realtime'/.test(text),
      )
      .map(({ file }) => file);
    expect(writers).toEqual([path.join('platform', 'realtimeOutbox.ts')]);
  });

  it('publishes on the hub only in deliverRealtime', async () => {
    const publishers = (await readSources())
      .filter(({ text }) => /hub\.publish\b/.test(text))
      .map(({ file }) => file);
    expect(publishers).toEqual([path.join('platform', 'realtimeOutbox.ts')]);
  });
});
