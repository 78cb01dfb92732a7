import { describe, expect, it } from 'vitest';
import { type PrerenderMark, prerenderFits, type Visit } from './prerendered.ts';

const mark: PrerenderMark = { path: '/login', language: 'en' };
const visit: Visit = {
  pathname: '/login',
  search: '',
  hash: '',
  language: 'en',
  hasHistoryState: false,
  isSignedIn: false,
  isEmbedded: false,
};

describe('prerenderFits', () => {
  it('hydrates a signed-out visit of the bare path in the page’s language', () => {
    expect(prerenderFits(mark, visit)).toBe(true);
    expect(prerenderFits({ path: '/login', language: 'ro' }, { ...visit, language: 'ro' })).toBe(true);
  });

  it('draws afresh any visit whose first render differs from the prerendered one', () => {
    const differing: Partial<Visit>[] = [
      { pathname: '/register' },
      { language: 'ro' },
      { search: '?emailConfirmed=1' },
      { hash: '#top' },
      { hasHistoryState: true },
      { isSignedIn: true },
      { isEmbedded: true },
    ];
    for (const change of differing)
      expect(prerenderFits(mark, { ...visit, ...change }), JSON.stringify(change)).toBe(false);
  });
});
