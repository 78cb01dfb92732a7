import { describe, expect, it } from 'vitest';
import { coverSources } from './coverSources.ts';

describe('coverSources', () => {
  it('tries the cropped url first, then the full one', () => {
    expect(coverSources({ croppedUrl: '/media/c.jpg', url: '/media/f.jpg' })).toEqual([
      '/media/c.jpg',
      '/media/f.jpg',
    ]);
  });

  it('tries a url once, and nothing without a cover', () => {
    expect(coverSources({ croppedUrl: '/media/f.jpg', url: '/media/f.jpg' })).toEqual(['/media/f.jpg']);
    expect(coverSources(null)).toEqual([]);
  });
});
