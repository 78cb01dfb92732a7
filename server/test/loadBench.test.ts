import { readFileSync } from 'node:fs';
import { agendaItemFields, eventFieldsParam } from '@convene/contract';
import { describe, expect, it } from 'vitest';

describe('the load test (bench/)', () => {
  it("asks the agenda for the web app's row fields", () => {
    // bench/lib/load-data.mjs cannot import the contract's TypeScript, so it spells the list out.
    const source = readFileSync(new URL('../../bench/lib/load-data.mjs', import.meta.url), 'utf8');
    const spelled = /const AGENDA_FIELDS =\s*((?:'[^']*'\s*\+?\s*)+);/.exec(source)?.[1] ?? '';
    const fields = [...spelled.matchAll(/'([^']*)'/g)].map((part) => part[1]).join('');
    expect(fields.split(',')).toEqual([...agendaItemFields]);
    expect(eventFieldsParam.parse(fields)).toEqual([...agendaItemFields]);
  });
});
