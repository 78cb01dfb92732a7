import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type RenderDoc = (results: object, machine: object, previousDoc: string) => string;

const docUrl = new URL('../../docs/PERFORMANCE.md', import.meta.url);
/** Every marked block of the page: its name, and its text with the markers. */
const blocks = (doc: string) =>
  [...doc.matchAll(/<!-- ([a-z-]+):begin -->[\s\S]*?<!-- \1:end -->/g)].map((match) => ({
    name: match[1],
    text: match[0],
  }));

describe('docs/PERFORMANCE.md as `npm run bench` rewrites it (bench/lib/report.mjs)', () => {
  it('keeps the hand-written notes and every section the run did not measure, as they were', async () => {
    const { renderPerformanceDoc } = (await import(
      new URL('../../bench/lib/report.mjs', import.meta.url).href
    )) as { renderPerformanceDoc: RenderDoc };
    const previous = readFileSync(docUrl, 'utf8');
    // A run of the default bench: starts, memory and stop only (no PostgreSQL, chat, streams, load or faults).
    const results = { startMs: [900, 950, 1000], firstStartMs: 4000, stopMs: 50, options: { idle: 10 } };
    const machine = {
      date: '2026-11-28',
      commit: 'abc1234',
      cores: 2,
      cpu: 'CPU',
      memory: '24 GB',
      system: 'Linux',
      node: 'v20',
      load: '0.1',
    };
    const rewritten = renderPerformanceDoc(results, machine, previous);

    const kept = blocks(previous);
    expect(kept.map((block) => block.name)).toEqual(
      expect.arrayContaining([
        'footprint',
        'restart',
        'agenda',
        'chat',
        'streams',
        'streams-notes',
        'load',
        'load-notes',
        'faults',
      ]),
    );
    for (const block of kept) expect(rewritten, block.name).toContain(block.text);
  });
});
